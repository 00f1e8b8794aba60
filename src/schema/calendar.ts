// Calendar arithmetic of memkit's date-time reader
// (schemas/date-time.ts). Internal:
// not exported from `memkit/schemas`.

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
