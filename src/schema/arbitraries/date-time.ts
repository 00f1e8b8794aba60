import fc from 'fast-check';
import { pad, realDay } from './internal.js';

/**
 * RFC 3339 date-times that exist on the calendar, in the forms memkit accepts:
 * `T` separator, optional fraction, `Z` or `±hh:mm` offset (sometimes lowercase).
 *
 * @example fc.sample(dateTimeArb, 1) // ['2031-07-04T09:15:00.250+02:00']
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
