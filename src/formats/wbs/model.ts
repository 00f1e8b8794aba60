import { isWbsId, wbsDepth } from './id.js';

import { type Loose, isObject } from '../../kernel/object.js';

export { type Loose, isObject };

/** Entity files keyed by path relative to the memory directory (`tasks/1.2.json`), or a list of entities. */
export type TaskFiles = Readonly<Record<string, unknown>> | readonly unknown[];

export const own = (o: object, k: string): boolean => Object.hasOwn(o, k);

/** The strings of an array field (non-strings dropped); `[]` when absent or not an array. */
export function strings(e: Loose, key: string): string[] {
  const v = e[key];
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

/** What {@link Model.find} returns, and a resolved list holds, for an id that is not in the index. */
export const MISSING = -1;
/** In a resolved list ({@link Model.children}, {@link Model.deps}): the listed value is not a string. */
export const NOT_STRING = -2;

/** The index as the checks see it: entries, the first entry of each id (the one every lookup finds), and the roll-up tree. */
export interface Model {
  /** `tasks` of the index (every item, objects or not). */
  items: readonly unknown[];
  /** The id of item i when it is an object with a string id, else undefined. */
  ids: (string | undefined)[];
  /** The position of the first entry of each id: the one id lookup. */
  byId: Map<string, number>;
  /** The position of the first entry with id `id`, or {@link MISSING}. */
  find(id: string): number;
  /** True at the first entry of each id. */
  first(i: number): boolean;
  /** Each first entry's `children` as positions, {@link MISSING} or {@link NOT_STRING}, in list order. */
  children: number[][];
  /** The depth (1 to 3) of each first entry whose id is well-formed, else 0. */
  depth: Uint8Array;
  /** For item i, its listed children one id component deeper (`1.2` → `1.2.x`), once each: the links roll-up and progress follow. */
  kids: number[][];
  /** For item j, the item that has it in {@link Model.kids}, or -1. */
  treeParent: Int32Array;
  /** True when every id is well-formed: digits and dots, so no two ids are look-alikes. */
  wellFormed: boolean;
}

const NONE: number[] = [];

/** The ids of items ({@link Model.ids}) and the position of the first entry of each ({@link Model.byId}). */
export function indexIds(items: readonly unknown[]): Pick<Model, 'ids' | 'byId'> {
  const ids = items.map((e) => (isObject(e) && typeof e.id === 'string' ? e.id : undefined));
  const byId = new Map<string, number>();
  // From the last entry to the first, so that the first entry of an id is the one kept: one Map operation per entry.
  for (let i = ids.length - 1; i >= 0; i--) if (ids[i] !== undefined) byId.set(ids[i]!, i);
  return { ids, byId };
}

/** Builds the {@link Model} of an index's `tasks` array. */
export function buildModel(items: readonly unknown[]): Model {
  const n = items.length;
  const { ids, byId } = indexIds(items);
  const first = new Uint8Array(n);
  const depth = new Uint8Array(n);
  let wellFormed = true;
  byId.forEach((i, id) => {
    first[i] = 1;
    if (isWbsId(id)) depth[i] = wbsDepth(id);
    else wellFormed = false;
  });
  const find = (id: string) => byId.get(id) ?? MISSING;
  const children = items.map((e, i) => (first[i] === 1 ? resolve(find, (e as Loose).children) : NONE));

  // Only one item can be a child's tree parent, so a child already linked is a repeat in the list.
  // When every listed child is linked (a sound index), the kids are the list itself.
  const treeParent = new Int32Array(n).fill(-1);
  const kids = children.map((listed, i) => {
    if (depth[i] === 0 || listed.length === 0) return NONE;
    const id = ids[i]!;
    let out: number[] | undefined;
    for (let k = 0; k < listed.length; k++) {
      const j = listed[k]!;
      if (j >= 0 && treeParent[j] === -1 && depth[j] === depth[i]! + 1 && ids[j]!.charCodeAt(id.length) === 46 && ids[j]!.startsWith(id)) {
        treeParent[j] = i;
        out?.push(j);
      } else out ??= listed.slice(0, k);
    }
    return out ?? listed;
  });
  return { items, ids, byId, find, first: (i) => first[i] === 1, children, depth, kids, treeParent, wellFormed };
}

/** Each first entry's `dependencies`, resolved like {@link Model.children}: the graph dependency cycles are found in. */
export function dependencyGraph(model: Model): number[][] {
  return model.items.map((e, i) => (model.first(i) ? resolve(model.find, (e as Loose).dependencies) : NONE));
}

/**
 * A list's ids as positions ({@link MISSING}, {@link NOT_STRING}). Most lists are empty: they share
 * one array. The others are sized once (no regrowth from []: most of the cost of 100,000 short lists).
 */
function resolve(find: (id: string) => number, list: unknown): number[] {
  if (!Array.isArray(list) || list.length === 0) return NONE;
  const out = new Array<number>(list.length);
  for (let k = 0; k < list.length; k++) out[k] = typeof list[k] === 'string' ? find(list[k]) : NOT_STRING;
  return out;
}
