import { type Result, error, fail, ok, positionAt } from '../problems/index.js';

/** Options for {@link parseJson}. */
export interface ParseJsonOptions {
  /** Largest input accepted, in UTF-16 code units (default 16 MiB). */
  maxLength?: number;
}

/**
 * Parses JSON text; a syntax error becomes an `input.not-json` Problem with the
 * line and column where the parser stopped. A leading BOM is ignored.
 */
export function parseJson(text: string, options: ParseJsonOptions = {}): Result<unknown> {
  const max = options.maxLength ?? 16 * 1024 * 1024;
  if (text.length > max) return fail([error('input.too-large', `input is ${text.length} characters; the limit is ${max}`)]);
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    return ok(JSON.parse(body));
  } catch (cause) {
    if (cause instanceof RangeError) return fail([error('input.too-deep', 'JSON nests too deeply to parse', { line: 1, column: 1 })]);
    const message = (cause as Error).message;
    const at = /position (\d+)/.exec(message);
    const offset = at ? Number(at[1]) : body.length;
    const pos = positionAt(body, offset);
    return fail([error('input.not-json', message.replace(/^JSON\.parse: /, ''), { line: pos.line, column: pos.column })]);
  }
}
