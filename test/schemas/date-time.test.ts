// isRfc3339DateTime accepts exactly what `format: date-time` plus DATE_TIME_PATTERN accept,
// the pair the emitted schemas carry; isDateTime (memkit's one-pass check, what Date.parse
// reads) the same but leap seconds.
import fc from 'fast-check';
import { IsDateTime } from 'typebox/format';
import { describe, expect, it } from 'vitest';
import { dateTimeArb } from '../../src/schema/arbitraries/index.js';
import { DATE_TIME_PATTERN, ISO_DATE_TIME_PATTERN, compileValidator, isDateTime, isIsoDateTime, isoDateTimeMillis } from '../../src/schema/index.js';
import { isoWeeksInYear } from '../../src/schema/calendar.js';
import { isRfc3339DateTime } from '../../src/schema/date-time.js';
import * as validateModule from '../../src/schema/validate.js';
import { compileTally } from '../../src/schema/validate.js';

const re = new RegExp(DATE_TIME_PATTERN);
const reference = (s: string) => re.test(s) && IsDateTime(s);
/** A leap second in memkit's RFC 3339 profile: seconds `60`. */
const leap = (s: string) => s.slice(16, 19) === ':60';
const CHARS = '0123456789-:.TtZz+ []';

describe('isDateTime', () => {
  it('agrees with the reference on valid date-times and on every one-character edit of them', () => {
    fc.assert(
      fc.property(dateTimeArb, fc.nat(), fc.constantFrom(...CHARS), fc.constantFrom('replace', 'insert', 'delete'), (s, at, c, op) => {
        expect(isDateTime(s)).toBe(true);
        const i = at % (s.length + 1);
        const edited = op === 'replace' ? s.slice(0, i) + c + s.slice(i + 1) : op === 'insert' ? s.slice(0, i) + c + s.slice(i) : s.slice(0, i) + s.slice(i + 1);
        expect(isRfc3339DateTime(edited), edited).toBe(reference(edited));
        expect(isDateTime(edited), edited).toBe(reference(edited) && !leap(edited));
      }),
      { numRuns: 3000 },
    );
  });

  it('agrees on random strings over the date-time alphabet', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...CHARS), { maxLength: 30 }).map((a) => a.join('')),
        (s) => {
          expect(isRfc3339DateTime(s), s).toBe(reference(s));
          expect(isDateTime(s), s).toBe(reference(s) && !leap(s));
        },
      ),
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

  // memory-bank-schema.md and thunderus-schemas.txt: "ISO8601", "RFC3339"; RFC 3339 §5.7 allows
  // a leap second, at 23:59:60 UTC only (in any zone: 15:59:60-08:00).
  it('accepts an RFC 3339 leap second only in the minute that is 23:59 UTC', () => {
    const cases: [string, boolean][] = [
      ['2026-06-30T23:59:60Z', true],
      ['2016-12-31T23:59:60.5z', true],
      ['1990-12-31T15:59:60-08:00', true],
      ['2026-07-01T05:29:60+05:30', true],
      ['2026-06-30T23:59:60.' + '5'.repeat(100) + 'Z', true],
      ['2026-06-30T12:00:60Z', false],
      ['2026-06-30T23:58:60Z', false],
      ['1990-12-31T23:59:60-08:00', false],
      ['2026-06-30T23:59:61Z', false],
      ['2026-06-31T23:59:60Z', false],
      ['2026-06-30T23:59:60', false],
    ];
    for (const [s, ok] of cases) {
      expect(isRfc3339DateTime(s), s).toBe(ok);
      expect(reference(s), s).toBe(ok);
      expect(isDateTime(s), s).toBe(false); // not what Date.parse reads
      expect(isIsoDateTime(s), s).toBe(ok || s === '2026-06-30T23:59:60');
    }
  });
});

// isIsoDateTime: the liberal ISO 8601 reader for fields the formats call ISO 8601.
const isoRe = new RegExp(ISO_DATE_TIME_PATTERN);
/**
 * The pattern, and memkit's one rule beyond it: a leap second (seconds 60) only in the minute that
 * is 23:59 UTC, told here by the instant of the same string with seconds 59.
 */
const isoReference = (s: string): boolean => {
  if (!isoRe.test(s)) return false;
  const at59 = s.replace(/^(.+[Tt][0-9]{2}:?[0-9]{2}:?)60(?=[.,Zz+-]|$)/, '$159');
  if (at59 === s) return true;
  const t = new Date(isoDateTimeMillis(at59));
  return t.getUTCHours() === 23 && t.getUTCMinutes() === 59;
};
/** The ordinal (`2026-051`) or week (`2026-W08-5`) date of a calendar date `YYYY-MM-DD`, with `sep` between parts. */
function otherDate(date: string, form: 'ordinal' | 'week', sep: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  const start = new Date(day.getTime());
  start.setUTCMonth(0, 1);
  if (form === 'ordinal') return `${date.slice(0, 4)}${sep}${String((day.getTime() - start.getTime()) / 86_400_000 + 1).padStart(3, '0')}`;
  // The week's Thursday decides the week-numbering year.
  const weekday = day.getUTCDay() || 7;
  const thursday = new Date(day.getTime() + (4 - weekday) * 86_400_000);
  const jan1 = new Date(thursday.getTime());
  jan1.setUTCMonth(0, 1);
  const week = Math.floor((thursday.getTime() - jan1.getTime()) / 86_400_000 / 7) + 1;
  return `${String(thursday.getUTCFullYear()).padStart(4, '0')}${sep}W${String(week).padStart(2, '0')}${sep}${weekday}`;
}

/** ISO 8601 date-times in the forms memkit reads: calendar, ordinal or week dates, extended or basic, reduced precision, any zone or none. */
const isoArb = fc
  .record({
    rfc: dateTimeArb,
    form: fc.constantFrom('calendar', 'ordinal', 'week'),
    basic: fc.boolean(),
    precision: fc.constantFrom(1, 2, 3),
    frac: fc.option(fc.tuple(fc.constantFrom('.', ','), fc.integer({ min: 0, max: 99_999 })), { nil: undefined }),
    zone: fc.constantFrom('', 'Z', '+02', '-0530', '+05:30', 'z'),
  })
  .map(({ rfc, form, basic, precision, frac, zone }) => {
    const [date, time] = [rfc.slice(0, 10), rfc.slice(11, 19)];
    const parts = time.split(':').slice(0, precision);
    const sep = basic ? '' : '-';
    const tsep = basic ? '' : ':';
    const day = form === 'calendar' ? date.replaceAll('-', sep) : otherDate(date, form, sep);
    return `${day}T${parts.join(tsep)}${frac ? frac[0] + frac[1] : ''}${zone}`;
  });

describe('isIsoDateTime', () => {
  it('accepts every RFC 3339 date-time memkit writes (the profile is a subset)', () => {
    fc.assert(
      fc.property(dateTimeArb, (s) => {
        expect(isIsoDateTime(s)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('accepts generated ISO 8601 forms and agrees with the pattern on every one-character edit of them', () => {
    fc.assert(
      fc.property(isoArb, fc.nat(), fc.constantFrom(...CHARS, ',', 'W'), fc.constantFrom('replace', 'insert', 'delete'), (s, at, c, op) => {
        expect(isIsoDateTime(s), s).toBe(true);
        const i = at % (s.length + 1);
        const edited = op === 'replace' ? s.slice(0, i) + c + s.slice(i + 1) : op === 'insert' ? s.slice(0, i) + c + s.slice(i) : s.slice(0, i) + s.slice(i + 1);
        expect(isIsoDateTime(edited), edited).toBe(isoReference(edited));
      }),
      { numRuns: 3000 },
    );
  });

  it('reads the calendar exactly (leap years) and refuses what it does not read', () => {
    const cases: [string, boolean][] = [
      ['2024-02-29T00:00', true],
      ['20240229T00', true],
      ['2023-02-29T00:00:00', false],
      ['1900-02-29T00:00:00Z', false],
      ['2000-02-29T00:00:00Z', true],
      ['2026-04-31T00:00:00Z', false],
      ['2026-02-20T02:00:00+0200', true],
      ['2026-02-20T02:00:00+24', false],
      ['2026-02-20T020000Z', false], // extended date, basic time
      ['20260220T02:00:00Z', false],
      ['2026-02-20T24:00:00Z', false],
      ['2026-02-20T23:59:60Z', true], // a leap second (at 23:59:60 UTC): ISO 8601 allows 60
      ['2026-02-20T12:00:60Z', false],
      ['2026-W08-5T02:00:00Z', true], // week date
      ['2026W085T020000Z', true],
      ['2026-W53-4T00:00Z', true], // 2026 starts on a Thursday: 53 weeks
      ['2025-W53-1T00:00Z', false],
      ['2026-W00-1T00:00Z', false],
      ['2026-W08-8T00:00Z', false],
      ['2026-051T02:00:00Z', true], // ordinal date
      ['2026051T0200Z', true],
      ['2024-366T00:00Z', true],
      ['2025-366T00:00Z', false],
      ['2026-000T00:00Z', false],
      ['2026-W085T02:00:00Z', false], // extended and basic mixed
      ['2026-02-20T02:00:00Z', true],
      ['2026-02-20', false],
      ['2026-02-20 02:00:00Z', false],
      ['2026-02-20T02:00:00.' + '1'.repeat(300) + '+0200', true],
      ['2026-02-30T02:00:00.' + '1'.repeat(300) + 'Z', false],
      ['x'.repeat(100_000), false],
    ];
    for (const [s, ok] of cases) {
      expect(isIsoDateTime(s), s.slice(0, 40)).toBe(ok);
      if (s.length < 256) expect(isoReference(s), s).toBe(ok);
    }
    // The pattern admits :60 in any minute (which one is 23:59 UTC depends on the zone); memkit does not.
    expect(isoRe.test('2026-02-20T12:00:60Z')).toBe(true);
  });

  // thread-store-schema.md "Must be valid ISO 8601 format", memory-bank-schema.md "ts: string (ISO8601)":
  // week and ordinal dates are ISO 8601 date-times, and were refused.
  it('reads week and ordinal dates, week 53 only in the years that have one', () => {
    for (let y = 0; y < 10_000; y += 7) {
      const year = String(y).padStart(4, '0');
      expect(isoRe.test(`${year}-W53-1T00Z`), year).toBe(isoWeeksInYear(y) === 53);
      expect(isoRe.test(`${year}W537T00Z`), year).toBe(isoWeeksInYear(y) === 53);
      // Week 1 is the week of January 4, and starts on a Monday.
      const monday = new Date(isoDateTimeMillis(`${year}-W01-1T00Z`));
      expect(monday.getUTCDay(), year).toBe(1);
      const jan4 = new Date(Date.UTC(2000, 0, 4));
      jan4.setUTCFullYear(y);
      expect((jan4.getTime() - monday.getTime()) / 86_400_000, year).toBeLessThan(7);
      expect(isoDateTimeMillis(`${year}-001T00Z`), year).toBe(isoDateTimeMillis(`${year}-01-01T00Z`));
    }
    expect(isoDateTimeMillis('2026-W08-5T02:00:00Z')).toBe(Date.parse('2026-02-20T02:00:00Z'));
    expect(isoDateTimeMillis('2026W085T040000+0200')).toBe(Date.parse('2026-02-20T02:00:00Z'));
    expect(isoDateTimeMillis('2026-051T02:00:00Z')).toBe(Date.parse('2026-02-20T02:00:00Z'));
    expect(isoDateTimeMillis('2024-366T12:00Z')).toBe(Date.parse('2024-12-31T12:00:00Z'));
    expect(isoDateTimeMillis('2026-W01-1T00:00:00Z')).toBe(Date.parse('2025-12-29T00:00:00Z'));
    expect(isoDateTimeMillis('2026-W53-7T00:00:00Z')).toBe(Date.parse('2027-01-03T00:00:00Z'));
  });

  it('orders a leap second after the second before it and before the next minute', () => {
    const order = ['2026-06-30T23:59:59Z', '2026-06-30T23:59:59.998Z', '2026-06-30T23:59:60Z', '2026-07-01T00:00:00Z'].map(isoDateTimeMillis);
    for (let i = 1; i < order.length; i++) expect(order[i]!).toBeGreaterThan(order[i - 1]!);
    expect(isoDateTimeMillis('1990-12-31T15:59:60-08:00')).toBe(isoDateTimeMillis('1990-12-31T23:59:60Z'));
    expect(isoDateTimeMillis('2026-06-30T23:59:60.5Z')).toBe(Date.parse('2026-06-30T23:59:59.999Z'));
    expect(isoDateTimeMillis('2026-06-30T12:00:60Z')).toBeNaN();
  });

  it('isoDateTimeMillis names the same instant as Date.parse on RFC 3339 forms, and reads the others', () => {
    fc.assert(
      fc.property(dateTimeArb, (s) => {
        // Date.parse keeps milliseconds only; so does isoDateTimeMillis.
        expect(isoDateTimeMillis(s)).toBe(Date.parse(s.toUpperCase()));
      }),
      { numRuns: 1000 },
    );
    expect(isoDateTimeMillis('20260220T040000+0200')).toBe(Date.parse('2026-02-20T02:00:00Z'));
    expect(isoDateTimeMillis('2026-02-20T02:30')).toBe(Date.parse('2026-02-20T02:30:00Z'));
    expect(isoDateTimeMillis('2026-02-20T02,5Z')).toBe(Date.parse('2026-02-20T02:30:00Z'));
    expect(isoDateTimeMillis('0099-01-01T00:00:00Z')).toBe(Date.parse('0099-01-01T00:00:00Z'));
    expect(isoDateTimeMillis('2026-02-30T00:00:00Z')).toBeNaN();
  });
});

// `convention.date-time-profile` was decided by a module-level counter that the compiled checks
// bumped when they met an ISO 8601 timestamp outside memkit's profile: whether a value got the
// warning depended on which checks happened to reach the field (and on every caller reading the
// counter around its own checks). Now a value's warnings depend on the value alone.
const HASH = 'ab'.repeat(32);
const entry = { id: 'DEC-20260220-001', ts: '20260220T020000Z', proposer_agent: 'a', rationale: 'r', diff_hash: HASH, tests_passed: true, predecessor_hash: HASH };
const at = (problems: { code: string; pointer?: string }[]) => problems.map((p) => [p.code, p.pointer]);

describe('the date-time profile warning depends on the value alone, not on a shared counter', () => {
  it('a valid value outside the profile gets the warning, in validate and in the tally', () => {
    expect(at(compileValidator('decision-log-entry')!(entry))).toEqual([['convention.date-time-profile', '/ts']]);
    expect(compileTally('decision-log-entry')!(entry)).toEqual({ problems: 1, worst: 'warning', atLeast: false });
  });

  it('an invalid value gets it too, wherever the error sits', () => {
    for (const broken of [
      { ...entry, id: 12345 },
      { ...entry, predecessor_hash: 7 },
      { ...entry, tests_passed: 'yes' },
    ]) {
      const codes = at(compileValidator('decision-log-entry')!(broken));
      expect(codes).toContainEqual(['convention.date-time-profile', '/ts']);
      expect(codes.some(([c]) => c === 'schema.type')).toBe(true);
    }
  });

  it('values checked in between change nothing', () => {
    const check = compileValidator('decision-log-entry')!;
    const alone = check(entry);
    const inForm = { ...entry, ts: '2026-02-20T02:00:00Z' };
    expect(check(inForm)).toEqual([]);
    expect(compileValidator('thread-operation')!({})).not.toEqual([]);
    expect(check(entry)).toEqual(alone);
    expect(check(inForm)).toEqual([]);
  });

  it('no counter is left to read', () => {
    expect('offProfileDateTimes' in validateModule).toBe(false);
  });
});
