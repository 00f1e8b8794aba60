// WBS benchmarks: checkWbs at 10k and 100k tasks (linear scaling, < 1 s at 100k),
// and cycle detection on a 5,000-task dependency chain against beads' published 70 ms.
import type { TaskIndex, TaskIndexEntry } from '../src/schemas/wbs.js';
import { checkWbs, findDependencyCycles, readyTasks, rebuildWbsIndex, rollup, topologicalOrder } from '../src/wbs/index.js';
import { availableParallelism, loadavg } from 'node:os';
import { type BenchResult, type BenchSuite, cpuMs, medianMs, parsedScaling, scaling, scalingTarget, spread } from './harness.js';

const osLoad = () => loadavg()[0]!;
const cores = () => availableParallelism();

/** A sound index of about `n` entries: epics of 10 features of 9 tasks; each task depends on the two before it. */
export function bigIndex(n: number): TaskIndex {
  const tasks: TaskIndexEntry[] = [];
  const statuses = ['done', 'in-progress', 'pending'] as const;
  let leaf = 0;
  let prev: string[] = [];
  for (let e = 1; tasks.length < n; e++) {
    const epic: TaskIndexEntry = { id: `${e}`, type: 'epic', status: 'pending', parent: null, children: [], dependencies: [] };
    tasks.push(epic);
    for (let f = 1; f <= 10 && tasks.length < n; f++) {
      const feature: TaskIndexEntry = { id: `${e}.${f}`, type: 'feature', status: 'pending', parent: epic.id, children: [], dependencies: [] };
      epic.children.push(feature.id);
      tasks.push(feature);
      for (let t = 1; t <= 9 && tasks.length < n; t++) {
        const id = `${e}.${f}.${t}`;
        feature.children.push(id);
        tasks.push({ id, type: 'task', status: statuses[leaf++ % 3]!, parent: feature.id, children: [], dependencies: prev.slice(-2), deliverables: [`src/${id}.ts`] });
        prev.push(id);
        if (prev.length > 2) prev = prev.slice(-2);
      }
    }
  }
  // features with no task are leaves; roll statuses up so the index is sound
  return rollup({ version: '1.0.0', tasks });
}

/** A chain of `n` epics, each depending on the next; the last depends on the first. */
function chain(n: number, closed: boolean): TaskIndex {
  return {
    version: '1.0.0',
    tasks: Array.from({ length: n }, (_, i) => ({
      id: `${i + 1}`,
      type: 'epic' as const,
      status: 'pending' as const,
      parent: null,
      children: [],
      dependencies: i + 1 < n ? [`${i + 2}`] : closed ? ['1'] : [],
    })),
  };
}

const suite: BenchSuite = {
  name: 'wbs',
  async run() {
    const out: BenchResult[] = [];
    const small = bigIndex(10_000);
    const large = bigIndex(100_000);
    const cleanSmall = checkWbs(small).length;
    const cleanLarge = checkWbs(large).length;
    // Warm up both sizes first: otherwise the first 10k runs are interpreted and flatter the ratio.
    for (let k = 0; k < 5; k++) {
      checkWbs(small);
      checkWbs(large);
    }
    const wall = scaling(
      () => checkWbs(small),
      () => checkWbs(large),
    );
    const t10 = wall.small;
    const t100 = wall.large;
    const cpu100 = cpuMs(() => checkWbs(large));
    const load = loadNote();
    out.push({ name: 'checkWbs 10,000 tasks (with dependencies)', value: t10, unit: 'ms', note: `${cleanSmall} problems` });
    out.push({
      name: 'checkWbs 100,000 tasks (with dependencies)',
      value: t100,
      unit: 'ms',
      target: '< 1000 ms',
      met: t100 < 1000,
      note: `${cleanLarge} problems; one run used ${cpu100.toFixed(0)} ms of CPU; ${load}`,
    });
    out.push(scalingTarget('checkWbs scaling t(100k)/t(10k)', wall, spread(wall)));
    // The same inputs as the checker gets them from files: parsed from JSON text (before
    // any eviction or forced collection moves the heap).
    out.push(...parsedScaling('checkWbs scaling t(100k)/t(10k), indexes parsed from JSON', (x: TaskIndex) => checkWbs(x), small, large));
    // Both sizes from memory: warm runs keep the 10k input whole in the L3 cache, and never the 100k one.
    const cold = scaling(
      () => checkWbs(small),
      () => checkWbs(large),
      { cold: true },
    );
    out.push(scalingTarget('checkWbs scaling t(100k)/t(10k), caches evicted before each run', cold));
    // What the memory hierarchy alone does: one pass reading every field the checks read.
    const bare = scaling(
      () => barePass(small),
      () => barePass(large),
    );
    out.push({
      name: 'anchor: a bare pass reading the same fields, scaling t(100k)/t(10k)',
      value: bare.ratio,
      unit: 'x',
      note: `${bare.small.toFixed(2)} ms → ${bare.large.toFixed(1)} ms; a linear pass that fits the CPU caches at 10k but not at 100k`,
    });
    const bareCold = scaling(
      () => barePass(small),
      () => barePass(large),
      { cold: true },
    );
    out.push({ name: 'anchor: the bare pass, caches evicted before each run', value: bareCold.ratio, unit: 'x', note: `${bareCold.small.toFixed(2)} ms → ${bareCold.large.toFixed(1)} ms` });
    const cpu = scaling(
      () => checkWbs(small),
      () => checkWbs(large),
      { rounds: 7, clock: 'cpu' },
    );
    out.push({
      name: 'checkWbs CPU time 100,000 tasks',
      value: cpu.large,
      unit: 'ms',
      target: '< 1000 ms',
      met: cpu.large < 1000,
      note: 'median CPU ms (user + system), steadier than wall time on a shared machine',
    });
    out.push(scalingTarget('checkWbs scaling, CPU time cpu(100k)/cpu(10k)', cpu, `${cpu.small.toFixed(1)} ms → ${cpu.large.toFixed(0)} ms; ${spread(cpu)}`));

    const entities = Object.fromEntries(large.tasks.map((t) => [`tasks/${t.id}.json`, { ...t, title: `Task ${t.id}` }]));
    const tEntities = await medianMs(() => checkWbs(large, entities), 3);
    out.push({ name: 'checkWbs 100,000 tasks + 100,000 entity files', value: tEntities, unit: 'ms' });
    out.push({ name: 'rebuildIndex 100,000 entity files', value: await medianMs(() => rebuildWbsIndex(entities), 3), unit: 'ms' });
    out.push({ name: 'readyTasks 100,000 tasks', value: await medianMs(() => readyTasks(large), 3), unit: 'ms' });
    out.push({ name: 'topologicalOrder 100,000 tasks', value: await medianMs(() => topologicalOrder(large), 3), unit: 'ms' });

    const ring = chain(5_000, true);
    const found = findDependencyCycles(ring);
    const tCycle = await medianMs(() => findDependencyCycles(ring), 9);
    const r = {
      name: 'cycle detection, 5,000-task dependency chain',
      value: tCycle,
      unit: 'ms',
      anchor: { name: 'beads (published, not run here)', value: 70 },
      ratio: 70 / tCycle,
      note: `found ${found.length} cycle of ${found[0]?.length} tasks`,
    } satisfies BenchResult;
    out.push(r);
    out.push({
      name: 'checkWbs, 5,000-task dependency chain (cycle reported)',
      value: await medianMs(() => checkWbs(ring), 9),
      unit: 'ms',
      anchor: { name: 'beads (published, not run here)', value: 70 },
      ratio: 70 / (await medianMs(() => checkWbs(ring), 9)),
    });
    return out;
  },
};

/** Reads every field checkWbs reads (ids, parents, statuses, types, children, dependencies), touching each string. */
function barePass(index: TaskIndex): number {
  let n = 0;
  for (const t of index.tasks) {
    n += t.id.charCodeAt(0) + (t.parent?.charCodeAt(0) ?? 0) + String(t.status).length + String(t.type).length + (t.progress?.total ?? 0);
    for (const c of t.children) n += c.charCodeAt(c.length - 1);
    for (const d of t.dependencies) n += d.charCodeAt(d.length - 1);
  }
  return n;
}

/** The 1-minute load average, so readers can tell a busy machine from a slow function. */
export function loadNote(): string {
  return `load average ${osLoad().toFixed(1)} on ${cores()} cores`;
}

export default suite;
