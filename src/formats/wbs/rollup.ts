import type { TaskIndex, TaskIndexEntry } from '../../schema/wbs.js';
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
  return total === 0 ? undefined : statusFromCounts(done, total);
}

/** The roll-up rule as counts (`done` of `total` > 0 children), shared by `rollup`, `repairPlan` and `checkWbs`. */
export function statusFromCounts(done: number, total: number): WbsStatus {
  return done === total ? 'done' : done > 0 ? 'in-progress' : 'pending';
}

/**
 * A copy of the index with every parent's status rolled up and `progress` recounted, deepest first; idempotent,
 * and leaves nothing `checkWbs` reports as `wbs.rollup-mismatch` or `wbs.progress-mismatch`.
 * @example
 * declare const index: TaskIndex;
 * rollup(index).tasks.find((t) => t.id === '1')?.status
 */
export function rollup(index: TaskIndex): TaskIndex {
  const model = buildModel(index.tasks);
  const counts = rolledUp(model);
  const { status } = counts;
  return {
    ...index,
    tasks: index.tasks.map((e, i) => {
      if (!isObject(e)) return e;
      let out = e;
      if (status[i] !== e.status && status[i] !== undefined) out = { ...out, status: status[i] as WbsStatus };
      const want = expectedProgress(model, counts, i, e.progress);
      if (want !== undefined) out = { ...out, progress: { ...e.progress, ...want } };
      return out;
    }),
  };
}

/**
 * The progress rule shared by `rollup`, `repairPlan` and `checkWbs`: a parent's numeric `progress` counts the leaves
 * below it (`completed` of them `done`). The counts it should hold when they differ from `current`, else `undefined`.
 */
export function expectedProgress(model: Model, counts: RolledUp, i: number, current: unknown): { completed: number; total: number } | undefined {
  if (model.kids[i]!.length === 0) return undefined;
  if (!isObject(current) || typeof current.completed !== 'number' || typeof current.total !== 'number') return undefined;
  const completed = counts.completed[i]!;
  const total = counts.total[i]!;
  return current.completed === completed && current.total === total ? undefined : { completed, total };
}

/** What the roll-up makes of each item, by position: its status (a parent's from its children) and the leaf tasks below it (a leaf counts itself). */
export interface RolledUp {
  status: unknown[];
  completed: number[];
  total: number[];
}

/** The {@link RolledUp} figures of every item, bottom-up: well-formed first entries deepest first, children before their parents. */
export function rolledUp(model: Pick<Model, 'items' | 'kids' | 'depth'>): RolledUp {
  const status = model.items.map((e) => (isObject(e) ? e.status : undefined));
  const completed = status.map((s): number => (s === 'done' ? 1 : 0));
  const total = status.map(() => 1);
  for (const d of [3, 2, 1]) {
    for (let i = 0; i < model.items.length; i++) {
      const kids = model.kids[i]!;
      if (model.depth[i] !== d || kids.length === 0) continue;
      status[i] = statusFromCounts(kids.filter((j) => status[j] === 'done').length, kids.length);
      completed[i] = kids.reduce((sum, j) => sum + completed[j]!, 0);
      total[i] = kids.reduce((sum, j) => sum + total[j]!, 0);
    }
  }
  return { status, completed, total };
}
