// Calendar arithmetic of the date-time reader (date-time.ts) and of the dates in ids (registry.ts).
// Internal: not exported from `memkit/schemas`.

/** The decimal number in `s[at .. at + count)`, or -1 when one of them is not an ASCII digit. */
export function digits(s: string, at: number, count: number): number {
  let n = 0;
  for (let i = at; i < at + count; i++) {
    const d = s.charCodeAt(i) - 0x30;
    if (!(d >= 0 && d <= 9)) return -1; // NaN past the end too
    n = n * 10 + d;
  }
  return n;
}

/** Days in `month` (1–12) of a proleptic Gregorian `year`. */
export function daysInMonth(year: number, month: number): number {
  if (month !== 2) return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
}

/** True when the 8 characters of `s` at `at` are a `YYYYMMDD` day that exists. */
export function isRealDateAt(s: string, at: number): boolean {
  const y = digits(s, at, 4);
  const m = digits(s, at + 4, 2);
  const d = digits(s, at + 6, 2);
  return y >= 0 && m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
}

/** True when the 6 characters of `s` at `at` are an `HHMMSS` time of day. */
export function isRealTimeAt(s: string, at: number): boolean {
  const h = digits(s, at, 2);
  const m = digits(s, at + 2, 2);
  const sec = digits(s, at + 4, 2);
  return h >= 0 && h < 24 && m >= 0 && m < 60 && sec >= 0 && sec < 60;
}

/** The ISO 8601 weekday (1 Monday … 7 Sunday) of January 1 of a proleptic Gregorian `year`. */
export function isoWeekdayOfJanuaryFirst(year: number): number {
  const d = new Date(0);
  d.setUTCFullYear(year, 0, 1); // not Date.UTC, which reads years 0-99 as 1900-1999
  return d.getUTCDay() || 7;
}

/** How many ISO 8601 weeks `year` has: 53 when it starts on a Thursday, or on a Wednesday in a leap year; else 52. */
export function isoWeeksInYear(year: number): 52 | 53 {
  const jan1 = isoWeekdayOfJanuaryFirst(year);
  return jan1 === 4 || (jan1 === 3 && daysInMonth(year, 2) === 29) ? 53 : 52;
}
