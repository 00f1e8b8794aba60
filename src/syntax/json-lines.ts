import { parseJson } from './index.js';
import { type Problem, error, warning } from '../kernel/problems/index.js';

/** One parsed line of a JSON Lines file. */
export interface JsonLine {
  /** 1-based line number. */
  line: number;
  value: unknown;
  /** The raw line text (without its line ending). */
  text: string;
}

/** What {@link jsonLines} yields per non-blank line, or per blank line between records: a value or a problem. */
export type JsonLineItem = JsonLine | { line: number; problem: Problem };

/**
 * Walks JSON Lines text one line at a time, parsing each non-blank line:
 * unparsable lines yield `jsonl.invalid-json` (or `jsonl.truncated-line` for
 * a last line without newline) problems with their line; blank lines between
 * records yield `jsonl.blank-line` warnings. A generator, so a caller that
 * keeps only what it needs holds one parsed line at a time, however long the
 * file.
 */
export function* jsonLines(text: string): Generator<JsonLineItem, void, undefined> {
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
      if (!last) yield { line: n, problem: warning('jsonl.blank-line', 'blank line between records', { line: n }) };
      continue;
    }
    const parsed = parseJson(raw);
    if (parsed.ok) yield { line: n, value: parsed.value, text: raw };
    else if (last && !endsWithNewline) yield { line: n, problem: error('jsonl.truncated-line', 'the last line has no newline and does not parse: a write was cut off', { line: n }) };
    else yield { line: n, problem: error('jsonl.invalid-json', `line is not valid JSON: ${parsed.problems[0]?.message ?? ''}`, { line: n, column: parsed.problems[0]?.column ?? 1 }) };
  }
}

/**
 * {@link jsonLines} collected: the parsed lines and the problems, each in
 * line order. Holds every line in memory; for large files walk
 * {@link jsonLines} instead.
 */
export function readJsonLines(text: string): { lines: JsonLine[]; problems: Problem[] } {
  const lines: JsonLine[] = [];
  const problems: Problem[] = [];
  for (const item of jsonLines(text)) {
    if ('problem' in item) problems.push(item.problem);
    else lines.push(item);
  }
  return { lines, problems };
}
