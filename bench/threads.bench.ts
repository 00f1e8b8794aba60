// Thread store benchmarks: checkThreadStore on 10,000 and 100,000 operations (linear scaling),
// applyOperation throughput, rebuildRelations.
import type { Thread, ThreadOperation, ThreadStore } from '../src/schemas/thread-store.js';
import { applyOperation, checkThreadStore, rebuildRelations } from '../src/threads/index.js';
import { type BenchResult, type BenchSuite, cpuMs, medianMs, parsedScaling, scaling, scalingTarget, spread } from './harness.js';
import { loadNote } from './wbs.bench.js';

/**
 * A sound store with about `ops` operations: a 4-ary tree of spawns, two
 * references per thread, a depends_on chain, a quarter frozen, an eighth archived.
 */
export function bigStore(ops: number): ThreadStore {
  const n = Math.max(2, Math.floor(ops / 4.375));
  const t0 = Date.parse('2026-01-01T00:00:00Z');
  let clock = 0;
  const operations: ThreadOperation[] = [];
  const op = (command: string, params: Record<string, unknown>) =>
    operations.push({ id: `op-${operations.length + 1}`, timestamp: new Date(t0 + 1000 * clock++).toISOString(), command, operator: 'agent', params });
  const threads: [string, Thread][] = [];
  for (let i = 0; i < n; i++) {
    const parent = i === 0 ? null : `t${(i - 1) >> 2}`;
    threads.push([
      `t${i}`,
      { id: `t${i}`, title: `Thread ${i}`, objective: `Objective ${i}`, created_at: new Date(t0 + 1000 * clock).toISOString(), status: 'active', parent_id: parent, storage_path: `threads/t${i}` },
    ]);
    op('spawn', { parent_id: parent, child_id: `t${i}`, objective: `Objective ${i}` });
  }
  for (let i = 0; i < n; i++)
    for (const k of [1, 7]) {
      const to = (i * k + 1) % n;
      if (to !== i) op('reference', { from_id: `t${i}`, to_id: `t${to}`, asset_path: `notes/${to}.md` });
    }
  for (let i = 1; i < n; i++) op('update', { thread_id: `t${i}`, depends_on: [`t${i - 1}`] });
  for (let i = 0; i < n; i += 4) {
    op('freeze', { thread_id: `t${i}` });
    threads[i]![1].status = 'frozen';
  }
  for (let i = 0; i < n; i += 8) {
    op('archive', { thread_id: `t${i}` });
    threads[i]![1].status = 'archived';
  }
  const store: ThreadStore = {
    version: '1.0.0',
    metadata: { last_updated: operations.at(-1)!.timestamp, thread_count: n },
    threads: Object.fromEntries(threads),
    operations,
    relations: {},
  };
  store.relations = rebuildRelations(store);
  return store;
}

/** Reads every field checkThreadStore reads (threads, operations and their params, relations), touching each string. */
function barePass(store: ThreadStore): number {
  let n = 0;
  for (const id in store.threads) {
    const t = store.threads[id]!;
    n += t.id.charCodeAt(0) + String(t.status).length + t.created_at.charCodeAt(0) + (t.parent_id?.charCodeAt(0) ?? 0);
  }
  for (const op of store.operations) {
    n += op.id.charCodeAt(0) + op.timestamp.charCodeAt(18) + String(op.command).length + String(op.operator).length;
    for (const k in op.params) {
      const v = op.params[k];
      n += typeof v === 'string' ? v.charCodeAt(0) : Array.isArray(v) ? v.length : 0;
    }
  }
  for (const id in store.relations) {
    const r = store.relations[id]!;
    n += r.children.length + r.references_to.length + r.referenced_by.length + r.depends_on.length;
  }
  return n;
}

const suite: BenchSuite = {
  name: 'threads',
  async run() {
    const out: BenchResult[] = [];
    const small = bigStore(10_000);
    const large = bigStore(100_000);
    const problems = checkThreadStore(large).length;
    // Warm up both sizes first: otherwise the first 10k runs are interpreted and flatter the ratio.
    for (let k = 0; k < 5; k++) {
      checkThreadStore(small);
      checkThreadStore(large);
    }
    const wall = scaling(
      () => checkThreadStore(small),
      () => checkThreadStore(large),
    );
    const t10 = wall.small;
    const t100 = wall.large;
    out.push({ name: `checkThreadStore ${small.operations.length.toLocaleString('en-US')} operations`, value: t10, unit: 'ms', note: `${Object.keys(small.threads).length} threads` });
    out.push({
      name: `checkThreadStore ${large.operations.length.toLocaleString('en-US')} operations`,
      value: t100,
      unit: 'ms',
      note: `${Object.keys(large.threads).length} threads, ${problems} problems; one run used ${cpuMs(() => checkThreadStore(large)).toFixed(0)} ms of CPU; ${loadNote()}`,
    });
    out.push(scalingTarget('checkThreadStore scaling t(100k)/t(10k)', wall, spread(wall)));
    // The same inputs as the checker gets them from files: parsed from JSON text (before
    // any eviction or forced collection moves the heap).
    out.push(...parsedScaling('checkThreadStore scaling t(100k)/t(10k), stores parsed from JSON', (x: ThreadStore) => checkThreadStore(x), small, large));
    // Both sizes from memory: warm runs keep the 10k input whole in the L3 cache, and never the 100k one.
    const cold = scaling(
      () => checkThreadStore(small),
      () => checkThreadStore(large),
      { cold: true },
    );
    out.push(scalingTarget('checkThreadStore scaling t(100k)/t(10k), caches evicted before each run', cold));
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
    // V8 sorts the keys of an object that holds more than about a thousand on every enumeration
    // (getOwnPropertyNames, Object.keys and for...in alike), and the check enumerates the threads
    // and the relations: how one such enumeration grows from the small store to the large one.
    const [smallKeys, largeKeys] = [Object.keys(small.threads).length, Object.keys(large.threads).length];
    const keys = scaling(
      () => Object.getOwnPropertyNames(small.threads),
      () => Object.getOwnPropertyNames(large.threads),
    );
    out.push({
      name: 'anchor: enumerating the threads object (getOwnPropertyNames), scaling t(100k)/t(10k)',
      value: keys.ratio,
      unit: 'x',
      note: `${smallKeys} → ${largeKeys} keys (${(largeKeys / smallKeys).toFixed(1)}x); ${keys.small.toFixed(3)} ms → ${keys.large.toFixed(2)} ms`,
    });
    const cpu = scaling(
      () => checkThreadStore(small),
      () => checkThreadStore(large),
      { rounds: 7, clock: 'cpu' },
    );
    out.push(scalingTarget('checkThreadStore scaling, CPU time cpu(100k)/cpu(10k)', cpu, `${cpu.small.toFixed(1)} ms → ${cpu.large.toFixed(0)} ms CPU; ${spread(cpu)}`));
    out.push({ name: 'rebuildRelations 100k operations', value: await medianMs(() => rebuildRelations(large), 5), unit: 'ms' });
    // applyOperation copies the store (it is pure), so its cost grows with the store size.
    let id = 0;
    const env = { now: () => '2027-01-01T00:00:00Z', newId: () => `bench-${id++}` };
    const perOp =
      (await medianMs(() => {
        for (let k = 0; k < 20; k++) applyOperation(small, { command: 'reference', params: { from_id: 't1', to_id: 't2', asset_path: 'x' } }, env);
      }, 5)) / 20;
    out.push({ name: `applyOperation on a ${Object.keys(small.threads).length}-thread store`, value: perOp, unit: 'ms/op' });
    return out;
  },
};

export default suite;
