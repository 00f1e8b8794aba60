import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { type BenchResult, compare, medianOfProcesses } from '../../bench/harness.js';

const timed = (value: number, anchor: number): BenchResult => compare('query', value, 'ms', 'other', anchor, 2, false);

describe('medianOfProcesses', () => {
  it('takes the process whose ratio is the median, and says how many met the target', () => {
    const runs = [[timed(1, 1.9)], [timed(1, 2.5)], [timed(1, 3.2)]];
    const [r] = medianOfProcesses(runs);
    expect(r!.ratio).toBeCloseTo(2.5);
    expect(r!.met).toBe(true);
    expect(r!.note).toContain('median of 3 processes (1.90x, 2.50x, 3.20x)');
    expect(r!.note).toContain('target met in 2 of 3');
  });

  it('orders figures without an anchor by value, each figure on its own', () => {
    const plain = (value: number): BenchResult => ({ name: 'rebuild', value, unit: 'ms' });
    const runs = [
      [timed(1, 3), plain(30)],
      [timed(1, 1), plain(10)],
      [timed(1, 2), plain(20)],
    ];
    const [a, b] = medianOfProcesses(runs);
    expect(a!.ratio).toBe(2);
    expect(b!.value).toBe(20);
  });

  it('is the median for any odd number of processes (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0.1, max: 10, noNaN: true }), { minLength: 1, maxLength: 9 }).filter((xs) => xs.length % 2 === 1),
        (anchors) => {
          const [r] = medianOfProcesses(anchors.map((a) => [timed(1, a)]));
          const below = anchors.filter((a) => a < r!.ratio!).length;
          const above = anchors.filter((a) => a > r!.ratio!).length;
          expect(below).toBeLessThanOrEqual((anchors.length - 1) / 2);
          expect(above).toBeLessThanOrEqual((anchors.length - 1) / 2);
        },
      ),
    );
  });

  it('refuses processes that report different figures', () => {
    expect(() => medianOfProcesses([[timed(1, 2)], [{ name: 'other', value: 1, unit: 'ms' }]])).toThrow(/disagree/);
  });
});
