import { countNewlines } from './count-newlines.js';
import { type Problem, error, inFile } from '../problems/index.js';
import { validate, type ValidateOptions } from '../schemas/index.js';
import { type FrontmatterDoc, parseFrontmatter, splitFrontmatter } from './frontmatter.js';
import { guard } from './guard.js';
import { parseJsonLine } from './jsonl.js';
import { type Limits, resolveLimits } from './limits.js';

/** One entry of a `.md` ledger: its 1-based line, raw text (no line ending) and parsed value. */
export interface LedgerLine {
  line: number;
  text: string;
  value: unknown;
}

/** A `.md` ledger split into its Markdown preamble and its JSON Lines entries. */
export interface LedgerText {
  /** Everything before the first entry line (BOM, frontmatter, Markdown), byte for byte. */
  preamble: string;
  /** Number of lines the preamble spans (the first entry is on line `preambleLines + 1`). */
  preambleLines: number;
  /** The entries that parsed, in file order. */
  entries: LedgerLine[];
  /** Problems, each with a line: bad entries, non-entry lines, frontmatter errors, schema errors. */
  problems: Problem[];
  /** A last line without a newline that does not parse: a torn write, reported as `jsonl.truncated-line`. */
  tornTail?: { line: number; text: string };
  /** The parsed frontmatter, when the file has one that parses. */
  frontmatter?: FrontmatterDoc;
  /** The file's line ending (from its first line ending; `'\n'` when it has none). */
  eol: '\n' | '\r\n';
}

/** Options for {@link parseLedgerText}. */
export interface LedgerTextOptions {
  limits?: Partial<Limits>;
  /** Sets `file` on every Problem. */
  file?: string;
  /** A format id (e.g. `'decision-log-entry'`): each entry is validated and schema Problems carry its line. */
  format?: string;
  /** Options for that validation. */
  validateOptions?: ValidateOptions;
}

/**
 * Parses a memory-bank `.md` ledger (DESIGN §4): optional YAML frontmatter and
 * Markdown before the first line starting with `{`; after it every non-blank
 * line must be one JSON object entry. Never throws; problems carry lines.
 *
 * @example parseLedgerText('# Decisions\n{"id":"DEC-20260101-001"}\n').entries[0].line // 2
 */
export function parseLedgerText(text: string, options: LedgerTextOptions = {}): LedgerText {
  return guard(
    () => parseLedgerTextUnguarded(text, options),
    (p) => ({ preamble: '', preambleLines: 0, entries: [], problems: [p], eol: '\n' }),
    options.file,
  );
}

function parseLedgerTextUnguarded(text: string, options: LedgerTextOptions): LedgerText {
  if (typeof text !== 'string') return { preamble: '', preambleLines: 0, entries: [], problems: [error('parse.not-text', 'the input is not text', { line: 1, column: 1 })], eol: '\n' };
  const limits = resolveLimits(options.limits);
  const file = options.file;
  const done = (r: LedgerText): LedgerText => (file === undefined ? r : { ...r, problems: inFile(r.problems, file) });
  const eol: '\n' | '\r\n' = /^[^\n]*\r\n/.test(text.slice(0, 4096)) ? '\r\n' : '\n';
  if (text.length > limits.maxFileBytes)
    return done({
      preamble: '',
      preambleLines: 0,
      entries: [],
      problems: [error('input.too-large', `the file is ${text.length} characters; the limit is ${limits.maxFileBytes}`, { line: 1, column: 1 })],
      eol,
    });
  const problems: Problem[] = [];
  let scanFrom = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let frontmatter: FrontmatterDoc | undefined;
  const split = splitFrontmatter(text);
  if ('bodyStart' in split) {
    scanFrom = split.bodyStart;
    const fm = parseFrontmatter(text, { limits });
    if (fm.ok) frontmatter = fm.value;
    problems.push(...(fm.ok ? (fm.problems ?? []) : fm.problems));
  }
  // Find the first line starting with '{'.
  let line = countNewlines(text, scanFrom) + 1;
  let start = scanFrom;
  while (start < text.length && text.charCodeAt(start) !== 123) {
    const nl = text.indexOf('\n', start);
    if (nl === -1) {
      start = text.length;
      break;
    }
    start = nl + 1;
    line++;
  }
  const preamble = text.slice(0, start);
  // JSON Lines ends lines in LF (CRLF tolerated). Entries after lone CRs would hide in the
  // preamble and the ledger would read as empty: report it rather than verify "0 entries".
  let crReported = false;
  const reportCr = (from: number, to: number) => {
    const p = crReported ? undefined : loneCrLineEnding(text, from, to);
    if (p === undefined) return;
    crReported = true;
    problems.push(p);
  };
  reportCr(scanFrom, start);
  const result: LedgerText = { preamble, preambleLines: line - 1, entries: [], problems, eol };
  if (frontmatter) result.frontmatter = frontmatter;
  let pos = start;
  while (pos < text.length) {
    let nl = text.indexOf('\n', pos);
    const terminated = nl !== -1;
    if (!terminated) nl = text.length;
    let raw = text.slice(pos, nl);
    if (raw.charCodeAt(raw.length - 1) === 13) raw = raw.slice(0, -1);
    const at = line;
    pos = nl + 1;
    line++;
    if (raw.length > limits.maxLineLength) {
      problems.push(error('jsonl.line-too-long', `the line is longer than ${limits.maxLineLength}; it was skipped`, { line: at, column: limits.maxLineLength + 1 }));
      continue;
    }
    const first = firstNonSpace(raw);
    if (first === -1) continue;
    if (raw.charCodeAt(first) !== 123) {
      if (!terminated) {
        // A torn write can cut anywhere, even before the `{`.
        result.tornTail = { line: at, text: raw };
        problems.push(error('jsonl.truncated-line', 'the last line has no newline and is not an entry: a torn write', { line: at, column: 1 }));
      } else {
        problems.push(error('ledger-text.non-entry-line', 'after the first entry every non-blank line must be a JSON entry', { line: at, column: first + 1 }));
      }
      continue;
    }
    // Every entry is hashed into the chain: a key the reader would drop must fail the line, not vanish from the hash.
    const item = parseJsonLine(raw, at, terminated, undefined, 'refuse');
    if (item === undefined) continue;
    if (!item.ok) {
      if (!terminated) result.tornTail = { line: at, text: raw };
      problems.push(item.problem);
      reportCr(nl - raw.length, nl); // several CR-ended entries read as one line
      continue;
    }
    if (item.warnings) problems.push(...item.warnings);
    if (item.value === null || typeof item.value !== 'object' || Array.isArray(item.value)) {
      problems.push(error('ledger-text.not-an-object', 'a ledger entry must be a JSON object', { line: at, column: 1 }));
      continue;
    }
    result.entries.push({ line: at, text: raw, value: item.value });
    if (options.format !== undefined) {
      for (const p of validate(options.format, item.value, options.validateOptions)) problems.push({ ...p, line: at });
    }
  }
  return done(result);
}

// A CR not followed by LF, then a line that starts like an entry.
const LONE_CR_ENTRY = /\r(?!\n)[\t ]*\{/;

/**
 * The `ledger-text.cr-line-endings` problem when `text` (between `from` and
 * `to`) ends a line in a lone CR right before an entry line, else `undefined`.
 * JSON Lines ends lines in LF (CRLF is tolerated): a reader splitting on LF
 * would otherwise see no entries at all.
 */
export function loneCrLineEnding(text: string, from = 0, to = text.length): Problem | undefined {
  const cr = LONE_CR_ENTRY.exec(text.slice(from, to));
  if (cr === null) return undefined;
  const at = from + cr.index;
  return error('ledger-text.cr-line-endings', 'a line ends in a lone CR before an entry; ledger lines must end in LF (or CRLF)', {
    line: countNewlines(text, at) + 1,
    column: at - text.lastIndexOf('\n', at - 1),
  });
}

function firstNonSpace(s: string): number {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 13 && c !== 0xfeff) return i;
  }
  return -1;
}
