import { daysInMonth, digits } from './calendar.js';

const digit = (s: string, i: number): number => digits(s, i, 1);
const two = (s: string, i: number): number => digits(s, i, 2);

/**
 * True when `s` matches `DATE_TIME_PATTERN` and names an instant that exists (not
 * `2026-02-30T00:00:00Z`). One pass, no allocation: the validators use it for the `date-time` format.
 */
export function isDateTime(s: string): boolean {
  const n = s.length;
  if (n < 20 || n > 64) return n > 64 ? isLongDateTime(s) : false;
  const century = two(s, 0);
  const yy = two(s, 2);
  if (century < 0 || yy < 0 || s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45 || s.charCodeAt(13) !== 58 || s.charCodeAt(16) !== 58) return false; // - - : :
  const y = century * 100 + yy;
  const t = s.charCodeAt(10);
  if (t !== 84 && t !== 116) return false; // T or t
  const m = two(s, 5);
  const d = two(s, 8);
  if (m < 1 || m > 12 || d < 1) return false;
  if (d > daysInMonth(y, m)) return false;
  const hh = two(s, 11);
  const mi = two(s, 14);
  const ss = two(s, 17);
  if (hh < 0 || hh > 23 || mi < 0 || mi > 59 || ss < 0 || ss > 59) return false;
  let i = 19;
  if (s[i] === '.') {
    i++;
    const start = i;
    while (i < n && digit(s, i) >= 0) i++;
    if (i === start) return false;
  }
  const z = s.charCodeAt(i);
  if (z === 90 || z === 122) return i + 1 === n; // Z or z
  if ((z !== 43 && z !== 45) || i + 6 !== n || s[i + 3] !== ':') return false; // + or -
  const oh = two(s, i + 1);
  const om = two(s, i + 4);
  return oh >= 0 && oh <= 23 && om >= 0 && om <= 59;
}

// Fractions longer than 40 digits are legal, if odd; keep the fast path small.
const LONG = /^[0-9]{4}-[0-9]{2}-[0-9]{2}[Tt][0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]+([Zz]|[+-][0-9]{2}:[0-9]{2})$/;
function isLongDateTime(s: string): boolean {
  if (!LONG.test(s)) return false;
  const end = s.indexOf('.');
  return isDateTime(s.slice(0, end) + (s.endsWith('Z') || s.endsWith('z') ? 'Z' : s.slice(-6)));
}

// ISO 8601 date-times, read liberally where a seed says only "ISO 8601". The
// pattern is the rule (it is what the emitted JSON Schemas carry), calendar
// included: month lengths and leap years are spelled out so that a JSON Schema
// validator and memkit agree on `2026-02-30T00:00:00Z` (refused).
const LEAP_YEAR = '(?:[0-9]{2}(?:0[48]|[2468][048]|[13579][26])|(?:[02468][048]|[13579][26])00)';
const day = (sep: string) =>
  `(?:[0-9]{4}${sep}(?:(?:0[13578]|1[02])${sep}(?:0[1-9]|[12][0-9]|3[01])|(?:0[469]|11)${sep}(?:0[1-9]|[12][0-9]|30)|02${sep}(?:0[1-9]|1[0-9]|2[0-8]))|${LEAP_YEAR}${sep}02${sep}29)`;
// Hours, then optional minutes and seconds; a decimal fraction (`.` or `,`) of the last one given.
const time = (sep: string) => `(?:[01][0-9]|2[0-3])(?:${sep}[0-5][0-9](?:${sep}[0-5][0-9])?)?(?:[.,][0-9]+)?`;

/**
 * ISO 8601 date and time of day, as memkit reads the fields a seed calls
 * "ISO 8601": calendar date in extended (`2026-02-20`) or basic (`20260220`)
 * format, `T` (or `t`), a time of day in the same format with hours, minutes
 * and seconds or a reduced precision (`02:00`, `02`), an optional decimal
 * fraction (`.` or `,`), and an optional zone: `Z`, `±hh:mm`, `±hhmm` or `±hh`
 * (none: local time). The date must exist. Not read: week and ordinal dates,
 * expanded years, `24:00`, leap seconds, a space for `T`.
 */
export const ISO_DATE_TIME_PATTERN = `^(?:${day('-')}[Tt]${time(':')}|${day('')}[Tt]${time('')})(?:[Zz]|[+-](?:[01][0-9]|2[0-3])(?::?[0-5][0-9])?)?$`;

const ISO_DATE_TIME = new RegExp(ISO_DATE_TIME_PATTERN);

/**
 * True when `s` is an ISO 8601 date-time {@link ISO_DATE_TIME_PATTERN} accepts; the regular
 * expression runs only for strings {@link isDateTime} refuses.
 *
 * @example isIsoDateTime('20260220T020000Z') // true
 * @example isIsoDateTime('2026-02-20T02:00:00+0200') // true
 */
export function isIsoDateTime(s: string): boolean {
  return isDateTime(s) || (s.length <= 256 && ISO_DATE_TIME.test(s)) || (s.length > 256 && isLongIsoDateTime(s));
}

// A long string can only be a date-time with a long fraction: cut the fraction short before the regular expression.
function isLongIsoDateTime(s: string): boolean {
  const m = /[.,][0-9]{200,}/.exec(s);
  return m !== null && ISO_DATE_TIME.test(s.slice(0, m.index + 2) + s.slice(m.index + m[0].length));
}

const PARTS = /^([0-9]{4})-?([0-9]{2})-?([0-9]{2})[Tt]([0-9]{2})(?::?([0-9]{2})(?::?([0-9]{2}))?)?(?:[.,]([0-9]+))?(?:([Zz])|([+-])([0-9]{2})(?::?([0-9]{2}))?)?$/;

/**
 * The instant an ISO 8601 date-time names, in milliseconds since 1970 (no zone: UTC), or NaN;
 * for ordering timestamps `Date.parse` cannot read (basic format, `+0200`).
 *
 * @example isoDateTimeMillis('20260220T040000+0200') === Date.parse('2026-02-20T02:00:00Z')
 */
export function isoDateTimeMillis(s: string): number {
  if (!isIsoDateTime(s)) return Number.NaN;
  const m = PARTS.exec(s.length > 256 ? s.replace(/([.,][0-9]{3})[0-9]+/, '$1') : s);
  if (m === null) return Number.NaN;
  const n = (i: number) => (m[i] === undefined ? 0 : Number(m[i]));
  // The fraction belongs to the last unit given: seconds, minutes or hours.
  const unit = m[6] !== undefined ? 1000 : m[5] !== undefined ? 60_000 : 3_600_000;
  const fraction = m[7] === undefined ? 0 : Math.floor(Number('0.' + m[7]) * unit);
  const offset = m[9] === undefined ? 0 : (m[9] === '-' ? -1 : 1) * (n(10) * 60 + n(11)) * 60_000;
  const d = new Date(0);
  d.setUTCFullYear(n(1), n(2) - 1, n(3)); // not Date.UTC, which reads years 0-99 as 1900-1999
  d.setUTCHours(n(4), n(5), n(6));
  return d.getTime() + fraction - offset;
}
