// checkThreadStore on a large store (issue #24): the checker keeps per-thread arrays sized up front
// (written at random positions, an empty array had become a slow dictionary), finds repeated operation
// ids in a loop of its own, reads each timestamp once, lets a relations list that is the implied one
// skip the repeat and drift scans, and searches for parent cycles only when some thread is stored
// before its parent. Each shortcut must leave the problems exactly as the full checks report them.
import { describe, expect, it } from 'vitest';
import type { Thread, ThreadOperation, ThreadStore } from '../../src/schema/thread-store.js';
import { checkThreadStore, rebuildRelations } from '../../src/services/threads/index.js';

/** A sound store of `n` threads: a 4-ary tree of spawns, two references per thread, a depends_on chain, every fourth frozen. */
function store(n: number): ThreadStore {
  const t0 = Date.parse('2026-01-01T00:00:00Z');
  const operations: ThreadOperation[] = [];
  const op = (command: string, params: Record<string, unknown>) =>
    operations.push({ id: `op-${operations.length + 1}`, timestamp: new Date(t0 + 1000 * operations.length).toISOString(), command, operator: 'agent', params });
  const threads: Record<string, Thread> = {};
  for (let i = 0; i < n; i++) {
    const parent = i === 0 ? null : `t${(i - 1) >> 2}`;
    threads[`t${i}`] = {
      id: `t${i}`,
      title: `T${i}`,
      objective: `O${i}`,
      created_at: '2026-01-01T00:00:00Z',
      status: i % 4 === 0 ? 'frozen' : 'active',
      parent_id: parent,
      storage_path: `threads/t${i}`,
    };
    op('spawn', { parent_id: parent, child_id: `t${i}`, objective: `O${i}` });
  }
  for (let i = 0; i < n; i++) for (const k of [1, 7]) if ((i * k + 1) % n !== i) op('reference', { from_id: `t${i}`, to_id: `t${(i * k + 1) % n}`, asset_path: 'a.md' });
  for (let i = 1; i < n; i++) op('update', { thread_id: `t${i}`, depends_on: [`t${i - 1}`] });
  for (let i = 0; i < n; i += 4) op('freeze', { thread_id: `t${i}` });
  const s: ThreadStore = { version: '1.0.0', metadata: { last_updated: operations.at(-1)!.timestamp, thread_count: n }, threads, operations, relations: {} };
  s.relations = rebuildRelations(s);
  return s;
}

const codes = (s: ThreadStore) => checkThreadStore(s).map((p) => [p.code, p.pointer]);

describe('checkThreadStore on a large store finishes, and still finds what it must', () => {
  it('a sound store of 20,000 threads checks clean', { timeout: 30_000 }, () => {
    expect(checkThreadStore(store(20_000))).toEqual([]);
  });

  it('a repeated operation id far into the log names its first position', { timeout: 30_000 }, () => {
    const s = store(5_000);
    const last = s.operations.length - 1;
    s.operations[last]!.id = s.operations[3]!.id;
    const dup = checkThreadStore(s).filter((p) => p.code === 'threads.id-duplicate');
    expect(dup.map((p) => p.pointer)).toEqual([`/operations/${last}/id`]);
    expect(dup[0]!.message).toContain('/operations/3');
  });

  it('threads stored after their parents have no parent cycle; a thread stored before its parent is still searched', { timeout: 30_000 }, () => {
    const s = store(2_000);
    // Move the root last: every other thread now comes before its parent chain's top, still no cycle.
    const { t0: root, ...rest } = s.threads;
    s.threads = { ...rest, t0: root! };
    expect(codes(s).filter(([c]) => c === 'threads.parent-cycle')).toEqual([]);
    s.threads.t0!.parent_id = 't5';
    s.relations.t5!.children.push('t0');
    // The cycle t1 → t0 → t5 → t1 is named from its first thread in store order.
    expect(codes(s)).toContainEqual(['threads.parent-cycle', '/threads/t1/parent_id']);
  });

  it('a list that is the implied one still reports the other side of a reference that does not list it back', { timeout: 30_000 }, () => {
    const s = store(2_000);
    const to = s.relations.t10!.references_to[0]!;
    s.relations[to]!.referenced_by = s.relations[to]!.referenced_by.filter((x) => x !== 't10');
    expect(codes(s)).toContainEqual(['threads.reference-asymmetric', '/relations/t10/references_to/0']);
    expect(codes(s)).toContainEqual(['threads.relations-drift', `/relations/${to}/referenced_by`]);
  });

  it('a timestamp out of order mid-log, between timestamps of other forms, is reported once', { timeout: 30_000 }, () => {
    const s = store(2_000);
    s.operations[100]!.timestamp = '2026-01-01T00:01:40+00:00'; // the same instant as written, another form
    s.operations[200]!.timestamp = '2025-12-31T23:59:59Z';
    expect(codes(s).filter(([c]) => c === 'threads.operation-order')).toEqual([['threads.operation-order', '/operations/200/timestamp']]);
  });
});
