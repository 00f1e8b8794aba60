import type { TaskIndex, TaskIndexEntry } from '../schemas/wbs.js';
import { type Model, buildModel, isObject } from './model.js';

/** A task status. */
export type WbsStatus = TaskIndexEntry['status'];

/**
 * The seed's roll-up rule, literally: all children done → `done`; some children
 * done → `in-progress`; no child done → `pending`. A child that is only
 * `in-progress` does not count as done, so a parent of in-progress children
 * with none done rolls up to `pending` (docs/wbs.md). `undefined` for no children.
 * @example rollupStatus(['done', 'pending']) // 'in-progress'
 */
export function rollupStatus(children: Iterable<unknown>): WbsStatus | undefined {
  let total = 0;
  let done = 0;
  for (const s of children) {
    total++;
    if (s === 'done') done++;
  }
  if (total === 0) return undefined;
  return done === total ? 'done' : done > 0 ? 'in-progress' : 'pending';
}

/** The statuses every parent should have, bottom-up (children before parents), by item position. */
export function rolledUpStatuses(model: Model): unknown[] {
  const status: unknown[] = model.items.map((e) => (isObject(e) ? e.status : undefined));
  const { treeStart, treeKids, deepestFirst } = model;
  // Indexed loops over the typed arrays: an iterator allocates a result per item unless optimized away.
  for (let d = 0; d < deepestFirst.length; d++) {
    const i = deepestFirst[d]!;
    const from = treeStart[i]!;
    const to = treeStart[i + 1]!;
    if (from === to) continue;
    let done = 0;
    for (let k = from; k < to; k++) if (status[treeKids[k]!] === 'done') done++;
    status[i] = done === to - from ? 'done' : done > 0 ? 'in-progress' : 'pending';
  }
  return status;
}

/**
 * Returns a copy of the index with every parent's status rolled up from its
 * children, deepest level first; leaves keep their status. Idempotent.
 * @example rollup(index).tasks.find((t) => t.id === '1')?.status
 */
export function rollup(index: TaskIndex): TaskIndex {
  const model = buildModel(index.tasks);
  const status = rolledUpStatuses(model);
  return {
    ...index,
    tasks: index.tasks.map((e, i) => (isObject(e) && status[i] !== e.status && status[i] !== undefined ? { ...e, status: status[i] as WbsStatus } : e)),
  };
}

/** Leaf-task counts below each item (a leaf counts itself), by position; `at(i)` gives `{completed, total}`. */
export function leafProgress(model: Model): { completed: Int32Array; total: Int32Array; at(i: number): { completed: number; total: number } } {
  const n = model.items.length;
  const completed = new Int32Array(n);
  completed.set(model.done);
  const total = new Int32Array(n).fill(1);
  const { treeStart, treeKids, deepestFirst } = model;
  for (let d = 0; d < deepestFirst.length; d++) {
    const i = deepestFirst[d]!;
    const from = treeStart[i]!;
    const to = treeStart[i + 1]!;
    if (from === to) continue;
    let c = 0;
    let t = 0;
    for (let k = from; k < to; k++) {
      const j = treeKids[k]!;
      c += completed[j]!;
      t += total[j]!;
    }
    completed[i] = c;
    total[i] = t;
  }
  return { completed, total, at: (i) => ({ completed: completed[i]!, total: total[i]! }) };
}
