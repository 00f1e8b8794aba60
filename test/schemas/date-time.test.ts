// isDateTime (memkit's one-pass check) accepts exactly what `format: date-time`
// plus DATE_TIME_PATTERN accept, the pair the emitted schemas carry.
import fc from 'fast-check';
import { IsDateTime } from 'typebox/format';
import { describe, expect, it } from 'vitest';
import { dateTimeArb } from '../../src/arbitraries/index.js';
import { DATE_TIME_PATTERN, isDateTime } from '../../src/schemas/index.js';

const re = new RegExp(DATE_TIME_PATTERN);
const reference = (s: string) => re.test(s) && IsDateTime(s);
const CHARS = '0123456789-:.TtZz+ []';

describe('isDateTime', () => {
  it('agrees with the reference on valid date-times and on every one-character edit of them', () => {
    fc.assert(
      fc.property(dateTimeArb, fc.nat(), fc.constantFrom(...CHARS), fc.constantFrom('replace', 'insert', 'delete'), (s, at, c, op) => {
        expect(isDateTime(s)).toBe(true);
        const i = at % (s.length + 1);
        const edited = op === 'replace' ? s.slice(0, i) + c + s.slice(i + 1) : op === 'insert' ? s.slice(0, i) + c + s.slice(i) : s.slice(0, i) + s.slice(i + 1);
        expect(isDateTime(edited), edited).toBe(reference(edited));
      }),
      { numRuns: 3000 },
    );
  });

  it('agrees on random strings over the date-time alphabet', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...CHARS), { maxLength: 30 }).map((a) => a.join('')), (s) => {
        expect(isDateTime(s), s).toBe(reference(s));
      }),
      { numRuns: 2000 },
    );
  });

  it('handles the calendar, offsets and long fractions', () => {
    const cases: [string, boolean][] = [
      ['2024-02-29T00:00:00Z', true],
      ['2023-02-29T00:00:00Z', false],
      ['1900-02-29T00:00:00Z', false],
      ['2000-02-29T00:00:00Z', true],
      ['2026-04-31T00:00:00Z', false],
      ['2026-00-10T00:00:00Z', false],
      ['2026-01-00T00:00:00Z', false],
      ['2026-01-01T00:00:00+23:59', true],
      ['2026-01-01T00:00:00+24:00', false],
      ['2026-01-01T00:00:00.Z', false],
      ['2026-01-01T00:00:00.' + '1'.repeat(100) + 'Z', true],
      ['2026-02-30T00:00:00.' + '1'.repeat(100) + 'Z', false],
      ['2026-01-01T00:00:00.' + '1'.repeat(100) + '-01:30', true],
      ['x'.repeat(100), false],
      ['2026-01-01T00:00:00Z ', false],
    ];
    for (const [s, ok] of cases) {
      expect(isDateTime(s), s).toBe(ok);
      expect(reference(s), s).toBe(ok);
    }
  });
});
