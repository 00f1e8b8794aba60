import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoDateTimeMillis } from '../../src/schema/date-time.js';
import { timeOf } from '../../src/formats/thread-store/model.js';

describe('timeOf', () => {
  it('is the one date-time reader: isoDateTimeMillis for strings, NaN for anything else', () => {
    for (const s of ['2026-02-08T16:00:00Z', '20260208T160000+0100', '2026-02-08T16:00', '2026-02-30T00:00:00Z', '2026-02-08', 'Feb 8 2026', ''])
      expect(Object.is(timeOf(s), isoDateTimeMillis(s)), s).toBe(true);
    for (const v of [null, 0, undefined, {}]) expect(timeOf(v)).toBeNaN();
  });

  it('agrees with Date.parse on the timestamps writers produce (toISOString)', () => {
    const iso = fc.date({ min: new Date('0000-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59.999Z'), noInvalidDate: true }).map((d) => d.toISOString());
    fc.assert(
      fc.property(iso, fc.boolean(), (s, whole) => {
        const t = whole ? s.slice(0, 19) + 'Z' : s;
        expect(timeOf(t)).toBe(Date.parse(t));
      }),
      { numRuns: 1000 },
    );
  });

  it('orders basic-format and offset timestamps, which Date.parse does not read', () => {
    expect(timeOf('20260208T170000+0100')).toBe(Date.parse('2026-02-08T16:00:00Z'));
  });
});
