import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TaskIndex } from '../../src/schema/wbs.js';
import { compareWbsIds, readyTasks, topologicalOrder } from '../../src/services/wbs/index.js';
import { wbsFixture } from './arbitraries.js';

const e = (id: string, status: string, deps: string[] = [], children: string[] = []) => ({
  id,
  type: ['epic', 'feature', 'task'][id.split('.').length - 1],
  status,
  parent: id.includes('.') ? id.slice(0, id.lastIndexOf('.')) : null,
  children,
  dependencies: deps,
});

describe('readyTasks', () => {
  it('returns unfinished tasks whose dependencies are done, and explains the rest', () => {
    const index = {
      version: '1.0.0',
      tasks: [e('1', 'in-progress', [], ['1.1', '1.2']), e('1.1', 'done'), e('1.2', 'pending', ['1.1']), e('2', 'pending', ['1'], ['2.1']), e('2.1', 'pending', ['9'])],
    } as TaskIndex;
    const work = readyTasks(index);
    expect(work.ready).toEqual(['1', '1.2']);
    expect(work.blocked).toEqual([
      { id: '2', blockedBy: [{ id: '1', reason: 'not-done', status: 'in-progress' }] },
      {
        id: '2.1',
        blockedBy: [
          { id: '9', reason: 'missing' },
          { id: '1', reason: 'not-done', status: 'in-progress', via: '2' },
        ],
      },
    ]);
    expect(readyTasks(index, { leavesOnly: true }).ready).toEqual(['1.2']);
    expect(readyTasks(index, { inherit: false }).blocked.find((b) => b.id === '2.1')!.blockedBy).toEqual([{ id: '9', reason: 'missing' }]);
  });

  it('partitions every unfinished task into ready or blocked, consistently with statuses', () => {
    fc.assert(
      fc.property(wbsFixture, ({ index }) => {
        const work = readyTasks(index, { inherit: false });
        const status = new Map(index.tasks.map((t) => [t.id, t.status]));
        const unfinished = index.tasks.filter((t) => t.status !== 'done').map((t) => t.id);
        expect([...work.ready, ...work.blocked.map((b) => b.id)].sort(compareWbsIds)).toEqual(unfinished);
        for (const id of work.ready) for (const d of index.tasks.find((t) => t.id === id)!.dependencies) expect(status.get(d)).toBe('done');
        for (const b of work.blocked) expect(b.blockedBy.length).toBeGreaterThan(0);
      }),
      { numRuns: 100 },
    );
  });
});

describe('topologicalOrder', () => {
  it('puts every task after its dependencies, ties in WBS order', () => {
    fc.assert(
      fc.property(wbsFixture, ({ index }) => {
        const r = topologicalOrder(index);
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        const pos = new Map(r.value.map((id, i) => [id, i]));
        expect(r.value).toHaveLength(index.tasks.length);
        for (const t of index.tasks) for (const d of t.dependencies) expect(pos.get(d)!).toBeLessThan(pos.get(t.id)!);
      }),
      { numRuns: 100 },
    );
    const plain = { version: '1.0.0', tasks: [e('1.10', 'pending'), e('1.9', 'pending'), e('1', 'pending', ['1.10'])] } as TaskIndex;
    expect(topologicalOrder(plain)).toEqual({ ok: true, value: ['1.9', '1.10', '1'] });
  });

  it('fails with the cycle when there is one', () => {
    const r = topologicalOrder({ version: '1.0.0', tasks: [e('1', 'pending', ['2']), e('2', 'pending', ['1'])] } as TaskIndex);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems).toEqual([expect.objectContaining({ code: 'wbs.dependency-cycle', message: 'dependency cycle: 1 → 2 → 1' })]);
  });
});
