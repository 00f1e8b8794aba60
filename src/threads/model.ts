import { daysInMonth, digits } from '../schemas/calendar.js';

/** A JSON object as read. */
export type Loose = Record<string, unknown>;

export const isObject = (v: unknown): v is Loose => v !== null && typeof v === 'object' && !Array.isArray(v);
export const own = (o: object, k: string): boolean => Object.hasOwn(o, k);

/** The own value of `key`, never an inherited one (`__proto__`, `constructor` are safe). */
export function ownGet(o: Loose, key: string): unknown {
  return own(o, key) ? o[key] : undefined;
}

/** The strings of an array (others dropped); `[]` when not an array. */
export function stringList(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

/**
 * A record of `keys[k]` to `valueAt(k)` with define semantics: a `__proto__`
 * key stays an own key. Keys that `Object.prototype` does not have are
 * assigned (the same own data property, made without an entry array each).
 */
export function recordOf<V>(keys: readonly string[], valueAt: (k: number) => V): Record<string, V> {
  const out: Record<string, V> = {};
  for (let k = 0; k < keys.length; k++) {
    const key = keys[k]!;
    if (own(Object.prototype, key)) Object.defineProperty(out, key, { value: valueAt(k), writable: true, enumerable: true, configurable: true });
    else out[key] = valueAt(k);
  }
  return out;
}

/** Milliseconds of an RFC 3339 timestamp, or NaN. */
export function timeOf(v: unknown): number {
  if (typeof v !== 'string') return Number.NaN;
  const t = utcTime(v);
  return Number.isNaN(t) ? Date.parse(v) : t;
}

/**
 * Milliseconds of `YYYY-MM-DDTHH:MM:SSZ` or `YYYY-MM-DDTHH:MM:SS.sssZ` with
 * every field in range (what writers produce), read without `Date.parse`: a
 * runtime call that costs about ten times as much. For these strings
 * ECMAScript fixes `Date.parse`'s result, so the two agree; any other string
 * gives NaN and is left to `Date.parse`.
 */
function utcTime(s: string): number {
  const len = s.length;
  if (len !== 20 && len !== 24) return Number.NaN;
  if (s.charCodeAt(4) !== DASH || s.charCodeAt(7) !== DASH || s.charCodeAt(10) !== UPPER_T || s.charCodeAt(13) !== COLON || s.charCodeAt(16) !== COLON || s.charCodeAt(len - 1) !== UPPER_Z)
    return Number.NaN;
  let ms = 0;
  if (len === 24) {
    if (s.charCodeAt(19) !== DOT) return Number.NaN;
    ms = digits(s, 20, 3);
  }
  const year = digits(s, 0, 4);
  const month = digits(s, 5, 2);
  const day = digits(s, 8, 2);
  const hour = digits(s, 11, 2);
  const minute = digits(s, 14, 2);
  const second = digits(s, 17, 2);
  if ((year | month | day | hour | minute | second | ms) < 0) return Number.NaN;
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month) || hour > 23 || minute > 59 || second > 59) return Number.NaN;
  return ((daysFromCivil(year, month, day) * 24 + hour) * 60 + minute) * 60_000 + second * 1000 + ms;
}

const DASH = 0x2d;
const DOT = 0x2e;
const COLON = 0x3a;
const UPPER_T = 0x54;
const UPPER_Z = 0x5a;

/** Days from 1970-01-01 to a proleptic Gregorian date (H. Hinnant's `days_from_civil`). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}
