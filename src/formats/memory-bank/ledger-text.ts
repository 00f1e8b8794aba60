import { countNewlines } from '../../syntax/count-newlines.js';
import { type Problem, error, inFile } from '../../kernel/problems/index.js';
import { validate, type ValidateOptions } from '../../schema/index.js';
import { type FrontmatterDoc, parseFrontmatter, splitFrontmatter } from '../../syntax/frontmatter.js';
import { guard } from '../../syntax/guard.js';
import { type JsonlItem, JsonlReader, parseJsonLine } from '../../syntax/jsonl.js';
import { type Limits, resolveLimits } from '../../syntax/limits.js';

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

/** A preamble longer than this ends the search when reading a stream; the rest is read as entries. */
const MAX_PREAMBLE = 1 << 20;

/**
 * The one reader of `.md` ledger text (docs/ledger.md), fed chunks: optional frontmatter and Markdown before the
 * first line starting with `{`, then one JSON object per non-blank line. Only chunks up to the first entry
 * line are held (memory flat in the stream); the preamble's problems come first, as failed items.
 */
export class LedgerTextReader extends JsonlReader {
  /** The preamble, once the first entry line (or the end) was reached. */
  preamble: string | undefined;
  /** Lines the preamble spans. */
  preambleLines = 0;
  /** The parsed frontmatter, when the file has one that parses. */
  frontmatter: FrontmatterDoc | undefined;
  /** The line ending of the first line that has one. */
  eol: '\n' | '\r\n' = '\n';
  /** The torn last line, when there is one. */
  tornTail: { line: number; text: string } | undefined;
  readonly #limits: Limits;
  #held: (string | Uint8Array)[] = [];
  #text = '';
  #size = 0;
  #decoder: TextDecoder | undefined;
  #crReported = false;
  #reading = false;

  constructor(limits?: Partial<Limits>) {
    super({ ...(limits === undefined ? {} : { limits }), forbiddenKeys: 'refuse' });
    this.#limits = resolveLimits(limits);
  }

  override push(chunk: string | Uint8Array): void {
    if (this.preamble !== undefined) {
      super.push(chunk);
      return;
    }
    this.#held.push(chunk);
    this.#size += chunk.length;
    this.#text += typeof chunk === 'string' ? chunk : (this.#decoder ??= new TextDecoder()).decode(chunk, { stream: true });
    const found = findPreamble(this.#text, false) ?? (this.#size > MAX_PREAMBLE ? findPreamble(this.#text, true) : undefined);
    if (found === undefined) return;
    this.#reading = true;
    this.#start(found);
  }

  /** Reads `text` as the whole input and ends it: with nothing more to come, the preamble is looked for once. */
  readWhole(text: string): void {
    if (this.preamble !== undefined || this.#held.length > 0) {
      this.push(text);
      this.end();
      return;
    }
    this.#held.push(text);
    this.#size = text.length;
    this.#text = text;
    this.#start(findPreamble(text, true)!);
    super.end();
  }

  /** A source that fails before its first entry line was reached fails the read (nothing was verified); later, it is a problem at the line. */
  override readFailed(cause: unknown): void {
    if (!this.#reading) throw cause;
    super.readFailed(cause);
  }

  override end(): void {
    if (this.preamble === undefined) this.#start(findPreamble(this.#text, true)!);
    super.end();
  }

  /** The preamble is known: report its problems, then read the held chunks from the first entry line on. */
  #start(found: Preamble): void {
    const { preamble, preambleLines } = found;
    this.preamble = preamble;
    this.preambleLines = preambleLines;
    this.eol = /^[^\n]*\r\n/.test(this.#text.slice(0, 4096)) ? '\r\n' : '\n';
    this.startAt(preambleLines + 1);
    let bodyStart = preamble.charCodeAt(0) === 0xfeff ? 1 : 0;
    if (found.bodyStart !== undefined) {
      bodyStart = found.bodyStart;
      const fm = parseFrontmatter(preamble, { limits: this.#limits });
      if (fm.ok) this.frontmatter = fm.value;
      for (const p of fm.ok ? (fm.problems ?? []) : fm.problems) this.#failed(p);
    }
    // Entries after lone-CR line endings would hide in the preamble and the ledger would read as empty.
    const cr = loneCrLineEnding(preamble, bodyStart);
    if (cr !== undefined) this.#cr(cr);
    const held = this.#held;
    this.#held = [];
    this.#text = '';
    let skip = preambleLines;
    for (const chunk of held) {
      let at = -1;
      while (skip > 0) {
        at = typeof chunk === 'string' ? chunk.indexOf('\n', at + 1) : chunk.indexOf(10, at + 1);
        if (at === -1) break;
        skip--;
      }
      if (at === -1 && skip > 0) continue;
      if (at + 1 < chunk.length) super.push(at === -1 ? chunk : typeof chunk === 'string' ? chunk.slice(at + 1) : chunk.subarray(at + 1));
    }
  }

  #failed(problem: Problem): void {
    this.items.push({ ok: false, line: problem.line ?? 1, problem });
  }

  #cr(problem: Problem): void {
    this.#crReported = true;
    this.#failed(problem);
  }

  protected override parseLine(text: string, line: number, terminated: boolean): JsonlItem | undefined {
    const first = firstNonSpace(text);
    if (first === -1) return undefined;
    if (text.charCodeAt(first) !== 123) {
      // A torn write can cut anywhere, even before the `{`.
      if (!terminated) {
        this.tornTail = { line, text };
        return { ok: false, line, problem: error('jsonl.truncated-line', 'the last line has no newline and is not an entry: a torn write', { line, column: 1 }) };
      }
      return { ok: false, line, problem: error('ledger-text.non-entry-line', 'after the first entry every non-blank line must be a JSON entry', { line, column: first + 1 }) };
    }
    // Every entry is hashed into the chain: a key the reader would drop must fail the line, not vanish from the hash.
    const item = parseJsonLine(text, line, terminated, undefined, 'refuse');
    if (item === undefined || item.ok) {
      if (item === undefined || (item.value !== null && typeof item.value === 'object' && !Array.isArray(item.value))) return item;
      return { ok: false, line, problem: error('ledger-text.not-an-object', 'a ledger entry must be a JSON object', { line, column: 1 }) };
    }
    if (!terminated) this.tornTail = { line, text };
    // Several CR-ended entries read as one line.
    if (!this.#crReported) {
      const cr = LONE_CR_ENTRY.exec(text);
      if (cr !== null) this.#cr(error('ledger-text.cr-line-endings', CR_MESSAGE, { line, column: cr.index + 1 }));
    }
    return item;
  }
}

/** One entry line read as {@link LedgerTextReader} reads it, or `undefined` for a line that is no entry (for readers of single lines). */
export function readEntryLine(text: string): Record<string, unknown> | undefined {
  const item = parseJsonLine(text, 1, true, undefined, 'refuse');
  return item?.ok && item.value !== null && typeof item.value === 'object' && !Array.isArray(item.value) ? (item.value as Record<string, unknown>) : undefined;
}

/**
 * Parses a memory-bank `.md` ledger with {@link LedgerTextReader}. Never throws; problems carry lines.
 *
 * @example parseLedgerText('# Decisions\n{"id":"DEC-20260101-001"}\n').entries[0]?.line // 2
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
  if (text.length > limits.maxFileBytes)
    return done({
      preamble: '',
      preambleLines: 0,
      entries: [],
      problems: [error('input.too-large', `the file is ${text.length} characters; the limit is ${limits.maxFileBytes}`, { line: 1, column: 1 })],
      eol: /^[^\n]*\r\n/.test(text.slice(0, 4096)) ? '\r\n' : '\n',
    });
  const reader = new LedgerTextReader(options.limits);
  reader.readWhole(text);
  const problems: Problem[] = [];
  const result: LedgerText = { preamble: reader.preamble!, preambleLines: reader.preambleLines, entries: [], problems, eol: reader.eol };
  if (reader.frontmatter) result.frontmatter = reader.frontmatter;
  if (reader.tornTail) result.tornTail = reader.tornTail;
  for (const item of reader.items) {
    if (!item.ok) {
      problems.push(item.problem);
      continue;
    }
    if (item.warnings) problems.push(...item.warnings);
    result.entries.push({ line: item.line, text: item.text, value: item.value });
    if (options.format !== undefined) for (const p of validate(options.format, item.value, options.validateOptions)) problems.push({ ...p, line: item.line });
  }
  return done(result);
}

/** The preamble of ledger text; `bodyStart`: where the Markdown after its frontmatter starts, when it has one. */
interface Preamble {
  preamble: string;
  preambleLines: number;
  bodyStart?: number;
}

/** Where the entries of ledger text start; with `final` false the text may be a prefix: `undefined` means "read more". */
function findPreamble(text: string, final: boolean): Preamble | undefined {
  let pos = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const fm = splitFrontmatter(text);
  if ('bodyStart' in fm) {
    if (!final && !fm.close.endsWith('\n')) return undefined;
    pos = fm.bodyStart;
  } else if ('unclosed' in fm && !final) return undefined;
  while (pos < text.length && text.charCodeAt(pos) !== 123) {
    const nl = text.indexOf('\n', pos);
    if (nl === -1) {
      if (!final) return undefined;
      pos = text.length;
      break;
    }
    pos = nl + 1;
  }
  // A prefix that ends before any entry line: the first entry may be in the next chunk.
  if (!final && pos >= text.length) return undefined;
  const preamble = text.slice(0, pos);
  let lines = countNewlines(preamble, preamble.length);
  if (pos === text.length && pos > 0 && !preamble.endsWith('\n')) lines++;
  // The frontmatter ends inside the preamble, so it splits the preamble as it split the text.
  return { preamble, preambleLines: lines, ...('bodyStart' in fm ? { bodyStart: fm.bodyStart } : {}) };
}

const LONE_CR_ENTRY = /\r(?!\n)[\t ]*\{/;
const CR_MESSAGE = 'a line ends in a lone CR before an entry; ledger lines must end in LF (or CRLF)';

/** `ledger-text.cr-line-endings` when a lone CR ends the line before an entry line: a reader splitting on LF would see no entries. */
function loneCrLineEnding(text: string, from: number): Problem | undefined {
  const cr = LONE_CR_ENTRY.exec(text.slice(from));
  if (cr === null) return undefined;
  const at = from + cr.index;
  return error('ledger-text.cr-line-endings', CR_MESSAGE, { line: countNewlines(text, at) + 1, column: at - text.lastIndexOf('\n', at - 1) });
}

function firstNonSpace(s: string): number {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 13 && c !== 0xfeff) return i;
  }
  return -1;
}
