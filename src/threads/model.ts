/** A JSON object as read. */
export type Loose = Record<string, unknown>;

export const isObject = (v: unknown): v is Loose => v !== null && typeof v === 'object' && !Array.isArray(v);
export const own = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);

/** The own value of `key`, never an inherited one (`__proto__`, `constructor` are safe). */
export function ownGet(o: Loose, key: string): unknown {
  return own(o, key) ? o[key] : undefined;
}

/** The strings of an array (others dropped); `[]` when not an array. */
export function stringList(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

/** A record built from entries with define semantics: a `__proto__` key stays an own key. */
export function recordOf<V>(entries: Iterable<readonly [string, V]>): Record<string, V> {
  return Object.fromEntries(entries) as Record<string, V>;
}

/** Milliseconds of an RFC 3339 timestamp, or NaN. */
export function timeOf(v: unknown): number {
  return typeof v === 'string' ? Date.parse(v) : Number.NaN;
}
