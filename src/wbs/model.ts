import { isWbsId, wbsDepth } from './id.js';

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
  /** 1 at the first entry of each well-formed id. */
  good: Uint8Array;
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
  // Arrays grow by push: `new Array(n)` past ~100k elements gives slow dictionary elements in V8.
  const ids: (string | undefined)[] = [];
  const byId = new Map<string, number>();
  const good = new Uint8Array(n);
  const depth = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const e = items[i];
    const id = isObject(e) && typeof e.id === 'string' ? e.id : undefined;
    ids.push(id);
    if (id === undefined || byId.has(id)) continue;
    byId.set(id, i);
    if (isWbsId(id)) {
      good[i] = 1;
      depth[i] = wbsDepth(id);
    }
  }
  const tree: number[][] = [];
  const buckets: number[][] = [[], [], [], []];
  const seen = new Int32Array(n).fill(-1);
  for (let i = 0; i < n; i++) {
    const kids: number[] = [];
    tree.push(kids);
    if (good[i] === 0) continue;
    const id = ids[i]!;
    buckets[depth[i]!]!.push(i);
    const children = (items[i] as Loose).children;
    if (!Array.isArray(children)) continue;
    for (const c of children) {
      if (typeof c !== 'string') continue;
      const j = byId.get(c);
      // a valid link: the child's id is this id plus one more component
      if (j !== undefined && seen[j] !== i && good[j] === 1 && depth[j] === depth[i]! + 1 && c.startsWith(id) && c.charCodeAt(id.length) === 46) {
        seen[j] = i;
        kids.push(j);
      }
    }
  }
  return { items, ids, byId, good, tree, deepestFirst: [...buckets[3]!, ...buckets[2]!, ...buckets[1]!] };
}

/** True when `list[k]` already occurs before position k (small lists: no Set allocated). */
export function seenBefore(list: readonly unknown[], k: number, set?: Set<unknown>): boolean {
  if (set !== undefined) {
    if (set.has(list[k])) return true;
    set.add(list[k]);
    return false;
  }
  const i = list.indexOf(list[k]);
  return i !== -1 && i < k;
}
