import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { timeOf } from '../../src/threads/model.js';

/** `timeOf` reads the common shapes itself; whatever it reads must equal `Date.parse`, NaN included. */
const same = (s: string) => expect(Object.is(timeOf(s), Date.parse(s)), s).toBe(true);

describe('timeOf', () => {
  it('agrees with Date.parse on edge values of each field', () => {
    for (const s of [
      '2026-02-08T16:00:00Z',
      '2026-02-08T16:00:00.123Z',
      '1970-01-01T00:00:00Z',
      '1969-12-31T23:59:59.999Z',
      '0000-01-01T00:00:00Z',
      '0000-02-29T00:00:00Z',
      '0050-03-01T00:00:00Z',
      '1900-02-29T00:00:00Z',
      '2000-02-29T00:00:00Z',
      '2024-02-29T00:00:00Z',
      '2026-02-29T00:00:00Z',
      '2026-02-30T00:00:00Z',
      '2026-04-31T00:00:00Z',
      '2026-12-31T23:59:59.999Z',
      '9999-12-31T23:59:59.999Z',
      '2026-00-10T00:00:00Z',
      '2026-13-10T00:00:00Z',
      '2026-02-00T00:00:00Z',
      '2026-02-08T24:00:00Z',
      '2026-02-08T23:60:00Z',
      '2026-02-08T23:59:60Z',
      '2026-02-08t16:00:00z',
      '2026-02-08T16:00:00+01:00',
      '2026-02-08T16:00:00.1Z',
      '2026-02-08T16:00:00.123456Z',
      '2026-02-08T16:00:00,123Z',
      '2026-02-08 16:00:00Z',
      '+002026-02-08T16:00:00Z',
      '2026-02-08T16:00Z',
      '2026-02-08',
      '2026-0a-08T16:00:00Z',
      '2026-02-08T16:00:00.12aZ',
      '２026-02-08T16:00:00Z',
      '',
    ])
      same(s);
  });

  it('agrees with Date.parse on any ISO string and on single-character edits of one', () => {
    const iso = fc.date({ min: new Date('0000-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59.999Z'), noInvalidDate: true }).map((d) => d.toISOString());
    fc.assert(
      fc.property(iso, fc.boolean(), fc.nat(), fc.constantFrom(...'0123456789-:.TZtz+ 9'), (s, whole, at, c) => {
        const base = whole ? s.slice(0, 19) + 'Z' : s;
        same(base);
        const i = at % base.length;
        same(base.slice(0, i) + c + base.slice(i + 1));
      }),
      { numRuns: 3000 },
    );
  });
});
