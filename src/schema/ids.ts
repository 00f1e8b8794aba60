const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The number formed by `count` ASCII digits of `s` at `at`, or -1 if one is not a digit. */
export function digitsAt(s: string, at: number, count: number): number {
  let n = 0;
  for (let i = at; i < at + count; i++) {
    const c = s.charCodeAt(i) - 48;
    if (!(c >= 0 && c <= 9)) return -1;
    n = n * 10 + c;
  }
  return n;
}

/** True when `yyyymmdd` names a day that exists on the Gregorian calendar. */
export function isRealDate(yyyymmdd: string): boolean {
  return yyyymmdd.length === 8 && isRealDateAt(yyyymmdd, 0);
}

/** True when the 8 characters of `s` at `at` are a `YYYYMMDD` day that exists. */
export function isRealDateAt(s: string, at: number): boolean {
  const y = digitsAt(s, at, 4);
  const m = digitsAt(s, at + 4, 2);
  const d = digitsAt(s, at + 6, 2);
  if (y < 0 || m < 1 || m > 12 || d < 1) return false;
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  return d <= (m === 2 && leap ? 29 : DAYS[m - 1]!);
}

/** True when `hhmmss` is a valid time of day. */
export function isRealTime(hhmmss: string): boolean {
  return hhmmss.length === 6 && isRealTimeAt(hhmmss, 0);
}

/** True when the 6 characters of `s` at `at` are an `HHMMSS` time of day. */
export function isRealTimeAt(s: string, at: number): boolean {
  const h = digitsAt(s, at, 2);
  const m = digitsAt(s, at + 2, 2);
  const sec = digitsAt(s, at + 4, 2);
  return h >= 0 && h < 24 && m >= 0 && m < 60 && sec >= 0 && sec < 60;
}
