import { isDateTime, isoDateTimeMillis } from '../schemas/date-time.js';

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

/** Milliseconds of an ISO 8601 timestamp (any form the schema accepts, read by the one date-time reader), or NaN. */
export function timeOf(v: unknown): number {
  return typeof v === 'string' ? isoDateTimeMillis(v) : Number.NaN;
}

/**
 * Orders two timestamps {@link timeOf} reads (negative when `a` is earlier; NaN when one is not a
 * timestamp). RFC 3339 UTC timestamps of one form (same length, at most millisecond digits, the
 * same `T`, `Z`), as one writer writes a whole log, order as text: no date arithmetic per entry.
 */
export function compareTimes(a: string, b: string): number {
  if (a.length === b.length && a.length <= 24 && a.charCodeAt(10) === b.charCodeAt(10) && a.endsWith('Z') && b.endsWith('Z') && isDateTime(a) && isDateTime(b)) return a < b ? -1 : a === b ? 0 : 1;
  return timeOf(a) - timeOf(b);
}
