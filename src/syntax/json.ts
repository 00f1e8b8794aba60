import { type JsonResult, readJson, type ReadJsonOptions } from '../kernel/canonical/read-json.js';
import { error, fail } from '../kernel/problems/index.js';

/** Options for {@link parseJson}. */
export interface ParseJsonOptions extends ReadJsonOptions {
  /** Largest input accepted, in UTF-16 code units (default 16 MiB). */
  maxLength?: number;
}

/**
 * Parses a JSON document with memkit's one JSON reader (`readJson`): a syntax
 * error becomes an `input.not-json` Problem with the line and column where the
 * parser stopped; a property name repeated in one object is a
 * `json.duplicate-key` error and a lone surrogate a `json.lone-surrogate`
 * error (I-JSON); `__proto__`, `constructor` and `prototype` keys are dropped
 * with `input.forbidden-key` warnings (in `problems` of the ok result). A
 * leading BOM is ignored (positions, with `positions: true`, are in the text after it).
 */
export function parseJson(text: string, options: ParseJsonOptions = {}): JsonResult {
  const max = options.maxLength ?? 16 * 1024 * 1024;
  if (text.length > max) return fail([error('input.too-large', `input is ${text.length} characters; the limit is ${max}`)]);
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  return readJson(body, options);
}
