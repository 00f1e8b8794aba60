import { FORBIDDEN_KEYS } from '../kernel/canonical/forbidden-keys.js';

/**
 * Copies a JSON-like value into fresh plain objects and arrays, keeping key
 * order, dropping forbidden keys and `undefined` object values. Returns
 * `undefined` for what JSON cannot represent (functions, symbols, bigints,
 * non-finite numbers, cycles, class instances other than plain objects).
 * `-0` becomes `0`, as in canonical JSON.
 */
export function plainCopy(value: unknown): unknown {
  const stack = new Set<object>();
  let bad = false;
  const copy = (v: unknown): unknown => {
    if (bad) return undefined;
    if (v === null || typeof v === 'string' || typeof v === 'boolean') return v;
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) bad = true;
      return v === 0 ? 0 : v; // -0 becomes 0, as in canonical JSON
    }
    if (typeof v !== 'object') {
      bad = true;
      return undefined;
    }
    if (stack.has(v)) {
      bad = true;
      return undefined;
    }
    stack.add(v);
    let out: unknown;
    if (Array.isArray(v)) {
      out = v.map((item) => (item === undefined ? null : copy(item)));
    } else {
      const proto = Object.getPrototypeOf(v) as unknown;
      if (proto !== Object.prototype && proto !== null) {
        bad = true;
        stack.delete(v);
        return undefined;
      }
      const o: Record<string, unknown> = {};
      for (const k of Object.keys(v)) {
        const item = (v as Record<string, unknown>)[k];
        if (item === undefined || FORBIDDEN_KEYS.has(k)) continue;
        o[k] = copy(item);
      }
      out = o;
    }
    stack.delete(v);
    return out;
  };
  const result = copy(value);
  return bad ? undefined : result;
}
