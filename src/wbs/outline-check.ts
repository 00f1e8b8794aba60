import { acyclic } from '../graph/cycles.js';
import { MAX_WBS_DEPTH, scanWbsId } from './id.js';
import { IntList } from '../graph/csr.js';
import { type Loose, MISSING, Outline, isObject } from './model.js';

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
 * It holds when the entries are in outline order (what `rebuildWbsIndex` writes:
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
  const outline = new Outline(n);
  const { level, kidFrom } = outline;
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
  // The ids and children lists of the current entry's ancestors.
  const parts = new Float64Array(MAX_WBS_DEPTH);
  const pathIds: string[] = ['', '', ''];
  const pathKids: unknown[][] = [[], [], []];
  const scratch = new Float64Array(MAX_WBS_DEPTH);
  let backward = true;

  for (let i = 0; i < n; i++) {
    const e = items[i] as Loose;
    if (!check(e)) return false; // the schema already makes it an object with the fields below
    const id = e.id as string;
    // Outline order: a first child of the entry before, or a later sibling of it or of an ancestor.
    const d = scanWbsId(id, parts);
    if (!outline.add(i, d, parts)) return false;
    if (e.type !== TYPES[d]) return false;
    // The parent: null for a root; else the ancestor (the last entry one level up), which lists this entry at its place.
    const parent = e.parent;
    const children = e.children as unknown[];
    if (d === 1) {
      if (parent !== null) return false;
    } else {
      const above = level[d - 1]!;
      const k = outline.rank[i]! - kidFrom[above.buf[above.length - 1]!]!;
      const listed = pathKids[d - 2]!;
      if (parent !== pathIds[d - 2] || k >= listed.length || listed[k] !== id) return false;
    }
    pathIds[d - 1] = id;
    if (d < MAX_WBS_DEPTH) pathKids[d - 1] = children;
    else if (children.length > 0) return false; // tasks have no children below them
    depth[i] = d;
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
      const j = outline.find(dep, scratch);
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
      const j = outline.find(laterIds![t >> 1]!, scratch);
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
    const to = outline.end(i, d);
    if (to - from !== childCount[i]) return false;
    if (from === to) continue;
    const kids = level[d + 1]!.buf;
    let doneKids = 0;
    for (let k = from; k < to; k++) if (status[kids[k]!] === DONE) doneKids++;
    if (status[i] !== (doneKids === to - from ? DONE : doneKids > 0 ? IN_PROGRESS : PENDING)) return false;
  }
  if (progressAt.length > 0 && !progressSound(n, depth, status, outline, progressAt, progressValues)) return false;
  // Only dependencies on later entries can close a cycle.
  return backward || acyclic(n, depStart, depPos.values());
}

/** Each parent's `progress` counts its leaf tasks (entries without children, at any depth) and the done ones among them. */
function progressSound(n: number, depth: Uint8Array, status: Uint8Array, outline: Outline, at: IntList, values: number[]): boolean {
  const { level, kidFrom } = outline;
  const completed = new Int32Array(n);
  const total = new Int32Array(n);
  for (let i = n - 1; i >= 0; i--) {
    const d = depth[i]!;
    const from = kidFrom[i]!;
    const to = outline.end(i, d);
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
    if (kidFrom[i] === outline.end(i, depth[i]!)) continue; // a leaf's own progress is not checked
    if (values[2 * t] !== completed[i] || values[2 * t + 1] !== total[i]) return false;
  }
  return true;
}
