import { isWbsId, wbsDepth, wbsParent } from './id.js';

/** An index entry or entity file as read: any JSON object. */
export type Loose = Record<string, unknown>;

/** Entity files keyed by path relative to the memory directory (`tasks/1.2.json`), or a list of entities. */
export type TaskFiles = Readonly<Record<string, unknown>> | readonly unknown[];

export const isObject = (v: unknown): v is Loose => v !== null && typeof v === 'object' && !Array.isArray(v);
export const own = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);

/** The strings of an array field (non-strings dropped); `[]` when absent or not an array. */
export function strings(e: Loose, key: string): string[] {
  const v = e[key];
  if (!Array.isArray(v)) return [];
  return v.filter((x): x is string => typeof x === 'string');
}

/** The index as the checks see it: entries, the first entry of each id, and valid tree links. */
export interface Model {
  /** `tasks` of the index (every item, objects or not). */
  items: readonly unknown[];
  /** The id of item i when it is an object with a string id, else undefined. */
  ids: (string | undefined)[];
  /** Position of the first entry with each id. */
  byId: Map<string, number>;
  /**
   * For item i, the positions of listed children that exist and whose id derives
   * from item i's id (`1.2` → `1.2.x`): the links roll-up and progress follow.
   * Only filled for the first entry of an id.
   */
  tree: number[][];
  /** Item positions ordered deepest first (children before their parents). */
  deepestFirst: number[];
}

/** Builds the {@link Model} of an index's `tasks` array. */
export function buildModel(items: readonly unknown[]): Model {
  const n = items.length;
  const ids: (string | undefined)[] = new Array(n);
  const byId = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const e = items[i];
    const id = isObject(e) && typeof e.id === 'string' ? e.id : undefined;
    ids[i] = id;
    if (id !== undefined && !byId.has(id)) byId.set(id, i);
  }
  const tree: number[][] = new Array(n);
  const buckets: number[][] = [[], [], [], []];
  const seen = new Int32Array(n).fill(-1);
  for (let i = 0; i < n; i++) {
    tree[i] = [];
    const id = ids[i];
    if (id === undefined || byId.get(id) !== i) continue;
    const d = isWbsId(id) ? wbsDepth(id) : 0;
    buckets[d]!.push(i);
    for (const c of strings(items[i] as Loose, 'children')) {
      const j = byId.get(c);
      if (j !== undefined && seen[j] !== i && isWbsId(c) && wbsParent(c) === id) {
        seen[j] = i;
        tree[i]!.push(j);
      }
    }
  }
  return { items, ids, byId, tree, deepestFirst: [...buckets[3]!, ...buckets[2]!, ...buckets[1]!] };
}
