import { MAX_WBS_DEPTH, scanWbsId } from './id.js';
import { IntList } from './csr.js';
import { type Loose, MISSING, isObject } from './model.js';

const TYPES = [undefined, 'epic', 'feature', 'task'] as const;
const PENDING = 1;
const IN_PROGRESS = 2;
const DONE = 3;
/** Lists up to this long are searched for repeats; longer ones are stamped. */
const SHORT_LIST = 16;

const statusCode = (s: unknown): number => (s === 'done' ? DONE : s === 'pending' ? PENDING : s === 'in-progress' ? IN_PROGRESS : 0);

/**
 * True when an index is sound in the common way, proved in one pass over its
 * entries: `checkWbs(index)` then reports nothing. False means "not proved"
 * (an index out of outline order, a problem, or anything unusual), and the
 * caller runs the full check, which finds and words the problems.
 *
 * The pass reads each entry once, while it is in cache: `check` (the entry's
 * schema), its id, type, parent, status, progress, children and dependencies.
 * It holds when the entries are in outline order (what `rebuildIndex` writes:
 * each parent right before its subtree, siblings in increasing order, so ids
 * are well-formed and unique), and:
 *
 * - each entry's `type` follows its depth; a root's `parent` is null, any
 *   other entry's `parent` is the entry its id derives from;
 * - each parent lists exactly the entries below it, in outline order (the
 *   k-th listed child is the k-th entry one level down in its subtree), which
 *   the pass confirms from the child's side, where the parent's list is still
 *   in cache; the counts are compared after the pass;
 * - every dependency is an id in the index (those that come later in the
 *   index are looked up after the pass), not the entry itself, listed once,
 *   and no dependency cycle exists;
 * - every stored status of a parent is its children's roll-up, and every
 *   parent's `progress` (when it has one) counts its leaf tasks.
 *
 * Everything after the pass reads typed arrays only. A property test checks
 * that whenever this returns true the full check finds nothing, and that it
 * returns true for sound indexes in outline order.
 */
export function soundOutline(items: readonly unknown[], check: (entry: unknown) => boolean): boolean {
  const n = items.length;
  const depth = new Uint8Array(n);
  const status = new Uint8Array(n);
  const childCount = new Int32Array(n);
  const rank = new Int32Array(n);
  const last = new Float64Array(n);
  const kidFrom = new Int32Array(n);
  const level = [new IntList(1), new IntList(), new IntList(), new IntList(n)];
  const depStart = new Int32Array(n + 1);
  const depPos = new IntList(2 * n);
  /** `stamp[j] === i + 1` once entry i lists dependency j (made for the first list long enough to need it). */
  let stamp: Int32Array | undefined;
  /** Entries with a `progress`: position, completed, total. */
  const progressAt = new IntList();
  const progressValues: number[] = [];
  /** Dependencies on entries later in the index, looked up after the pass: entry, place in depPos. */
  let later: IntList | undefined;
  let laterIds: string[] | undefined;
  // The current outline path: numbers, entry positions and children lists of the ancestors.
  const parts = new Float64Array(MAX_WBS_DEPTH);
  const path = new Float64Array(MAX_WBS_DEPTH);
  const pathAt = new Int32Array(MAX_WBS_DEPTH);
  const pathIds: string[] = ['', '', ''];
  const pathKids: unknown[][] = [[], [], []];
  let pathDepth = 0;
  const scratch = new Float64Array(MAX_WBS_DEPTH);
  let backward = true;

  for (let i = 0; i < n; i++) {
    const e = items[i] as Loose;
    if (!check(e)) return false; // the schema already makes it an object with the fields below
    const id = e.id as string;
    const d = scanWbsId(id, parts);
    // Outline order: a first child of the entry before, or a later sibling of it or of an ancestor.
    if (d === 0 || d > pathDepth + 1) return false;
    for (let k = 0; k < d - 1; k++) if (parts[k] !== path[k]) return false;
    if (d <= pathDepth && parts[d - 1]! <= path[d - 1]!) return false;
    if (e.type !== TYPES[d]) return false;
    // The parent: null for a root; else the ancestor, which lists this entry at its place.
    const parent = e.parent;
    const children = e.children as unknown[];
    const list = level[d]!;
    if (d === 1) {
      if (parent !== null) return false;
    } else {
      const p = pathAt[d - 2]!;
      if (parent !== pathIds[d - 2]) return false;
      const k = list.length - kidFrom[p]!;
      const listed = pathKids[d - 2]!;
      if (k >= listed.length || listed[k] !== id) return false;
    }
    for (let k = 0; k < d; k++) path[k] = parts[k]!;
    pathAt[d - 1] = i;
    pathIds[d - 1] = id;
    if (d < MAX_WBS_DEPTH) pathKids[d - 1] = children;
    else if (children.length > 0) return false; // tasks have no children below them
    pathDepth = d;
    depth[i] = d;
    rank[i] = list.length;
    last[i] = parts[d - 1]!;
    list.push(i);
    if (d < MAX_WBS_DEPTH) kidFrom[i] = level[d + 1]!.length;
    childCount[i] = children.length;
    status[i] = statusCode(e.status);
    const pr = e.progress;
    if (pr !== undefined) {
      if (!isObject(pr)) return false;
      const { completed, total } = pr;
      if (typeof completed !== 'number' || typeof total !== 'number') return false;
      progressAt.push(i);
      progressValues.push(completed, total);
    }
    // Dependencies: entries already read are found in the outline so far.
    depStart[i] = depPos.length;
    const deps = e.dependencies as unknown[];
    if (deps.length > SHORT_LIST) stamp ??= new Int32Array(n);
    for (let k = 0; k < deps.length; k++) {
      const dep = deps[k];
      if (typeof dep !== 'string') return false; // a hole, which the schema check lets by
      const j = findSoFar(dep, level, rank, kidFrom, last, scratch);
      if (j === i) return false;
      if (j === MISSING) {
        backward = false;
        (later ??= new IntList()).push(i);
        later.push(depPos.length);
        (laterIds ??= []).push(dep);
      } else if (stamp === undefined) {
        for (let m = depStart[i]!; m < depPos.length; m++) if (depPos.buf[m] === j) return false;
      } else if (stamp[j] === i + 1) return false;
      else stamp[j] = i + 1;
      depPos.push(j);
    }
  }
  depStart[n] = depPos.length;

  // Dependencies on later entries, now that the outline is whole.
  if (later !== undefined) {
    for (let t = 0; t < later.length; t += 2) {
      const j = findSoFar(laterIds![t >> 1]!, level, rank, kidFrom, last, scratch);
      if (j === MISSING) return false;
      depPos.buf[later.buf[t + 1]!] = j;
    }
    // Repeats among them: each against the rest of its list.
    for (let t = 0; t < later.length; t += 2) {
      const i = later.buf[t]!;
      const j = depPos.buf[later.buf[t + 1]!];
      let seen = 0;
      for (let k = depStart[i]!; k < depStart[i + 1]!; k++) if (depPos.buf[k] === j) seen++;
      if (seen > 1) return false;
    }
  }

  // Children counts and roll-up, children before parents (they come after them).
  for (let i = n - 1; i >= 0; i--) {
    const d = depth[i]!;
    if (d === MAX_WBS_DEPTH) continue; // a task: no children (checked in the pass)
    const from = kidFrom[i]!;
    const to = kidEnd(level, rank, kidFrom, i, d);
    if (to - from !== childCount[i]) return false;
    if (from === to) continue;
    const kids = level[d + 1]!.buf;
    let doneKids = 0;
    for (let k = from; k < to; k++) if (status[kids[k]!] === DONE) doneKids++;
    if (status[i] !== (doneKids === to - from ? DONE : doneKids > 0 ? IN_PROGRESS : PENDING)) return false;
  }
  if (progressAt.length > 0 && !progressSound(n, depth, status, level, rank, kidFrom, progressAt, progressValues)) return false;
  // Only dependencies on later entries can close a cycle.
  return backward || acyclic(n, depStart, depPos.values());
}

/**
 * True when the graph over `0..n-1` (the edges of v are `items[start[v] .. start[v + 1])`)
 * has no cycle: Kahn's algorithm, which only says whether, so an index with a cycle
 * costs a count of in-degrees here and the full check's search finds and names it.
 */
function acyclic(n: number, start: Int32Array, items: Int32Array): boolean {
  const indegree = new Int32Array(n);
  for (let k = 0; k < items.length; k++) indegree[items[k]!]!++;
  const queue = new Int32Array(n);
  let tail = 0;
  for (let v = 0; v < n; v++) if (indegree[v] === 0) queue[tail++] = v;
  for (let head = 0; head < tail; head++) {
    const v = queue[head]!;
    for (let k = start[v]!; k < start[v + 1]!; k++) if (--indegree[items[k]!]! === 0) queue[tail++] = items[k]!;
  }
  return tail === n;
}

/** Where the children of entry i (depth d < 3) end in the level below: where its next sibling's start, or the level's end. */
function kidEnd(level: IntList[], rank: Int32Array, kidFrom: Int32Array, i: number, d: number): number {
  const list = level[d]!;
  const r = rank[i]! + 1;
  return r < list.length ? kidFrom[list.buf[r]!]! : level[d + 1]!.length;
}

/** Each parent's `progress` counts its leaf tasks (entries without children, at any depth) and the done ones among them. */
function progressSound(n: number, depth: Uint8Array, status: Uint8Array, level: IntList[], rank: Int32Array, kidFrom: Int32Array, at: IntList, values: number[]): boolean {
  const completed = new Int32Array(n);
  const total = new Int32Array(n);
  for (let i = n - 1; i >= 0; i--) {
    const d = depth[i]!;
    const from = d < MAX_WBS_DEPTH ? kidFrom[i]! : 0;
    const to = d < MAX_WBS_DEPTH ? kidEnd(level, rank, kidFrom, i, d) : 0;
    if (from === to) {
      completed[i] = status[i] === DONE ? 1 : 0;
      total[i] = 1;
      continue;
    }
    const kids = level[d + 1]!.buf;
    let c = 0;
    let t = 0;
    for (let k = from; k < to; k++) {
      c += completed[kids[k]!]!;
      t += total[kids[k]!]!;
    }
    completed[i] = c;
    total[i] = t;
  }
  for (let t = 0; t < at.length; t++) {
    const i = at.buf[t]!;
    const d = depth[i]!;
    if (d === MAX_WBS_DEPTH || kidFrom[i] === kidEnd(level, rank, kidFrom, i, d)) continue; // a leaf's own progress is not checked
    if (values[2 * t] !== completed[i] || values[2 * t + 1] !== total[i]) return false;
  }
  return true;
}

/**
 * The position of `id` among the entries read so far in outline order, or
 * {@link MISSING}: each level's entries are in increasing order, and the
 * children of an entry run to where its next sibling's children start (for
 * the last sibling so far, to the end of the level below).
 */
function findSoFar(id: string, level: IntList[], rank: Int32Array, kidFrom: Int32Array, last: Float64Array, scratch: Float64Array): number {
  const d = scanWbsId(id, scratch);
  if (d === 0) return MISSING;
  let from = 0;
  let to = level[1]!.length;
  let at = MISSING;
  for (let k = 1; k <= d; k++) {
    const list = level[k]!.buf;
    at = seek(list, last, from, to, scratch[k - 1]!);
    if (at === MISSING) return MISSING;
    if (k === d) break;
    const r = rank[at]!;
    from = kidFrom[at]!;
    to = r + 1 < level[k]!.length ? kidFrom[list[r + 1]!]! : level[k + 1]!.length;
  }
  return at;
}

/** The entry among `list[from .. to)` whose last number is `value` (they increase): guessed at place value - 1, else halved. */
function seek(list: Int32Array, last: Float64Array, from: number, to: number, value: number): number {
  const guess = from + value - 1;
  if (guess < to && last[list[guess]!] === value) return list[guess]!;
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const v = last[list[mid]!]!;
    if (v === value) return list[mid]!;
    if (v < value) lo = mid + 1;
    else hi = mid;
  }
  return MISSING;
}
