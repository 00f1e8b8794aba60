/** True when `yyyymmdd` names a day that exists on the Gregorian calendar. */
export function isRealDate(yyyymmdd: string): boolean {
  if (!/^[0-9]{8}$/.test(yyyymmdd)) return false;
  const y = Number(yyyymmdd.slice(0, 4));
  const m = Number(yyyymmdd.slice(4, 6));
  const d = Number(yyyymmdd.slice(6, 8));
  if (m < 1 || m > 12 || d < 1) return false;
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]!;
  return d <= days;
}

/** True when `hhmmss` is a valid time of day. */
export function isRealTime(hhmmss: string): boolean {
  if (!/^[0-9]{6}$/.test(hhmmss)) return false;
  return Number(hhmmss.slice(0, 2)) < 24 && Number(hhmmss.slice(2, 4)) < 60 && Number(hhmmss.slice(4, 6)) < 60;
}
