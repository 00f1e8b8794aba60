const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d{1,9})?(?:Z|([+-])(\d{2}):(\d{2}))$/;
const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * A conservative, fast RFC 3339 date-time check: `YYYY-MM-DDTHH:MM:SS`, an
 * optional fraction, `Z` or `±HH:MM`, on a day that exists, no leap second.
 * It accepts only strings the schemas' `date-time` format also accepts (a
 * property test holds it to that), so callers use it as a fast path and fall
 * back to full validation when it says no.
 */
export function isPlainDateTime(s: string): boolean {
  const m = RFC3339.exec(s);
  if (m === null) return false;
  const y = +m[1]!;
  const mo = +m[2]!;
  const d = +m[3]!;
  if (mo < 1 || mo > 12 || d < 1) return false;
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  if (d > (mo === 2 && leap ? 29 : DAYS[mo - 1]!)) return false;
  if (+m[4]! > 23 || +m[5]! > 59 || +m[6]! > 59) return false;
  if (m[7] !== undefined && (+m[8]! > 23 || +m[9]! > 59)) return false;
  return true;
}
