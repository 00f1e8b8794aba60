// repairPlan on an index where half the entries need a fix grew as n^2.4 (4,000 tasks: 45 s):
// each edit searched every problem for the one it fixes. 20,000 tasks must plan well within the
// per-test timeout (a quadratic plan needs minutes), and the plan must still fix everything.
import { describe, expect, it } from 'vitest';
import { halfBroken } from '../../bench/wbs.bench.js';
import { checkWbs } from '../../src/wbs/check.js';
import { repairPlan } from '../../src/wbs/repair-plan.js';

describe('repairPlan where half the entries need a fix', () => {
  it('plans 20,000 tasks and leaves nothing derivable unfixed', { timeout: 60_000 }, () => {
    const { index, tasks } = halfBroken(20_000);
    const problems = checkWbs(index, tasks);
    expect(problems.length).toBeGreaterThan(5_000);
    const plan = repairPlan(index, tasks);
    expect(plan.remaining).toEqual([]);
    // Every problem the plan names as fixed is one checkWbs reported, or one that follows from the other repairs.
    const fixes = plan.patches.flatMap((p) => p.fixes.map((f) => f.code));
    expect(fixes.length).toBeGreaterThan(5_000);
    expect(new Set(fixes)).toContain('wbs.type-depth');
    expect(new Set(fixes)).toContain('wbs.entity-missing');
  });
});
