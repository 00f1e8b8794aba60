// checkThreadStore orders timestamps written in one RFC 3339 UTC form as text instead of reading
// each one's instant (issue #24); the order must still be the order of the instants, whatever the forms.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkThreadStore } from '../../src/threads/index.js';
import { compareTimes, timeOf } from '../../src/threads/model.js';
import { SCRIPT, run } from '../threads/arbitraries.js';

const instant = fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-12-31T23:59:59.999Z'), noInvalidDate: true });
/** One instant written in one of the forms the thread store reads. */
const written = fc.tuple(instant, fc.nat(7), fc.nat(9)).map(([d, form, extra]) => {
  const iso = d.toISOString(); // 2026-02-08T16:00:00.123Z
  switch (form) {
    case 0:
      return iso;
    case 1:
      return `${iso.slice(0, 19)}Z`;
    case 2:
      return `${iso.slice(0, 23)}${extra}Z`; // sub-millisecond digits: the instant is read to the millisecond
    case 3:
      return `${iso.slice(0, 10)}t${iso.slice(11)}`;
    case 4:
      return `${iso.slice(0, 23)}+00:00`;
    case 5:
      return `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
    case 6:
      return `${iso.slice(0, 19)}.${iso.slice(20, 22)}Z`;
    default:
      return `${iso.slice(0, 19)}z`;
  }
});
const sign = (x: number) => (x < 0 ? -1 : x > 0 ? 1 : 0);

describe('thread store timestamps ordered as text', () => {
  it('compareTimes orders any two timestamps as their instants do', () => {
    fc.assert(
      fc.property(written, written, (a, b) => {
        expect(sign(compareTimes(a, b))).toBe(sign(timeOf(a) - timeOf(b)));
      }),
      { numRuns: 2000 },
    );
  });

  it('is NaN when either side is not a timestamp', () => {
    for (const bad of ['2026-02-30T00:00:00Z', '2026-02-08T24:00:00Z', 'nope']) {
      expect(compareTimes(bad, '2026-02-08T16:00:00Z')).toBeNaN();
      expect(compareTimes('2026-02-08T16:00:00Z', bad)).toBeNaN();
    }
  });

  it('checkThreadStore reports operation-order and a stale last_updated by instant', () => {
    fc.assert(
      fc.property(fc.array(written, { minLength: SCRIPT.length, maxLength: SCRIPT.length }), written, (stamps, lastUpdated) => {
        const store = run(SCRIPT).store;
        store.operations.forEach((op, i) => {
          op.timestamp = stamps[i]!;
        });
        store.metadata.last_updated = lastUpdated;
        const problems = checkThreadStore(store);
        const times = stamps.map(timeOf);
        const expectedOrder = times.flatMap((t, i) => (i > 0 && t < times[i - 1]! ? [`/operations/${i}/timestamp`] : []));
        expect(problems.filter((p) => p.code === 'threads.operation-order').map((p) => p.pointer)).toEqual(expectedOrder);
        expect(problems.some((p) => p.code === 'threads.last-updated-stale')).toBe(timeOf(lastUpdated) < Math.max(...times));
      }),
      { numRuns: 300 },
    );
  });
});
