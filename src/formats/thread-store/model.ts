import { isDateTime, isoDateTimeMillis } from '../../schema/date-time.js';

import { type Loose, isObject } from '../../kernel/object.js';

export { type Loose, isObject };
export const own = (o: object, k: string): boolean => Object.hasOwn(o, k);

/** The own value of `key`, never an inherited one (`__proto__`, `constructor` are safe). */
export function ownGet(o: Loose, key: string): unknown {
  return own(o, key) ? o[key] : undefined;
}

/** Milliseconds of an ISO 8601 timestamp (any form the schema accepts, read by the one date-time reader), or NaN. */
export function timeOf(v: unknown): number {
  return typeof v === 'string' ? isoDateTimeMillis(v) : Number.NaN;
}

/** True when `s` orders as text among timestamps of its form: RFC 3339 UTC with at most millisecond digits. */
export const textOrdered = (s: string): boolean => s.length <= 24 && s.endsWith('Z') && isDateTime(s);

/**
 * Orders two timestamps {@link timeOf} reads (negative when `a` is earlier; NaN when one is not a
 * timestamp). RFC 3339 UTC timestamps of one form (same length, at most millisecond digits, the
 * same `T`, `Z`), as one writer writes a whole log, order as text: no date arithmetic per entry.
 * A caller walking a log passes each timestamp's {@link textOrdered} so it is read once.
 */
export function compareTimes(a: string, b: string, aText = textOrdered(a), bText = textOrdered(b)): number {
  if (aText && bText && a.length === b.length && a.charCodeAt(10) === b.charCodeAt(10)) return a < b ? -1 : a === b ? 0 : 1;
  return timeOf(a) - timeOf(b);
}
