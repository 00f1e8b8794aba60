// fast-check generators for WBS memories used by the wbs tests (kept local to the tests).
import fc from 'fast-check';
import type { TaskEntity, TaskIndex, TaskIndexEntry } from '../../src/schema/wbs.js';
import { rollupStatus } from '../../src/services/wbs/index.js';
import { WBS_RE } from '../../src/formats/wbs/id.js';

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

/** Every id-shaped string in an index rewritten component by component (order kept when `f` increases). */
export function renumber(items: unknown[], f: (c: number) => number): unknown[] {
  const map = (s: unknown) =>
    typeof s === 'string' && WBS_RE.test(s)
      ? s
          .split('.')
          .map((c) => String(f(Number(c))))
          .join('.')
      : s;
  return items.map((e) => {
    if (e === null || typeof e !== 'object' || Array.isArray(e)) return e;
    const t = { ...(e as Record<string, unknown>) };
    t.id = map(t.id);
    t.parent = map(t.parent);
    for (const key of ['children', 'dependencies']) if (Array.isArray(t[key])) t[key] = (t[key] as unknown[]).map(map);
    return t;
  });
}

export const ID_LIKE = fc.oneof(
  fc.constantFrom('1', '1.1', '1.1.1', '2.3', '3.4.3', '9', '1.2.3.4', '01', '1..2', '', 'x', '1.', '.1', '4.1', '1.5', '100000000000000', '1000000000000000'),
  fc.string({ maxLength: 6 }),
);
const VALUE = fc.oneof(ID_LIKE, fc.constantFrom(null, 7, true, [], {}));

/** One edit of an index's entries that may break outline order, or keep it and change only what lookups see. */
export const edit = fc.oneof(
  fc.record({ kind: fc.constant('swap' as const), a: fc.nat(), b: fc.nat() }),
  fc.record({ kind: fc.constant('duplicate' as const), a: fc.nat(), b: fc.nat() }),
  fc.record({ kind: fc.constant('drop' as const), a: fc.nat() }),
  fc.record({ kind: fc.constant('id' as const), a: fc.nat(), value: VALUE }),
  fc.record({ kind: fc.constant('insert' as const), a: fc.nat(), value: fc.constantFrom(null, 'task', [], 3) }),
  fc.record({ kind: fc.constant('dependency' as const), a: fc.nat(), value: VALUE }),
  fc.record({ kind: fc.constant('child' as const), a: fc.nat(), value: VALUE }),
  fc.record({ kind: fc.constant('list' as const), a: fc.nat(), value: fc.constantFrom(null, 'x', 5, {}) }),
  fc.record({ kind: fc.constant('adopt' as const), a: fc.nat(), b: fc.nat() }),
  fc.record({ kind: fc.constant('depend' as const), a: fc.nat(), b: fc.nat() }),
);
export type Edit = typeof edit extends fc.Arbitrary<infer T> ? T : never;

export function applyEdit(items: unknown[], e: Edit): void {
  if (items.length === 0) return;
  const a = e.a % items.length;
  const entry = items[a] as Record<string, unknown> | null;
  const object = entry !== null && typeof entry === 'object' && !Array.isArray(entry);
  switch (e.kind) {
    case 'swap':
      [items[a], items[e.b % items.length]] = [items[e.b % items.length], items[a]];
      return;
    case 'duplicate':
      items.splice(e.b % (items.length + 1), 0, clone(items[a]));
      return;
    case 'drop':
      items.splice(a, 1);
      return;
    case 'insert':
      items.splice(a, 0, e.value);
      return;
    case 'id':
      if (object) entry.id = e.value;
      return;
    case 'dependency':
      if (object && Array.isArray(entry.dependencies)) entry.dependencies.push(e.value);
      return;
    case 'child':
      if (object && Array.isArray(entry.children)) entry.children.push(e.value);
      return;
    case 'list':
      if (object) entry[e.a % 2 === 0 ? 'children' : 'dependencies'] = e.value;
      return;
    case 'adopt':
    case 'depend': {
      // Another entry's id: a child or dependency that exists, anywhere in the index.
      const other = items[e.b % items.length] as Record<string, unknown> | null;
      const list = object ? entry[e.kind === 'adopt' ? 'children' : 'dependencies'] : undefined;
      if (Array.isArray(list) && other !== null && typeof other === 'object') list.push((other as Record<string, unknown>).id);
    }
  }
}
