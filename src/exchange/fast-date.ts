import { daysInMonth, digits } from '../schemas/calendar.js';

/**
 * A conservative, fast RFC 3339 date-time check: `YYYY-MM-DDTHH:MM:SS`, an
 * optional fraction of 1 to 9 digits, `Z` or `±HH:MM`, on a day that exists,
 * no leap second, upper-case `T` and `Z`. It accepts only strings the
 * schemas' `date-time` format also accepts (a property test holds it to
 * that), so callers use it as a fast path and fall back to full validation
 * when it says no. No regular expression, no allocation.
 */
export function isPlainDateTime(s: string): boolean {
  const n = s.length;
  if (n < 20 || s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45 || s.charCodeAt(10) !== 84 || s.charCodeAt(13) !== 58 || s.charCodeAt(16) !== 58) return false;
  const y = digits(s, 0, 4);
  const mo = digits(s, 5, 2);
  const d = digits(s, 8, 2);
  const h = digits(s, 11, 2);
  const mi = digits(s, 14, 2);
  const se = digits(s, 17, 2);
  if (y < 0 || mo < 1 || mo > 12 || d < 1 || h < 0 || h > 23 || mi < 0 || mi > 59 || se < 0 || se > 59) return false;
  if (d > daysInMonth(y, mo)) return false;
  let i = 19;
  if (s.charCodeAt(i) === 46) {
    const start = ++i;
    while (i < n && s.charCodeAt(i) >= 48 && s.charCodeAt(i) <= 57) i++;
    if (i === start || i - start > 9) return false;
  }
  if (i === n - 1) return s.charCodeAt(i) === 90;
  if (i !== n - 6) return false;
  const sign = s.charCodeAt(i);
  if ((sign !== 43 && sign !== 45) || s.charCodeAt(i + 3) !== 58) return false;
  const oh = digits(s, i + 1, 2);
  const om = digits(s, i + 4, 2);
  return oh >= 0 && oh <= 23 && om >= 0 && om <= 59;
}
