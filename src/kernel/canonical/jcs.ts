import { type Problem, type Result, error, ok, toPointer } from '../problems/index.js';
import { isWellFormed } from './well-formed.js';

/** Why {@link canonicalize} refused a value: a lone surrogate, or something JSON cannot hold. */
export type CanonicalizeCode = 'json.lone-surrogate' | 'json.not-json-value';

/**
 * Thrown by {@link canonicalize}. A `TypeError` (the contract callers already
 * rely on) that also carries the Problem code; {@link canonicalizeResult}
 * turns it into a Problem with a pointer.
 */
export class CanonicalizeError extends TypeError {
  readonly code: CanonicalizeCode;
  constructor(code: CanonicalizeCode, message: string) {
    super(`JCS: ${message}`);
    this.name = 'CanonicalizeError';
    this.code = code;
  }
}

/**
 * RFC 8785 JSON Canonicalization Scheme (JCS): keys sorted by UTF-16 code units, ECMAScript
 * number form, JSON string escaping. A lone surrogate, a non-finite number, `undefined` at the
 * top, a function, symbol or bigint throw a {@link CanonicalizeError}; {@link canonicalizeResult}
 * gives a Problem instead.
 *
 * @example canonicalize({ b: 1, a: [true, null] }) // '{"a":[true,null],"b":1}'
 */
export function canonicalize(value: unknown): string {
  return write(value);
}

/**
 * {@link canonicalize} without the throw: the canonical text, or a
 * `json.lone-surrogate` / `json.not-json-value` error whose `pointer` names
 * the offending value.
 *
 * @example canonicalizeResult({ a: '\ud800' }) // { ok: false, problems: [{ code: 'json.lone-surrogate', pointer: '/a', … }] }
 */
export function canonicalizeResult(value: unknown): Result<string> {
  try {
    return ok(canonicalize(value));
  } catch (cause) {
    return { ok: false, problems: [canonicalizeProblem(value, cause)] };
  }
}

/** The Problem for a value {@link canonicalize} threw `cause` on, located by a second (slow, failure-only) walk. */
export function canonicalizeProblem(value: unknown, cause: unknown): Problem {
  const found = locate(value, []);
  if (found !== undefined) return error(found.code, found.message, { pointer: toPointer(found.path) });
  // Not reproducible by the walk (e.g. a cycle or a throwing getter): still a Problem, never a crash.
  const message = cause instanceof Error ? cause.message : String(cause);
  return error(cause instanceof CanonicalizeError ? cause.code : 'json.not-json-value', `the value cannot be canonicalized: ${message}`);
}

/** The canonical text of `value`, built by concatenation (V8 joins the pieces lazily, with no array of parts). */
function write(value: unknown): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      if (!Number.isFinite(value)) throw new CanonicalizeError('json.not-json-value', 'non-finite number');
      return Object.is(value, -0) ? '0' : JSON.stringify(value);
    case 'string':
      return quoted(value, 'a string');
    case 'object': {
      if (Array.isArray(value)) {
        let out = '[';
        for (let i = 0; i < value.length; i++) out += (i > 0 ? ',' : '') + write(value[i] === undefined ? null : value[i]);
        return out + ']';
      }
      const obj = value as Record<string, unknown>;
      const keys = sortedKeys(obj);
      let out = '{';
      for (const k of keys) {
        const v = obj[k];
        if (v !== undefined) out += (out.length > 1 ? ',' : '') + quotedKey(k) + write(v);
      }
      return out + '}';
    }
    default:
      throw new CanonicalizeError('json.not-json-value', `cannot canonicalize a ${typeof value}`);
  }
}

/** The characters JSON escapes in a well-formed string; a string without them is written as it is, between quotes. */
const ESCAPED = /["\\\u0000-\u001f]/;

/** `s` as a JSON string (a lone surrogate, which has no UTF-8 form, throws; `what` names it). */
function quoted(s: string, what: string): string {
  if (!isWellFormed(s)) throw new CanonicalizeError('json.lone-surrogate', `lone surrogate in ${what}`);
  return ESCAPED.test(s) ? JSON.stringify(s) : `"${s}"`;
}

/** The object's own keys in UTF-16 code-unit order; records built in that order are not sorted again. */
function sortedKeys(obj: object): string[] {
  const keys = Object.keys(obj);
  for (let i = 1; i < keys.length; i++) if (keys[i - 1]! > keys[i]!) return keys.sort();
  return keys;
}

/** Property names as written (`"name":`), for the names records repeat; bounded, so arbitrary keys do not grow it. */
const QUOTED = new Map<string, string>();

function quotedKey(k: string): string {
  let q = QUOTED.get(k);
  if (q === undefined) {
    q = quoted(k, 'a property name') + ':';
    if (QUOTED.size < 1024) QUOTED.set(k, q);
  }
  return q;
}

interface Found {
  code: CanonicalizeCode;
  message: string;
  path: (string | number)[];
}

function locate(value: unknown, path: (string | number)[]): Found | undefined {
  if (path.length > 10_000) return undefined;
  switch (typeof value) {
    case 'boolean':
      return undefined;
    case 'number':
      return Number.isFinite(value) ? undefined : { code: 'json.not-json-value', message: `${value} is not a JSON number`, path };
    case 'string':
      return isWellFormed(value) ? undefined : { code: 'json.lone-surrogate', message: 'the string holds a lone surrogate (no UTF-8 form)', path };
    case 'object': {
      if (value === null) return undefined;
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) {
          const f = value[i] === undefined ? undefined : locate(value[i], [...path, i]);
          if (f) return f;
        }
        return undefined;
      }
      const obj = value as Record<string, unknown>;
      for (const k of Object.keys(obj).sort()) {
        if (obj[k] === undefined) continue;
        if (!isWellFormed(k)) return { code: 'json.lone-surrogate', message: 'the property name holds a lone surrogate (no UTF-8 form)', path: [...path, k] };
        const f = locate(obj[k], [...path, k]);
        if (f) return f;
      }
      return undefined;
    }
    default:
      return { code: 'json.not-json-value', message: `a ${typeof value} is not a JSON value`, path };
  }
}
