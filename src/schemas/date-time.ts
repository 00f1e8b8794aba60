import { daysInMonth, digits } from './calendar.js';

const digit = (s: string, i: number): number => digits(s, i, 1);
const two = (s: string, i: number): number => digits(s, i, 2);

/**
 * True when `s` is an RFC 3339 date-time in the form memkit accepts
 * (`DATE_TIME_PATTERN`) and names an instant that exists on the calendar:
 * `2026-02-20T02:00:00Z`, `2024-02-29t23:59:59.5+05:30`; not `2026-02-30T00:00:00Z`,
 * not a leap second, not a `[zone]` suffix. One pass, no allocation: memkit's
 * compiled validators use it in place of the slower generic `date-time` format.
 */
export function isDateTime(s: string): boolean {
  const n = s.length;
  if (n < 20 || n > 64) return n > 64 ? isLongDateTime(s) : false;
  const y = two(s, 0) * 100 + two(s, 2);
  const yOk = two(s, 0) >= 0 && two(s, 2) >= 0;
  if (!yOk || s[4] !== '-' || s[7] !== '-' || s[13] !== ':' || s[16] !== ':') return false;
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
