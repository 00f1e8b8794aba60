// Arbitraries of the strings several formats hold: dates, date-times, hashes, versions.
import fc from 'fast-check';
import { toHex } from '../../kernel/canonical/index.js';
import { ALNUM, pad, realDay, token } from './internal.js';

/**
 * `YYYYMMDD` strings naming days that exist, as embedded in `DEC-`, `RISK-`
 * and `SESSION-` ids.
 *
 * @example
 * import fc from 'fast-check';
 * fc.sample(compactDateArb, 1) // ['20260220']
 */
export const compactDateArb: fc.Arbitrary<string> = realDay.map(({ y, m, d }) => `${pad(y, 4)}${pad(m)}${pad(d)}`);

/**
 * RFC 3339 date-times that exist on the calendar, in the forms memkit accepts:
 * `T` separator, optional fraction, `Z` or `±hh:mm` offset (sometimes lowercase).
 *
 * @example
 * import fc from 'fast-check';
 * fc.sample(dateTimeArb, 1) // ['2031-07-04T09:15:00.250+02:00']
 */
export const dateTimeArb: fc.Arbitrary<string> = fc
  .record({
    day: realDay,
    h: fc.integer({ min: 0, max: 23 }),
    mi: fc.integer({ min: 0, max: 59 }),
    s: fc.integer({ min: 0, max: 59 }),
    frac: fc.option(
      fc.integer({ min: 0, max: 999_999 }).map((n) => '.' + String(n).padStart(1, '0')),
      { nil: '' },
    ),
    zone: fc.oneof(
      { weight: 3, arbitrary: fc.constant('Z') },
      fc.constant('z'),
      fc.tuple(fc.constantFrom('+', '-'), fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })).map(([s, h, m]) => `${s}${pad(h)}:${pad(m)}`),
    ),
    t: fc.constantFrom('T', 'T', 'T', 't'),
  })
  .map(({ day, h, mi, s, frac, zone, t }) => `${pad(day.y, 4)}-${pad(day.m)}-${pad(day.d)}${t}${pad(h)}:${pad(mi)}:${pad(s)}${frac}${zone}`);

/**
 * Lowercase hex SHA-256 digests (64 characters), including the all-zero
 * predecessor of a ledger's first entry now and then.
 */
export const sha256Arb: fc.Arbitrary<string> = fc.oneof(
  { weight: 9, arbitrary: fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => toHex(b)) },
  { weight: 1, arbitrary: fc.constant('0'.repeat(64)) },
);

const num = fc.oneof(fc.integer({ min: 0, max: 20 }), fc.nat());
const ident = fc.oneof(
  fc.nat().map(String),
  token(ALNUM + '-', 1, 8).filter((s) => !/^[0-9]+$/.test(s)),
);

/**
 * SemVer 2.0.0 versions, with pre-release and build metadata now and then.
 *
 * @example
 * import fc from 'fast-check';
 * fc.sample(semverArb, 2) // ['1.0.0', '3.14.0-rc.1+build-7']
 */
export const semverArb: fc.Arbitrary<string> = fc
  .record({
    major: num,
    minor: num,
    patch: num,
    pre: fc.option(
      fc.array(ident, { minLength: 1, maxLength: 3 }).map((a) => '-' + a.join('.')),
      { nil: '' },
    ),
    build: fc.option(
      fc.array(token(ALNUM + '-', 1, 8), { minLength: 1, maxLength: 2 }).map((a) => '+' + a.join('.')),
      { nil: '' },
    ),
  })
  .map(({ major, minor, patch, pre, build }) => `${major}.${minor}.${patch}${pre}${build}`);
