import { canonicalize, isWellFormed } from '../../kernel/canonical/index.js';

function keysSorted(value: unknown, depth: number): boolean {
  // A lone surrogate must reach canonicalize (which refuses it): JSON.stringify would escape it silently.
  if (typeof value === 'string') return isWellFormed(value);
  if (value === null || typeof value !== 'object') return typeof value !== 'number' || Number.isFinite(value);
  if (depth > 64) return false;
  if (Array.isArray(value)) {
    for (const v of value) if (v === undefined || !keysSorted(v, depth + 1)) return false;
    return true;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null) return false;
  let prev: string | undefined;
  for (const k in value) {
    if ((prev !== undefined && !(prev < k)) || !isWellFormed(k)) return false;
    const v = (value as Record<string, unknown>)[k];
    if (v === undefined || !keysSorted(v, depth + 1)) return false;
    prev = k;
  }
  return true;
}

/**
 * The RFC 8785 (JCS) text of a JSON value. When every object's keys are
 * already in JCS order (as memkit builds records), `JSON.stringify` gives the
 * same text faster; otherwise this falls back to `canonicalize`, which throws
 * `CanonicalizeError` for a lone surrogate or a non-finite number.
 */
export function canonicalLine(value: unknown): string {
  return keysSorted(value, 0) ? JSON.stringify(value) : canonicalize(value);
}
