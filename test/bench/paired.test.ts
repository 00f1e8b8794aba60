import { describe, expect, it } from 'vitest';
import { alternatePairsFastest, pairedTarget } from '../../bench/harness.js';

describe('alternatePairsFastest', () => {
  it('warms each side once, then runs each side `runs` times a pair, the side that goes first alternating', async () => {
    const calls: string[] = [];
    const paired = await alternatePairsFastest(
      () => calls.push('s'),
      () => calls.push('a'),
      5,
      3,
    );
    expect(calls.slice(0, 2)).toEqual(['s', 'a']);
    const pairs = calls.slice(2).join('');
    expect(pairs).toBe(['sssaaa', 'aaasss', 'sssaaa', 'aaasss', 'sssaaa'].join(''));
    expect(paired.ratios).toHaveLength(5);
    expect(paired.ratios).toEqual([...paired.ratios].sort((x, y) => x - y));
  });

  it('refuses fewer than 5 pairs', async () => {
    await expect(
      alternatePairsFastest(
        () => 0,
        () => 0,
        4,
      ),
    ).rejects.toThrow(/at least 5 pairs/);
  });
});

describe('pairedTarget', () => {
  const times = (ratio: number) => ({ ratio, subjectMs: 30 * ratio, anchorMs: 30, ratios: [ratio * 0.9, ratio, ratio * 1.1] });
  it('meets an at-most target at or under the ratio, and says both times and the spread', () => {
    const r = pairedTarget('memkit check', times(3), 'node -e 0', 3);
    expect(r).toMatchObject({ name: 'memkit check / node -e 0', value: 3, unit: 'x', target: '<= 3x', met: true });
    expect(r.note).toContain('90.0 ms against 30.0 ms');
    expect(r.note).toContain('3 alternating pairs, ratios 2.70–3.30x');
    expect(pairedTarget('memkit check', times(3.01), 'node -e 0', 3).met).toBe(false);
  });
});
