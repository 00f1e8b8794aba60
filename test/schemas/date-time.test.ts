// isDateTime (memkit's one-pass check) accepts exactly what `format: date-time`
// plus DATE_TIME_PATTERN accept, the pair the emitted schemas carry.
import fc from 'fast-check';
import { IsDateTime } from 'typebox/format';
import { describe, expect, it } from 'vitest';
import { dateTimeArb } from '../../src/schema/arbitraries/index.js';
import { DATE_TIME_PATTERN, ISO_DATE_TIME_PATTERN, compileValidator, isDateTime, isIsoDateTime, isoDateTimeMillis } from '../../src/schema/index.js';
import * as validateModule from '../../src/schema/validate.js';
import { compileTally } from '../../src/schema/validate.js';

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
      fc.property(
        fc.array(fc.constantFrom(...CHARS), { maxLength: 30 }).map((a) => a.join('')),
        (s) => {
          expect(isDateTime(s), s).toBe(reference(s));
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
});

// isIsoDateTime: the liberal ISO 8601 reader for fields the formats call ISO 8601.
const isoRe = new RegExp(ISO_DATE_TIME_PATTERN);
/** ISO 8601 date-times in the forms memkit reads: extended or basic, reduced precision, any zone or none. */
const isoArb = fc
  .record({
    rfc: dateTimeArb,
    basic: fc.boolean(),
    precision: fc.constantFrom(1, 2, 3),
    frac: fc.option(fc.tuple(fc.constantFrom('.', ','), fc.integer({ min: 0, max: 99_999 })), { nil: undefined }),
    zone: fc.constantFrom('', 'Z', '+02', '-0530', '+05:30', 'z'),
  })
  .map(({ rfc, basic, precision, frac, zone }) => {
    const [date, time] = [rfc.slice(0, 10), rfc.slice(11, 19)];
    const parts = time.split(':').slice(0, precision);
    const sep = basic ? '' : '-';
    const tsep = basic ? '' : ':';
    return `${date.replaceAll('-', sep)}T${parts.join(tsep)}${frac ? frac[0] + frac[1] : ''}${zone}`;
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
      fc.property(isoArb, fc.nat(), fc.constantFrom(...CHARS, ','), fc.constantFrom('replace', 'insert', 'delete'), (s, at, c, op) => {
        expect(isIsoDateTime(s), s).toBe(true);
        const i = at % (s.length + 1);
        const edited = op === 'replace' ? s.slice(0, i) + c + s.slice(i + 1) : op === 'insert' ? s.slice(0, i) + c + s.slice(i) : s.slice(0, i) + s.slice(i + 1);
        expect(isIsoDateTime(edited), edited).toBe(isoRe.test(edited));
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
      ['2026-02-20T23:59:60Z', false],
      ['2026-W08-5T02:00:00Z', false],
      ['2026-051T02:00:00Z', false],
      ['2026-02-20', false],
      ['2026-02-20 02:00:00Z', false],
      ['2026-02-20T02:00:00.' + '1'.repeat(300) + '+0200', true],
      ['2026-02-30T02:00:00.' + '1'.repeat(300) + 'Z', false],
      ['x'.repeat(100_000), false],
    ];
    for (const [s, ok] of cases) {
      expect(isIsoDateTime(s), s.slice(0, 40)).toBe(ok);
      if (s.length < 256) expect(isoRe.test(s), s).toBe(ok);
    }
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
