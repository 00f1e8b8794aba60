import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyJsonPatch, checkWbs, readyTasks, rebuildWbsIndex, repairPlan, rollup, topologicalOrder } from '../../src/services/wbs/index.js';

const anyJson = fc.jsonValue({ maxDepth: 4 });
const looseIndex = fc.record({
  version: fc.oneof(fc.constant('1.0.0'), fc.string()),
  tasks: fc.array(
    fc.oneof(
      anyJson,
      fc.record({
        id: fc.oneof(fc.constantFrom('1', '1.1', '1.1.1', '2', '__proto__', 'constructor', '1.1.1.1', '01'), fc.string()),
        type: fc.constantFrom('epic', 'feature', 'task', 'x'),
        status: fc.constantFrom('pending', 'in-progress', 'done', 7),
        parent: fc.oneof(fc.constant(null), fc.constantFrom('1', '1.1', 'toString')),
        children: fc.oneof(fc.array(fc.constantFrom('1', '1.1', '1.1.1', '2', 'hasOwnProperty')), anyJson),
        dependencies: fc.oneof(fc.array(fc.constantFrom('1', '1.1', '1.1.1', '2', '9')), anyJson),
        progress: fc.oneof(fc.record({ completed: fc.integer(), total: fc.integer() }), anyJson),
      }),
    ),
    { maxLength: 8 },
  ),
});

describe('hostile WBS input', () => {
  it('never throws from any WBS function', () => {
    fc.assert(
      fc.property(fc.oneof(looseIndex, anyJson), fc.dictionary(fc.string(), anyJson, { maxKeys: 3 }), (index, tasks) => {
        const problems = checkWbs(index, tasks, { deliverableExists: () => false });
        for (const p of problems) expect(p.code).toMatch(/^(wbs|schema|input|id)\./);
        repairPlan(index, tasks);
        rebuildWbsIndex(tasks);
        if (index !== null && typeof index === 'object' && Array.isArray((index as { tasks?: unknown }).tasks)) {
          rollup(index as never);
          readyTasks(index as never);
          topologicalOrder(index as never);
        }
      }),
      { numRuns: 100 },
    );
  });

  it('survives deeply nested values', () => {
    let deep: unknown = [];
    for (let i = 0; i < 20_000; i++) deep = [deep];
    const index = { version: '1.0.0', tasks: [{ id: '1', type: 'epic', status: 'pending', parent: null, children: [], dependencies: [], deliverables: deep }] };
    expect(() => checkWbs(index, { 'tasks/1.json': { id: '1', type: 'epic', status: 'pending', deliverables: deep } })).not.toThrow();
    expect(applyJsonPatch({ a: deep }, [{ op: 'remove', path: '/a' }]).ok).toBe(false);
    expect(applyJsonPatch({}, 'nope' as never).ok).toBe(false);
    expect(applyJsonPatch({}, [null as never]).ok).toBe(false);
  });
});
