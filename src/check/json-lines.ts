import { parseJson } from '../parse/index.js';
import { type Problem, error, warning } from '../problems/index.js';

/** One parsed line of a JSON Lines file. */
export interface JsonLine {
  /** 1-based line number. */
  line: number;
  value: unknown;
  /** The raw line text (without its line ending). */
  text: string;
}

/**
 * Splits JSON Lines text and parses each non-blank line; unparsable lines
 * become `jsonl.invalid-json` (or `jsonl.truncated-line` for a last line
 * without newline) problems with their line, and the other lines still come
 * back. Blank lines between records are `jsonl.blank-line` warnings.
 */
export function readJsonLines(text: string): { lines: JsonLine[]; problems: Problem[] } {
  const out: JsonLine[] = [];
  const problems: Problem[] = [];
  let start = 0;
  let n = 0;
  const endsWithNewline = text.endsWith('\n');
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    n++;
    let raw = text.slice(start, end);
    if (raw.endsWith('\r')) raw = raw.slice(0, -1);
    const last = end >= text.length - 1;
    start = end + 1;
    if (raw.trim() === '') {
      if (!last) problems.push(warning('jsonl.blank-line', 'blank line between records', { line: n }));
      continue;
    }
    const parsed = parseJson(raw);
    if (parsed.ok) out.push({ line: n, value: parsed.value, text: raw });
    else if (last && !endsWithNewline) problems.push(error('jsonl.truncated-line', 'the last line has no newline and does not parse: a write was cut off', { line: n }));
    else problems.push(error('jsonl.invalid-json', `line is not valid JSON: ${parsed.problems[0]?.message ?? ''}`, { line: n, column: parsed.problems[0]?.column ?? 1 }));
  }
  return { lines: out, problems };
}
