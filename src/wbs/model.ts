import { IntList } from '../graph/csr.js';
import { MAX_WBS_DEPTH, scanWbsId } from './id.js';
import { StringIndex } from '../graph/string-index.js';

/** An index entry or entity file as read: any JSON object. */
export type Loose = Record<string, unknown>;

/** Entity files keyed by path relative to the memory directory (`tasks/1.2.json`), or a list of entities. */
export type TaskFiles = Readonly<Record<string, unknown>> | readonly unknown[];

export const isObject = (v: unknown): v is Loose => v !== null && typeof v === 'object' && !Array.isArray(v);
export const own = (o: object, k: string): boolean => Object.hasOwn(o, k);

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
  /** The position of the first entry with id `id` (what the checks use), or {@link MISSING}. */
  find(id: string): number;
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
  /** False when {@link BuildModelOptions.check} returned false for an entry. */
  checked: boolean;
}

/** Options of {@link buildModel}. */
export interface BuildModelOptions {
  /**
   * `false`: never use the outline (see {@link buildModel}), always the hash
   * index; the answers are the same, which the tests check. Default `true`.
   */
  outline?: boolean;
  /**
   * Called with each entry in the first pass until it returns false once
   * ({@link Model.checked} then says so): a caller checks entries while they
   * are in cache instead of in a pass of its own.
   */
  check?: (entry: unknown) => boolean;
}

/**
 * Builds the {@link Model} of an index's `tasks` array.
 *
 * An index in outline order (what `rebuildWbsIndex` writes: every id well-formed,
 * each parent right before its subtree, siblings in increasing order) has
 * unique ids, and an id's place follows from its numbers: epic a is among the
 * epics, feature a.b among a's features, and so on. For such an index ids are
 * found in small per-level arrays of numbers, and no hash index is built: at
 * 100,000 tasks a hash index is a few MiB read at random, which is what kept
 * the check from scaling linearly once the index no longer fits the CPU caches.
 * Any other index (out of order, malformed or repeated ids, non-objects) is
 * indexed by hashing, from the first entry that breaks the order.
 */
export function buildModel(items: readonly unknown[], options: BuildModelOptions = {}): Model {
  const n = items.length;
  // Sized once and filled in order: growing by push copies the array as it grows, and at
  // 100,000 items every copy is a large object that costs a full collection later.
  const ids = new Array<string | undefined>(n);
  const first = new Uint8Array(n);
  const good = new Uint8Array(n);
  const depth = new Uint8Array(n);
  const done = new Uint8Array(n);
  const levels = [0, 0, 0, 0];
  const outline = new Outline(n);
  let ordered = options.outline !== false;
  let index: StringIndex | undefined = ordered ? undefined : hashIndex(0);
  const parts = new Float64Array(MAX_WBS_DEPTH);
  let check = options.check;
  let checked = true;
  for (let i = 0; i < n; i++) {
    const e = items[i];
    if (check !== undefined && !check(e)) {
      checked = false;
      check = undefined;
    }
    if (!isObject(e)) {
      ids[i] = undefined;
      if (ordered) index = hashIndex(i);
      ordered = false;
      continue;
    }
    if (e.status === 'done') done[i] = 1;
    const id = typeof e.id === 'string' ? e.id : undefined;
    ids[i] = id;
    const d = id === undefined ? 0 : scanWbsId(id, parts);
    if (ordered) {
      if (outline.add(i, d, parts)) {
        first[i] = 1;
        good[i] = 1;
        depth[i] = d;
        levels[d]!++;
        continue;
      }
      index = hashIndex(i);
      ordered = false;
    }
    if (id === undefined || index!.add(id, i) !== -1) continue;
    first[i] = 1;
    if (d !== 0) {
      good[i] = 1;
      depth[i] = d;
      levels[d]!++;
    }
  }
  /** A hash index of the entries before `end` (all first entries: they were in outline order). */
  function hashIndex(end: number): StringIndex {
    const hashed = new StringIndex(n, (i) => ids[i]);
    for (let i = 0; i < end; i++) hashed.add(ids[i]!, i);
    return hashed;
  }
  const scratch = new Float64Array(MAX_WBS_DEPTH);
  const find = ordered ? (id: string) => outline.find(id, scratch) : (id: string) => index!.get(id);

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
      if (ordered) outlineChildren(i, children);
      else hashedChildren(i, children);
    }
    const deps = e.dependencies;
    if (Array.isArray(deps)) {
      for (let k = 0; k < deps.length; k++) {
        const d: unknown = deps[k];
        depPos.push(typeof d !== 'string' ? NOT_STRING : ordered ? find(d) : (sibling(d, treeParent[i]!) ?? find(d)));
      }
    }
  }
  /**
   * Children of an index in outline order: the k-th listed child is guessed to
   * be item i's k-th child in the outline, which one comparison of ids confirms;
   * a child is a tree child exactly when it lies in item i's outline range.
   */
  function outlineChildren(i: number, children: unknown[]): void {
    const below = depth[i]! + 1;
    const from = outline.kidFrom[i]!;
    const to = outline.end(i, depth[i]!);
    const kids = below <= MAX_WBS_DEPTH ? outline.level[below]!.buf : undefined;
    for (let k = 0; k < children.length; k++) {
      const c: unknown = children[k];
      if (typeof c !== 'string') {
        childPos.push(NOT_STRING);
        continue;
      }
      const guess = from + k < to ? kids![from + k]! : -1;
      const j = guess !== -1 && ids[guess] === c ? guess : find(c);
      childPos.push(j);
      if (j >= 0 && treeParent[j] === -1 && depth[j] === below && outline.rank[j]! >= from && outline.rank[j]! < to) {
        treeParent[j] = i;
        treeKids.push(j);
      }
    }
  }
  /** Children of any other index, looked up by hashing (after a guess). */
  function hashedChildren(i: number, children: unknown[]): void {
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
      const j = last >= 0 && last + 1 < n && first[last + 1] === 1 && ids[last + 1] === c ? last + 1 : find(c);
      childPos.push(j);
      // A valid link: the child's id is this id plus one more component. Only one
      // item can be that parent, so a child already linked is a repeat in this list.
      if (tree && j !== MISSING && treeParent[j] === -1 && good[j] === 1 && depth[j] === depth[i]! + 1 && c.startsWith(id) && c.charCodeAt(id.length) === 46) {
        treeParent[j] = i;
        treeKids.push(j);
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
    find,
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
    checked,
  };
}

/**
 * The items of an index in outline order, level by level: `level[d]` lists the
 * positions of the depth-d items in order, `rank[i]` is item i's place in its
 * level, `last[i]` the last number of its id, and item i's children are
 * `level[d + 1][kidFrom[i] .. end(i, d))`. Items are added in index order;
 * {@link Outline.add} refuses the first one that breaks outline order. Every
 * answer holds for the items added so far, so a caller can look ids up while
 * it is still adding.
 */
export class Outline {
  readonly level: IntList[];
  readonly rank: Int32Array;
  readonly last: Float64Array;
  readonly kidFrom: Int32Array;
  /** The numbers of the item added last; `depth` 0 before the first. */
  readonly #path = new Float64Array(MAX_WBS_DEPTH);
  #depth = 0;

  constructor(n: number) {
    // The deepest level usually holds most items: sized for all of them, it never grows by copying.
    this.level = [new IntList(), new IntList(), new IntList(), new IntList(n)];
    this.rank = new Int32Array(n);
    this.last = new Float64Array(n);
    this.kidFrom = new Int32Array(n);
  }

  /**
   * Adds item i with id numbers `parts[0 .. d)`, or returns false when it cannot
   * follow the item before: it must be a first child of that item (one level
   * deeper) or a later sibling of it or of one of its ancestors. So ids are
   * unique, increasing, and each item's parent is the last item one level up.
   */
  add(i: number, d: number, parts: Float64Array): boolean {
    const path = this.#path;
    if (d === 0 || d > this.#depth + 1) return false;
    for (let k = 0; k < d - 1; k++) if (parts[k] !== path[k]) return false;
    if (d <= this.#depth && parts[d - 1]! <= path[d - 1]!) return false;
    for (let k = 0; k < d; k++) path[k] = parts[k]!;
    this.#depth = d;
    this.rank[i] = this.level[d]!.length;
    this.last[i] = parts[d - 1]!;
    this.level[d]!.push(i);
    if (d < MAX_WBS_DEPTH) this.kidFrom[i] = this.level[d + 1]!.length;
    return true;
  }

  /**
   * Where the children of item i (at depth d) end in the level below: where the
   * next item of its level starts its own, or, for the last one so far, at the
   * end of the level below (its children are the last added there). An item of
   * the deepest level has none.
   */
  end(i: number, d: number): number {
    if (d >= MAX_WBS_DEPTH) return this.kidFrom[i]!;
    const list = this.level[d]!;
    const r = this.rank[i]! + 1;
    return r < list.length ? this.kidFrom[list.buf[r]!]! : this.level[d + 1]!.length;
  }

  /** The position of `id`, or {@link MISSING}; `scratch` holds its numbers while it is read. */
  find(id: string, scratch: Float64Array): number {
    const d = scanWbsId(id, scratch);
    if (d === 0) return MISSING;
    let from = 0;
    let to = this.level[1]!.length;
    let at = MISSING;
    for (let k = 0; k < d; k++) {
      at = this.#seek(this.level[k + 1]!.buf, from, to, scratch[k]!);
      if (at === MISSING || k + 1 === d) return at;
      from = this.kidFrom[at]!;
      to = this.end(at, k + 1);
    }
    return at;
  }

  /** The item among `list[from .. to)` whose last number is `value` (they increase): guessed at place value - 1, else halved. */
  #seek(list: Int32Array, from: number, to: number, value: number): number {
    const guess = from + value - 1;
    if (guess < to && this.last[list[guess]!] === value) return list[guess]!;
    let lo = from;
    let hi = to;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const v = this.last[list[mid]!]!;
      if (v === value) return list[mid]!;
      if (v < value) lo = mid + 1;
      else hi = mid;
    }
    return MISSING;
  }
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
