import { IntList } from './csr.js';
import { isWbsId, wbsDepth } from './id.js';
import { StringIndex } from './string-index.js';

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

/** In {@link Model.childPos} and {@link Model.depPos}: the listed value is not a string. */
export const NOT_STRING = -2;
/** In {@link Model.childPos} and {@link Model.depPos}: the listed id is not in the index. */
export const MISSING = -1;

/**
 * The index as the checks see it: entries, the first entry of each id, and
 * every id reference resolved once to an item position. Per-item facts live
 * in typed arrays and lists in compressed form (CSR: the list of item i is
 * `list[start[i] .. start[i + 1])`), so a 100,000-task index costs a few flat
 * buffers instead of 100,000 small arrays, and later passes read integers
 * instead of looking strings up again.
 */
export interface Model {
  /** `tasks` of the index (every item, objects or not). */
  items: readonly unknown[];
  /** The id of item i when it is an object with a string id, else undefined. */
  ids: (string | undefined)[];
  /** Position of the first entry with each id (what the checks use). */
  index: StringIndex;
  /** The same as a `Map`, made on first use. */
  readonly byId: Map<string, number>;
  /** 1 at the first entry of each id (`byId.get(ids[i]) === i`). */
  first: Uint8Array;
  /** 1 at the first entry of each well-formed id. */
  good: Uint8Array;
  /** The depth of each well-formed first entry's id (1 to 3), else 0. */
  depth: Uint8Array;
  /** 1 where the item is an object whose status is `done`. */
  done: Uint8Array;
  /**
   * Each first entry's `children`, resolved: item positions, {@link MISSING}
   * or {@link NOT_STRING}, in list order (empty when `children` is not an array).
   */
  childStart: Int32Array;
  childPos: Int32Array;
  /** Each first entry's `dependencies`, resolved like {@link Model.childPos}. */
  depStart: Int32Array;
  depPos: Int32Array;
  /**
   * For item i, the positions of listed children that exist and whose id derives
   * from item i's id (`1.2` → `1.2.x`), once each: the links roll-up and
   * progress follow. Only filled for the first entry of an id.
   */
  treeStart: Int32Array;
  treeKids: Int32Array;
  /** For item j, the item that has it as a tree child ({@link Model.treeKids}), or -1. */
  treeParent: Int32Array;
  /** Item positions ordered deepest first (children before their parents). */
  deepestFirst: Int32Array;
}

/** Builds the {@link Model} of an index's `tasks` array. */
export function buildModel(items: readonly unknown[]): Model {
  const n = items.length;
  // Arrays grow by push: `new Array(n)` past ~100k elements gives slow dictionary elements in V8.
  const ids: (string | undefined)[] = [];
  const first = new Uint8Array(n);
  const good = new Uint8Array(n);
  const depth = new Uint8Array(n);
  const done = new Uint8Array(n);
  const index = new StringIndex(n, (i) => ids[i]);
  const levels = [0, 0, 0, 0];
  for (let i = 0; i < n; i++) {
    const e = items[i];
    if (!isObject(e)) {
      ids.push(undefined);
      continue;
    }
    if (e.status === 'done') done[i] = 1;
    const id = typeof e.id === 'string' ? e.id : undefined;
    ids.push(id);
    if (id === undefined || index.add(id, i) !== -1) continue;
    first[i] = 1;
    if (isWbsId(id)) {
      good[i] = 1;
      const d = wbsDepth(id);
      depth[i] = d;
      levels[d]!++;
    }
  }

  const childStart = new Int32Array(n + 1);
  const depStart = new Int32Array(n + 1);
  const treeStart = new Int32Array(n + 1);
  const childPos = new IntList(n);
  const depPos = new IntList(2 * n);
  const treeKids = new IntList(n);
  const treeParent = new Int32Array(n).fill(-1);
  for (let i = 0; i < n; i++) {
    childStart[i] = childPos.length;
    depStart[i] = depPos.length;
    treeStart[i] = treeKids.length;
    if (first[i] === 0) continue;
    const e = items[i] as Loose;
    const children = e.children;
    if (Array.isArray(children)) {
      const id = ids[i]!;
      const tree = good[i] === 1;
      for (let k = 0; k < children.length; k++) {
        const c: unknown = children[k];
        if (typeof c !== 'string') {
          childPos.push(NOT_STRING);
          continue;
        }
        // Guess first: in an index written in WBS order, a parent's first child comes
        // right after it and each child after the one before; a wrong guess costs a compare.
        const last = k === 0 ? i : childPos.buf[childPos.length - 1]!;
        const j = last >= 0 && last + 1 < n && first[last + 1] === 1 && ids[last + 1] === c ? last + 1 : index.get(c);
        childPos.push(j);
        // A valid link: the child's id is this id plus one more component. Only one
        // item can be that parent, so a child already linked is a repeat in this list.
        if (tree && j !== MISSING && treeParent[j] === -1 && good[j] === 1 && depth[j] === depth[i]! + 1 && c.startsWith(id) && c.charCodeAt(id.length) === 46) {
          treeParent[j] = i;
          treeKids.push(j);
        }
      }
    }
    const deps = e.dependencies;
    if (Array.isArray(deps)) {
      for (let k = 0; k < deps.length; k++) {
        const d: unknown = deps[k];
        depPos.push(typeof d !== 'string' ? NOT_STRING : (sibling(d, treeParent[i]!) ?? index.get(d)));
      }
    }
  }
  /**
   * A dependency on a sibling (`1.2.3` → `1.2.1`) found without hashing: WBS ids
   * number siblings 1, 2, 3…, so sibling c is usually the parent's c-th tree
   * child. Confirmed by comparing ids; `undefined` when that is not it.
   */
  function sibling(d: string, p: number): number | undefined {
    if (p === -1) return undefined;
    const pid = ids[p]!;
    if (d.length <= pid.length + 1 || d.length > pid.length + 10 || d.charCodeAt(pid.length) !== 46 || !d.startsWith(pid)) return undefined;
    let c = 0;
    for (let k = pid.length + 1; k < d.length; k++) {
      const digit = d.charCodeAt(k) - 48;
      if (digit < 0 || digit > 9) return undefined;
      c = c * 10 + digit;
    }
    const at = treeStart[p]! + c - 1;
    if (c < 1 || at >= (p + 1 < n ? treeStart[p + 1]! : treeKids.length)) return undefined;
    const j = treeKids.buf[at]!;
    return ids[j] === d ? j : undefined;
  }
  childStart[n] = childPos.length;
  depStart[n] = depPos.length;
  treeStart[n] = treeKids.length;

  // Deepest first: a counting sort by depth (3, then 2, then 1).
  const deepestFirst = new Int32Array(levels[1]! + levels[2]! + levels[3]!);
  const at = [0, levels[3]! + levels[2]!, levels[3]!, 0];
  for (let i = 0; i < n; i++) if (good[i] === 1) deepestFirst[at[depth[i]!]!++] = i;

  let byId: Map<string, number> | undefined;
  return {
    items,
    ids,
    index,
    get byId() {
      if (byId === undefined) {
        byId = new Map();
        for (let i = 0; i < n; i++) if (first[i] === 1) byId.set(ids[i]!, i);
      }
      return byId;
    },
    first,
    good,
    depth,
    done,
    childStart,
    childPos: childPos.values(),
    depStart,
    depPos: depPos.values(),
    treeStart,
    treeKids: treeKids.values(),
    treeParent,
    deepestFirst,
  };
}

/** The number of tree children of item i. */
export function treeKidCount(model: Model, i: number): number {
  return model.treeStart[i + 1]! - model.treeStart[i]!;
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
