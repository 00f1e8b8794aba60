import { type Result, fail, ok } from '../../kernel/problems/index.js';
import type { TaskIndex } from '../../schema/wbs.js';
import { findCycles } from '../../kernel/graph/cycles.js';
import { dependencyCycles } from '../../formats/wbs/invariants.js';
import { compareWbsIds, isWbsId, wbsParent } from '../../formats/wbs/id.js';
import { type Loose, buildModel, dependencyGraph, strings } from '../../formats/wbs/model.js';

/** Why a task is not ready. */
export interface Blocker {
  /** The dependency that holds the task back. */
  id: string;
  /** `not-done`: the dependency exists and is not done; `missing`: it is not in the index. */
  reason: 'not-done' | 'missing';
  /** The dependency's status, when it exists. */
  status?: string;
  /** Set when the dependency belongs to an ancestor (epic or feature) of the task, not the task itself. */
  via?: string;
}

/** The outcome of {@link readyTasks}. */
export interface ReadyWork {
  /** Ids of tasks that are not done and whose dependencies are all done, in WBS order. */
  ready: string[];
  /** Every other unfinished task, in WBS order, with what blocks it. */
  blocked: { id: string; blockedBy: Blocker[] }[];
}

/** Options for {@link readyTasks}. */
export interface ReadyOptions {
  /** Only report leaf entries (no children), the units of work (default false: every entry). */
  leavesOnly?: boolean;
  /** Inherit the dependencies of ancestors: a task under a blocked feature is blocked too (default true). */
  inherit?: boolean;
}

/**
 * Ready work: entries not done whose dependencies (and by default their ancestors') are all done; every other
 * unfinished entry comes with a `blockedBy` explanation.
 * @example
 * declare const index: TaskIndex;
 * readyTasks(index).ready // ['1.1.2', '2.1.1']
 */
export function readyTasks(index: TaskIndex, options: ReadyOptions = {}): ReadyWork {
  const model = buildModel(index.tasks);
  // The first entry with an id (items[-1] is undefined).
  const entry = (id: string) => model.items[model.find(id)] as Loose | undefined;
  const out: ReadyWork = { ready: [], blocked: [] };
  for (const id of [...model.byId.keys()].sort(compareWbsIds)) {
    const e = entry(id)!;
    if (e.status === 'done') continue;
    if (options.leavesOnly && strings(e, 'children').length > 0) continue;
    const blockedBy: Blocker[] = [];
    const add = (owner: Loose | undefined, via: string | undefined) => {
      if (owner === undefined) return;
      for (const d of new Set(strings(owner, 'dependencies'))) {
        if (d === id) continue;
        const s = entry(d)?.status;
        if (s === 'done') continue;
        const b: Blocker = s === undefined ? { id: d, reason: 'missing' } : { id: d, reason: 'not-done', status: String(s) };
        if (via !== undefined) b.via = via;
        blockedBy.push(b);
      }
    };
    add(e, undefined);
    if ((options.inherit ?? true) && isWbsId(id)) for (let a = wbsParent(id); a !== null; a = wbsParent(a)) add(entry(a), a);
    if (blockedBy.length === 0) out.ready.push(id);
    else out.blocked.push({ id, blockedBy });
  }
  return out;
}

/**
 * Every entry after its dependencies (Kahn's algorithm, ties in WBS order); missing dependencies are ignored, a
 * cycle fails with `wbs.dependency-cycle`.
 * @example
 * declare const index: TaskIndex;
 * topologicalOrder(index) // ok: ['1', '1.1', '1.2', ...]
 */
export function topologicalOrder(index: TaskIndex): Result<string[]> {
  const model = buildModel(index.tasks);
  const ids = [...model.byId.keys()].sort(compareWbsIds);
  const rank = new Map(ids.map((id, r) => [id, r]));
  const n = ids.length;
  const indegree = new Int32Array(n);
  const dependents: number[][] = ids.map(() => []);
  ids.forEach((id, r) => {
    for (const d of new Set(strings(model.items[model.byId.get(id)!] as Loose, 'dependencies'))) {
      const dr = rank.get(d);
      if (dr === undefined || dr === r) continue;
      dependents[dr]!.push(r);
      indegree[r]!++;
    }
  });
  const heap = new MinHeap();
  for (let r = 0; r < n; r++) if (indegree[r] === 0) heap.push(r);
  const order: string[] = [];
  while (heap.size > 0) {
    const r = heap.pop();
    order.push(ids[r]!);
    for (const s of dependents[r]!) if (--indegree[s]! === 0) heap.push(s);
  }
  if (order.length === n) return ok(order);
  return fail(dependencyCycles(model));
}

/**
 * The dependency cycles of an index, one per strongly connected component, each as ids that depend on the next (the last on the first).
 * @example
 * declare const index: TaskIndex;
 * findDependencyCycles(index) // [['1.1', '1.2']]
 */
export function findDependencyCycles(index: TaskIndex): string[][] {
  const model = buildModel(index.tasks);
  return findCycles(dependencyGraph(model)).map((c) => c.map((i) => model.ids[i]!));
}

/** A binary min-heap of small integers. */
class MinHeap {
  #a: number[] = [];
  get size(): number {
    return this.#a.length;
  }
  push(v: number): void {
    const a = this.#a;
    a.push(v);
    let i = a.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (a[p]! <= v) break;
      a[i] = a[p]!;
      i = p;
    }
    a[i] = v;
  }
  pop(): number {
    const a = this.#a;
    const top = a[0]!;
    const last = a.pop()!;
    if (a.length > 0) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= a.length) break;
        const c = l + 1 < a.length && a[l + 1]! < a[l]! ? l + 1 : l;
        if (a[c]! >= last) break;
        a[i] = a[c]!;
        i = c;
      }
      a[i] = last;
    }
    return top;
  }
}
