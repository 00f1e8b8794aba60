import { daysInMonth, digits, isoWeekdayOfJanuaryFirst, isoWeeksInYear } from './calendar.js';

const digit = (s: string, i: number): number => digits(s, i, 1);
const two = (s: string, i: number): number => digits(s, i, 2);

/**
 * True when `s` is an RFC 3339 date-time in memkit's profile that names an instant that exists
 * (not `2026-02-30T00:00:00Z`), leap seconds aside: every string it accepts `Date.parse` reads.
 * One pass, no allocation. {@link isRfc3339DateTime} also accepts a leap second.
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

/**
 * True when `s` is an RFC 3339 date-time memkit accepts: {@link isDateTime}'s, or a leap second
 * (`2026-06-30T23:59:60Z`, `1990-12-31T15:59:60-08:00`): `:60` only in the minute that is 23:59
 * UTC, as RFC 3339 §5.7 reads it (and the `date-time` formats of TypeBox and Ajv). What
 * `DATE_TIME_PATTERN` with `format: date-time` accepts.
 */
export function isRfc3339DateTime(s: string): boolean {
  return isDateTime(s) || isRfc3339LeapSecond(s);
}

function isRfc3339LeapSecond(s: string): boolean {
  if (s.length < 20 || s.charCodeAt(16) !== 58 || s.charCodeAt(17) !== 54 || s.charCodeAt(18) !== 48) return false; // ":60"
  const t = `${s.slice(0, 17)}59${s.slice(19)}`; // the same instant's calendar and zone, checked once
  if (!isDateTime(t)) return false;
  const z = t.charCodeAt(t.length - 1);
  const offset = z === 90 || z === 122 ? 0 : (t[t.length - 6] === '-' ? -1 : 1) * (two(t, t.length - 5) * 60 + two(t, t.length - 2));
  return isLeapMinute(two(t, 11), two(t, 14), offset);
}

/** True when local `hh:mm` at `offset` minutes east of UTC is 23:59 UTC: the only minute a leap second ends. */
function isLeapMinute(hh: number, mm: number, offset: number): boolean {
  return (((hh * 60 + mm - offset) % 1440) + 1440) % 1440 === 1439;
}

// ISO 8601 date-times, read liberally where a seed says only "ISO 8601". The
// pattern is the rule (it is what the emitted JSON Schemas carry), calendar
// included: month lengths, leap years and the years with a week 53 are spelled
// out so that a JSON Schema validator and memkit agree on `2026-02-30T00:00:00Z`
// and `2025-W53-1T00:00:00Z` (both refused). One rule is memkit's alone: which
// minute a leap second (`:60`) may end depends on the zone, beyond a pattern of
// reasonable size, so the pattern admits `:60` in any minute and memkit only in
// the one that is 23:59 UTC (no zone: read as UTC).
const LEAP_YEAR = '(?:[0-9]{2}(?:0[48]|[2468][048]|[13579][26])|(?:[02468][048]|[13579][26])00)';
const calendarDay = (sep: string) =>
  `(?:[0-9]{4}${sep}(?:(?:0[13578]|1[02])${sep}(?:0[1-9]|[12][0-9]|3[01])|(?:0[469]|11)${sep}(?:0[1-9]|[12][0-9]|30)|02${sep}(?:0[1-9]|1[0-9]|2[0-8]))|${LEAP_YEAR}${sep}02${sep}29)`;
const ordinalDay = (sep: string) => `(?:[0-9]{4}${sep}(?:00[1-9]|0[1-9][0-9]|[12][0-9]{2}|3[0-5][0-9]|36[0-5])|${LEAP_YEAR}${sep}366)`;

/** The years with 53 ISO weeks, as a pattern of four digits: the 400-year cycle, by the century's remainder mod 4. */
function longYearPattern(): string {
  const centuries = ['(?:[02468][048]|[13579][26])', '(?:[02468][159]|[13579][37])', '(?:[02468][26]|[13579][048])', '(?:[02468][37]|[13579][159])'];
  return `(?:${centuries
    .map((century, r) => {
      const byTens = new Map<number, string>();
      for (let yy = 0; yy < 100; yy++) if (isoWeeksInYear(2000 + r * 100 + yy) === 53) byTens.set(Math.floor(yy / 10), (byTens.get(Math.floor(yy / 10)) ?? '') + (yy % 10));
      const years = [...byTens].map(([tens, units]) => (units.length === 1 ? `${tens}${units}` : `${tens}[${units}]`));
      return `${century}(?:${years.join('|')})`;
    })
    .join('|')})`;
}
const LONG_YEAR = longYearPattern();
const weekDay = (sep: string) => `(?:[0-9]{4}${sep}W(?:0[1-9]|[1-4][0-9]|5[0-2])|${LONG_YEAR}${sep}W53)${sep}[1-7]`;
const date = (sep: string) => `(?:${calendarDay(sep)}|${ordinalDay(sep)}|${weekDay(sep)})`;
// Hours, then optional minutes and seconds (60: a leap second); a decimal fraction (`.` or `,`) of the last one given.
const time = (sep: string) => `(?:[01][0-9]|2[0-3])(?:${sep}[0-5][0-9](?:${sep}(?:[0-5][0-9]|60))?)?(?:[.,][0-9]+)?`;

/**
 * ISO 8601 date and time of day, as memkit reads the fields a seed calls
 * "ISO 8601": a calendar (`2026-02-20`), ordinal (`2026-051`) or week
 * (`2026-W08-5`) date in extended or basic (`20260220`, `2026051`, `2026W085`)
 * format, `T` (or `t`), a time of day in the same format with hours, minutes
 * and seconds (`60`: a leap second) or a reduced precision (`02:00`, `02`), an
 * optional decimal fraction (`.` or `,`), and an optional zone: `Z`, `±hh:mm`,
 * `±hhmm` or `±hh` (none: local time). The date must exist. Not read: expanded
 * years, `24:00`, a space for `T`. A leap second is valid only at 23:59:60 UTC,
 * which {@link isIsoDateTime} checks beyond the pattern.
 */
export const ISO_DATE_TIME_PATTERN = `^(?:${date('-')}[Tt]${time(':')}|${date('')}[Tt]${time('')})(?:[Zz]|[+-](?:[01][0-9]|2[0-3])(?::?[0-5][0-9])?)?$`;

const ISO_DATE_TIME = new RegExp(ISO_DATE_TIME_PATTERN);

/**
 * True when `s` is an ISO 8601 date-time {@link ISO_DATE_TIME_PATTERN} accepts, with a leap second
 * only at 23:59:60 UTC; the regular expression runs only for strings {@link isDateTime} refuses.
 *
 * @example isIsoDateTime('20260220T020000Z') // true
 * @example isIsoDateTime('2026-W08-5T02:00:00Z') // true
 * @example isIsoDateTime('2026-06-30T12:00:60Z') // false: not the last minute of the UTC day
 */
export function isIsoDateTime(s: string): boolean {
  if (isDateTime(s)) return true;
  const short = s.length <= 256 ? s : shortFraction(s);
  return short !== undefined && ISO_DATE_TIME.test(short) && (!short.includes('60') || leapSecondFits(short));
}

// A long string can only be a date-time with a long fraction: cut the fraction short before the regular expression.
function shortFraction(s: string): string | undefined {
  const m = /[.,][0-9]{200,}/.exec(s);
  return m === null ? undefined : s.slice(0, m.index + 4) + s.slice(m.index + m[0].length);
}

/** True when a date-time the pattern accepts has no leap second, or has it in the minute that is 23:59 UTC. */
function leapSecondFits(s: string): boolean {
  const m = PARTS.exec(s);
  if (m === null || m[SS] !== '60') return m !== null;
  const offset = m[SIGN] === undefined ? 0 : (m[SIGN] === '-' ? -1 : 1) * (Number(m[OH]) * 60 + Number(m[OM] ?? 0));
  return isLeapMinute(Number(m[HH]), Number(m[MI]), offset);
}

// Year; month and day, ordinal day, or week and weekday; hours, minutes, seconds, fraction; Z, or sign, hours, minutes.
const PARTS = /^([0-9]{4})-?(?:([0-9]{2})-?([0-9]{2})|([0-9]{3})|W([0-9]{2})-?([1-7]))[Tt]([0-9]{2})(?::?([0-9]{2})(?::?([0-9]{2}))?)?(?:[.,]([0-9]+))?(?:([Zz])|([+-])([0-9]{2})(?::?([0-9]{2}))?)?$/;
const [YEAR, MONTH, DAY, ORDINAL, WEEK, WEEKDAY, HH, MI, SS, FRACTION, , SIGN, OH, OM] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14] as const;

/**
 * The instant an ISO 8601 date-time names, in milliseconds since 1970 (no zone: UTC), or NaN;
 * for ordering timestamps `Date.parse` cannot read (basic format, `+0200`, week and ordinal
 * dates, leap seconds). A leap second, which milliseconds since 1970 do not count, reads as the
 * last millisecond before the next minute: after every instant of the second before it, before
 * every instant of the next minute.
 *
 * @example isoDateTimeMillis('20260220T040000+0200') === Date.parse('2026-02-20T02:00:00Z')
 * @example isoDateTimeMillis('2026-W08-5T02:00:00Z') === Date.parse('2026-02-20T02:00:00Z')
 */
export function isoDateTimeMillis(s: string): number {
  if (!isIsoDateTime(s)) return Number.NaN;
  const m = PARTS.exec(s.length > 256 ? s.replace(/([.,][0-9]{3})[0-9]+/, '$1') : s);
  if (m === null) return Number.NaN;
  const n = (i: number) => (m[i] === undefined ? 0 : Number(m[i]));
  const leap = m[SS] === '60';
  // The fraction belongs to the last unit given: seconds, minutes or hours.
  const unit = m[SS] !== undefined ? 1000 : m[MI] !== undefined ? 60_000 : 3_600_000;
  const fraction = leap ? 999 : m[FRACTION] === undefined ? 0 : Math.floor(Number('0.' + m[FRACTION]) * unit);
  const offset = m[SIGN] === undefined ? 0 : (m[SIGN] === '-' ? -1 : 1) * (n(OH) * 60 + n(OM)) * 60_000;
  const year = n(YEAR);
  const d = new Date(0);
  // setUTCFullYear, not Date.UTC, which reads years 0-99 as 1900-1999; a day past the month's end rolls over.
  if (m[MONTH] !== undefined) d.setUTCFullYear(year, n(MONTH) - 1, n(DAY));
  else if (m[ORDINAL] !== undefined) d.setUTCFullYear(year, 0, n(ORDINAL));
  // Week 1 is the week holding January 4; weeks start on Monday.
  else d.setUTCFullYear(year, 0, 4 - ((isoWeekdayOfJanuaryFirst(year) + 3 - 1) % 7) + (n(WEEK) - 1) * 7 + (n(WEEKDAY) - 1));
  d.setUTCHours(n(HH), n(MI), leap ? 59 : n(SS));
  return d.getTime() + fraction - offset;
}
