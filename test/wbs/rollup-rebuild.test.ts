import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TaskIndex } from '../../src/schema/wbs.js';
import { checkWbs, rebuildWbsIndex, rollup, rollupStatus } from '../../src/services/wbs/index.js';
import { clone, wbsFixture } from './arbitraries.js';

const STATUS = fc.constantFrom('pending', 'in-progress', 'done');

describe('rollup', () => {
  it('applies the seed rule literally', () => {
    expect(rollupStatus(['done', 'done'])).toBe('done');
    expect(rollupStatus(['done', 'pending'])).toBe('in-progress');
    expect(rollupStatus(['done', 'in-progress'])).toBe('in-progress');
    expect(rollupStatus(['in-progress', 'pending'])).toBe('pending');
    expect(rollupStatus(['in-progress'])).toBe('pending');
    expect(rollupStatus([])).toBeUndefined();
  });

  it('is idempotent and leaves nothing for checkWbs to report as roll-up, whatever the stored statuses', () => {
    fc.assert(
      fc.property(wbsFixture, fc.array(STATUS, { minLength: 64, maxLength: 64 }), ({ index }, statuses) => {
        const scrambled: TaskIndex = clone(index);
        scrambled.tasks.forEach((t, i) => (t.status = statuses[i % 64] as never));
        const once = rollup(scrambled);
        expect(rollup(once)).toEqual(once);
        expect(checkWbs(once).filter((p) => p.code === 'wbs.rollup-mismatch')).toEqual([]);
        // leaves keep their status; the input is not changed
        once.tasks.forEach((t, i) => t.children.length === 0 && expect(t.status).toBe(scrambled.tasks[i]!.status));
        expect(scrambled.tasks.map((t) => t.status)).toEqual(index.tasks.map((_, i) => statuses[i % 64]));
      }),
      { numRuns: 120 },
    );
  });

  it('rolls up through levels, deepest first', () => {
    const e = (id: string, status: string, parent: string | null, children: string[]) => ({
      id,
      type: ['epic', 'feature', 'task'][id.split('.').length - 1],
      status,
      parent,
      children,
      dependencies: [],
    });
    const index = { version: '1.0.0', tasks: [e('1', 'pending', null, ['1.1']), e('1.1', 'pending', '1', ['1.1.1']), e('1.1.1', 'done', '1.1', [])] } as TaskIndex;
    expect(rollup(index).tasks.map((t) => t.status)).toEqual(['done', 'done', 'done']);
  });
});

describe('rebuildWbsIndex', () => {
  it('reconstructs the index from entity files exactly (WBS order, key order), and the result checks clean', () => {
    fc.assert(
      fc.property(wbsFixture, fc.integer(), ({ index, tasks }, seed) => {
        // shuffle the entity files so order cannot leak through
        const names = Object.keys(tasks).sort((a, b) => ((a.length * 31 + seed) % 7) - ((b.length * 31 + seed) % 7) || (a < b ? 1 : -1));
        const shuffled = Object.fromEntries(names.map((n) => [n, tasks[n]]));
        const rebuilt = rebuildWbsIndex(shuffled);
        expect(JSON.stringify(rebuilt)).toBe(JSON.stringify(index));
        expect(checkWbs(rebuilt, shuffled)).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });

  it('orders 1.10 after 1.9 and derives missing parent/children fields', () => {
    const tasks = ['1', '1.10', '1.9', '1.2'].map((id) => ({ id, type: id.includes('.') ? 'feature' : 'epic', status: 'pending' }));
    const rebuilt = rebuildWbsIndex(tasks as never);
    expect(rebuilt.tasks.map((t) => t.id)).toEqual(['1', '1.2', '1.9', '1.10']);
    expect(rebuilt.tasks[0]!.children).toEqual(['1.2', '1.9', '1.10']);
    expect(rebuilt.tasks[0]!.progress).toEqual({ completed: 0, total: 3 });
    expect(rebuilt.tasks[3]!.parent).toBe('1');
    expect(checkWbs(rebuilt, tasks as never)).toEqual([]);
  });
});
