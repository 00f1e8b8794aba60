// fast-check generators for WBS memories used by the wbs tests (kept local to the tests).
import fc from 'fast-check';
import type { TaskEntity, TaskIndex, TaskIndexEntry } from '../../src/schemas/wbs.js';
import { rollupStatus } from '../../src/wbs/index.js';

const STATUS = fc.constantFrom('pending', 'in-progress', 'done') as fc.Arbitrary<TaskIndexEntry['status']>;

/** A leaf: its status and picks of earlier leaves to depend on. */
const leaf = fc.record({ status: STATUS, deps: fc.array(fc.nat(), { maxLength: 2 }), deliverable: fc.boolean() });

/** A tree shape: 1-3 epics × 1-4 features × 0-3 tasks. Features with no task are leaves. */
export const treeShape = fc.array(fc.array(fc.record({ self: leaf, tasks: fc.array(leaf, { maxLength: 3 }) }), { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 3 });

/** A consistent WBS memory: the index and its entity files. */
export interface WbsFixture {
  index: TaskIndex;
  tasks: Record<string, TaskEntity>;
}

type Shape = fc.Arbitrary<typeof treeShape extends fc.Arbitrary<infer T> ? T : never>;
type ShapeValue = Shape extends fc.Arbitrary<infer T> ? T : never;

/** Builds a valid memory from a shape: statuses rolled up, progress on every parent, deps acyclic (earlier leaves only). */
export function buildTree(shape: ShapeValue): WbsFixture {
  const entries: TaskIndexEntry[] = [];
  const leaves: TaskIndexEntry[] = [];
  const leafSpec = new Map<string, { deps: number[]; deliverable: boolean }>();
  const add = (id: string, type: TaskIndexEntry['type'], parent: string | null): TaskIndexEntry => {
    const e: TaskIndexEntry = { id, type, status: 'pending', parent, children: [], dependencies: [] };
    entries.push(e);
    return e;
  };
  shape.forEach((features, ei) => {
    const epic = add(`${ei + 1}`, 'epic', null);
    features.forEach((f, fi) => {
      const feature = add(`${ei + 1}.${fi + 1}`, 'feature', epic.id);
      epic.children.push(feature.id);
      if (f.tasks.length === 0) {
        feature.status = f.self.status;
        leaves.push(feature);
        leafSpec.set(feature.id, f.self);
      }
      f.tasks.forEach((t, ti) => {
        const task = add(`${feature.id}.${ti + 1}`, 'task', feature.id);
        feature.children.push(task.id);
        task.status = t.status;
        leaves.push(task);
        leafSpec.set(task.id, t);
      });
    });
  });
  leaves.forEach((l, k) => {
    const spec = leafSpec.get(l.id)!;
    if (k > 0) l.dependencies = [...new Set(spec.deps.map((d) => leaves[d % k]!.id))];
    if (spec.deliverable) l.deliverables = [`src/${l.id}.ts`];
  });
  // roll up bottom-up and count leaves
  const byId = new Map(entries.map((e) => [e.id, e]));
  const counts = new Map<string, { completed: number; total: number }>();
  for (const e of [...entries].reverse()) {
    if (e.children.length === 0) {
      counts.set(e.id, { completed: e.status === 'done' ? 1 : 0, total: 1 });
      continue;
    }
    e.status = rollupStatus(e.children.map((c) => byId.get(c)!.status))!;
    const c = e.children.map((x) => counts.get(x)!);
    counts.set(e.id, { completed: c.reduce((a, b) => a + b.completed, 0), total: c.reduce((a, b) => a + b.total, 0) });
  }
  const index: TaskIndex = {
    version: '1.0.0',
    tasks: entries.map((e) => {
      const out: TaskIndexEntry = { id: e.id, type: e.type, status: e.status, parent: e.parent, children: e.children, dependencies: e.dependencies };
      if (e.children.length > 0) out.progress = counts.get(e.id)!;
      if (e.deliverables) out.deliverables = e.deliverables;
      return out;
    }),
  };
  const tasks: Record<string, TaskEntity> = {};
  for (const e of index.tasks) {
    const ent: TaskEntity = { id: e.id, type: e.type, title: `Task ${e.id}`, status: e.status, parent: e.parent, children: [...e.children], dependencies: [...e.dependencies] };
    if (e.deliverables) ent.deliverables = [...e.deliverables];
    ent.completedAt = e.status === 'done' ? '2026-01-02T03:04:05Z' : null;
    tasks[`tasks/${e.id}.json`] = ent;
  }
  return { index, tasks };
}

/** Valid WBS memories. */
export const wbsFixture: fc.Arbitrary<WbsFixture> = treeShape.map(buildTree);

/** Deep copy. */
export const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;
