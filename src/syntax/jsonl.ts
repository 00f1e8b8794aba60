import { iterateChunks } from './chunks.js';
import { countNewlines } from './count-newlines.js';
import { canonicalize } from '../kernel/canonical/jcs.js';
import { readJson } from '../kernel/canonical/read-json.js';
import { MemkitError, type Problem, error, warning } from '../kernel/problems/index.js';
import { messageOf } from '../kernel/problems/message-of.js';
import { guard } from './guard.js';
import { parseJson } from './json.js';
import { resolveLimits, type Limits } from './limits.js';

/** Options for the JSON Lines parsers. */
export interface JsonlOptions {
  /** Overrides of {@link DEFAULT_LIMITS}; `maxLineLength` applies (UTF-16 code units for text, bytes for byte input). */
  limits?: Partial<Limits>;
  /** Sets `file` on every Problem. */
  file?: string;
  /** Blank lines are skipped (default) or reported as `jsonl.blank-line` warnings. */
  blankLines?: 'skip' | 'report';
  /** The line number of the first line of the input (default 1); for JSON Lines embedded in a larger file. */
  firstLine?: number;
  /** Forbidden keys (`__proto__`, `constructor`, `prototype`) are dropped with a warning (default) or fail the line with `json.uncovered-key` (`'refuse'`: lines a hash covers). */
  forbiddenKeys?: 'drop' | 'refuse';
}

/**
 * One line of a JSON Lines input: its parsed value, or the Problem that kept
 * it from parsing. Blank lines yield nothing (or a warning, see `blankLines`).
 */
export type JsonlItem = { ok: true; line: number; value: unknown; text: string; warnings?: Problem[] } | { ok: false; line: number; problem: Problem };

/** Anything the streaming parser reads from. */
export type JsonlSource = string | Uint8Array | AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array> | ReadableStream<string | Uint8Array>;

const SLICE = 64 * 1024;
const STRING_SLICE = 1024 * 1024;

/**
 * The line splitter behind every JSON Lines reader: feed chunks, then call `end()`; parsed items
 * accumulate in `items`. Linear in the input, even for lines far over the limit.
 */
export class JsonlReader {
  /** Parsed items not yet taken by the caller. */
  items: JsonlItem[] = [];
  #line: number;
  readonly #max: number;
  readonly #file: string | undefined;
  readonly #reportBlank: boolean;
  readonly #forbiddenKeys: 'drop' | 'refuse';
  #mode: 'none' | 'text' | 'bytes' = 'none';
  #pendText: string[] = [];
  #pendBytes: Uint8Array[] = [];
  #pendLen = 0;
  #overlong = false;
  #fatal = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  #lenient: TextDecoder | undefined;
  #encoder: TextEncoder | undefined;

  constructor(options: JsonlOptions = {}) {
    this.#max = resolveLimits(options.limits).maxLineLength;
    this.#file = options.file;
    this.#reportBlank = options.blankLines === 'report';
    this.#forbiddenKeys = options.forbiddenKeys ?? 'drop';
    this.#line = (options.firstLine ?? 1) - 1;
  }

  /** Feeds one chunk of text or bytes. */
  push(chunk: string | Uint8Array): void {
    if (typeof chunk === 'string') {
      if (this.#mode === 'bytes') return void this.#pushBytes((this.#encoder ??= new TextEncoder()).encode(chunk));
      if (this.#mode === 'none') {
        if (chunk.length === 0) return;
        this.#mode = 'text';
        if (chunk.charCodeAt(0) === 0xfeff) chunk = chunk.slice(1);
      }
      this.#pushText(chunk);
      return;
    }
    if (this.#mode === 'text') return void this.#pushText((this.#lenient ??= new TextDecoder('utf-8', { ignoreBOM: true })).decode(chunk, { stream: true }));
    if (this.#mode === 'none') {
      if (chunk.length === 0) return;
      this.#mode = 'bytes';
      if (chunk.length >= 3 && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) chunk = chunk.subarray(3);
    }
    for (let i = 0; i < chunk.length; i += SLICE) this.#pushBytes(chunk.subarray(i, Math.min(chunk.length, i + SLICE)));
  }

  /** Ends the input: a pending last line without a newline is parsed (a failure is a torn write). */
  end(): void {
    if (this.#mode === 'text' && this.#lenient) {
      const rest = this.#lenient.decode();
      if (rest) this.#pushText(rest);
    }
    if (this.#overlong) {
      this.#tooLong();
    } else if (this.#pendLen > 0) {
      if (this.#mode === 'text') {
        this.#handle(this.#pendText.join(''), false);
      } else {
        const bytes = concat(this.#pendBytes, this.#pendLen);
        let text: string | undefined;
        try {
          text = this.#fatal.decode(bytes);
        } catch {
          text = undefined;
        }
        if (text === undefined) this.#problem(++this.#line, 'jsonl.truncated-line', 'the last line has no newline and is not valid UTF-8: a torn write', 1);
        else this.#handle(text, false);
      }
    }
    this.#pendText = [];
    this.#pendBytes = [];
    this.#pendLen = 0;
    this.#overlong = false;
  }

  /** Records a failure to read the source (the lines before it stand). */
  readFailed(cause: unknown): void {
    this.#problem(this.#line + 1, 'jsonl.read-failed', `reading the input failed: ${messageOf(cause)}`);
  }

  #pushText(s: string): void {
    let pos = 0;
    let nl = s.indexOf('\n');
    if (this.#pendLen > 0 || this.#overlong) {
      if (nl === -1) return void this.#hold(s, s.length);
      if (this.#overlong || this.#pendLen + nl > this.#max + 1) {
        this.#tooLong();
      } else {
        this.#pendText.push(s.slice(0, nl));
        this.#handle(this.#pendText.join(''), true);
      }
      this.#pendText = [];
      this.#pendLen = 0;
      this.#overlong = false;
      pos = nl + 1;
      nl = s.indexOf('\n', pos);
    }
    while (nl !== -1) {
      if (nl - pos > this.#max + 1) this.#tooLong();
      else this.#handle(s.slice(pos, nl), true);
      pos = nl + 1;
      nl = s.indexOf('\n', pos);
    }
    if (pos < s.length) this.#hold(pos === 0 ? s : s.slice(pos), s.length - pos);
  }

  #hold(piece: string | Uint8Array, length: number): void {
    if (this.#overlong) return;
    this.#pendLen += length;
    if (this.#pendLen > this.#max + 1) {
      this.#overlong = true;
      this.#pendText = [];
      this.#pendBytes = [];
      return;
    }
    if (typeof piece === 'string') this.#pendText.push(piece);
    else this.#pendBytes.push(piece.slice());
  }

  #pushBytes(b: Uint8Array): void {
    let pos = 0;
    if (this.#pendLen > 0 || this.#overlong) {
      const nl = b.indexOf(10);
      if (nl === -1) return void this.#hold(b, b.length);
      if (this.#overlong || this.#pendLen + nl > this.#max + 1) {
        this.#tooLong();
      } else {
        this.#pendBytes.push(b.subarray(0, nl));
        this.#bytesLine(concat(this.#pendBytes, this.#pendLen + nl));
      }
      this.#pendBytes = [];
      this.#pendLen = 0;
      this.#overlong = false;
      pos = nl + 1;
    }
    for (let nl = b.indexOf(10, pos); nl !== -1; nl = b.indexOf(10, pos)) {
      if (nl - pos > this.#max + 1) this.#tooLong();
      else this.#bytesLine(b.subarray(pos, nl));
      pos = nl + 1;
    }
    if (pos < b.length) this.#hold(b.subarray(pos), b.length - pos);
  }

  #bytesLine(bytes: Uint8Array): void {
    let text: string;
    try {
      text = this.#fatal.decode(bytes);
    } catch {
      this.#problem(++this.#line, 'input.invalid-utf8', 'the line is not valid UTF-8', 1);
      return;
    }
    this.#handle(text, true);
  }

  #tooLong(): void {
    this.#problem(++this.#line, 'jsonl.line-too-long', `the line is longer than ${this.#max}; it was skipped`, this.#max + 1);
  }

  #problem(line: number, code: string, message: string, column?: number): void {
    const where: Omit<Problem, 'code' | 'severity' | 'message'> = { line };
    if (column !== undefined) where.column = column;
    if (this.#file !== undefined) where.file = this.#file;
    this.items.push({ ok: false, line, problem: error(code, message, where) });
  }

  /** Numbers the next line `line` (for input that starts further into a file than known when the reader was made). */
  protected startAt(line: number): void {
    this.#line = line - 1;
  }

  /** Reads one line (without its line ending); `undefined` for a blank line. */
  protected parseLine(text: string, line: number, terminated: boolean): JsonlItem | undefined {
    return parseJsonLine(text, line, terminated, this.#file, this.#forbiddenKeys);
  }

  #handle(raw: string, terminated: boolean): void {
    const line = ++this.#line;
    const text = raw.charCodeAt(raw.length - 1) === 13 ? raw.slice(0, -1) : raw;
    if (text.length > this.#max) {
      this.#problem(line, 'jsonl.line-too-long', `the line is longer than ${this.#max}; it was skipped`, this.#max + 1);
      return;
    }
    const item = this.parseLine(text, line, terminated);
    if (item !== undefined) this.items.push(item);
    else if (this.#reportBlank && terminated) {
      const where: Omit<Problem, 'code' | 'severity' | 'message'> = { line, column: 1 };
      if (this.#file !== undefined) where.file = this.#file;
      this.items.push({ ok: false, line, problem: warning('jsonl.blank-line', 'blank line between records', where) });
    }
  }
}

/**
 * Parses one JSON Lines line (without its line ending) numbered `line` with `readJson`;
 * `undefined` for a blank line. `terminated` is false for a last line with no newline, whose
 * syntax failure is a torn write (`jsonl.truncated-line`). Forbidden keys are dropped with
 * warnings, or fail the line with `forbiddenKeys: 'refuse'` (lines a hash covers).
 */
export function parseJsonLine(text: string, line: number, terminated: boolean, file?: string, forbiddenKeys: 'drop' | 'refuse' = 'drop'): JsonlItem | undefined {
  const read = readJson(text, { forbiddenKeys });
  if (read.ok) {
    if (read.problems === undefined) return { ok: true, line, value: read.value, text };
    return { ok: true, line, value: read.value, text, warnings: read.problems.map((p) => at(p, line, file)) };
  }
  const first = read.problems.find((p) => p.severity === 'error') ?? read.problems[0]!;
  if (first.code !== 'input.not-json' && first.code !== 'input.too-deep') return { ok: false, line, problem: at(first, line, file) };
  if (text.trim() === '') return undefined;
  const where: Omit<Problem, 'code' | 'severity' | 'message'> = { line, column: first.column ?? text.length + 1 };
  if (file !== undefined) where.file = file;
  const problem = terminated
    ? error('jsonl.invalid-json', `the line is not valid JSON: ${first.message}`, where)
    : error('jsonl.truncated-line', `the last line has no newline and does not parse: a torn write (${first.message})`, where);
  return { ok: false, line, problem };
}

/** A reader Problem placed on file line `line` (the reader saw the line alone, as line 1). */
function at(p: Problem, line: number, file: string | undefined): Problem {
  const out: Problem = { ...p, line };
  if (file !== undefined) out.file = file;
  return out;
}

function concat(parts: Uint8Array[], length: number): Uint8Array {
  if (parts.length === 1 && parts[0]!.length === length) return parts[0]!;
  const out = new Uint8Array(length);
  let at = 0;
  for (const p of parts) {
    out.set(p.subarray(0, length - at), at);
    at += p.length;
    if (at >= length) break;
  }
  return out;
}

/**
 * Streams a JSON Lines / NDJSON source line by line: a string, bytes, an
 * async iterable of chunks or a web `ReadableStream`. Yields each line's
 * value or its Problem; UTF-8 is checked per line, CRLF is accepted, a line
 * over `maxLineLength` is skipped with `jsonl.line-too-long`, and a last line
 * without a newline that does not parse is `jsonl.truncated-line` (a torn
 * write), distinct from `jsonl.invalid-json` in the middle. Memory stays
 * bounded by the chunk size plus one line. Never throws.
 *
 * @example
 * declare const stream: AsyncIterable<Uint8Array>;
 * for await (const item of parseJsonl(stream)) if (item.ok) console.log(item.value); else console.error(item.problem);
 */
export function parseJsonl(source: JsonlSource, options: JsonlOptions = {}): AsyncIterableIterator<JsonlItem> {
  return readItems(new JsonlReader(options), source);
}

/** The items `reader` makes of `source`, fed one slice at a time: how {@link parseJsonl} and the ledger text reader stream. */
export async function* readItems(reader: JsonlReader, source: JsonlSource): AsyncGenerator<JsonlItem, void, undefined> {
  const chunks = typeof source === 'string' || source instanceof Uint8Array ? slices(source) : iterateChunks(source);
  try {
    for await (const got of chunks) {
      const chunk = typeof got === 'string' || got instanceof Uint8Array ? got : new Uint8Array(got as ArrayBuffer);
      // Big chunks a slice at a time, so only one slice's items are alive at once.
      for (let at = 0; at < chunk.length; at += SLICE) {
        reader.push(typeof chunk === 'string' ? chunk.slice(at, at + SLICE) : chunk.subarray(at, at + SLICE));
        for (const item of reader.items.splice(0)) yield item;
      }
    }
  } catch (cause) {
    reader.end();
    reader.readFailed(cause);
    yield* reader.items.splice(0);
    return;
  }
  reader.end();
  yield* reader.items.splice(0);
}

function* slices(source: string | Uint8Array): Generator<string | Uint8Array> {
  for (let i = 0; i < source.length; i += STRING_SLICE) yield typeof source === 'string' ? source.slice(i, i + STRING_SLICE) : source.subarray(i, i + STRING_SLICE);
}

/**
 * Walks JSON Lines text one line at a time, as the events checker reads
 * `events.jsonl`: each non-blank line parsed with {@link parseJson}, no line
 * length limit; an unparsable line is `jsonl.invalid-json` (or
 * `jsonl.truncated-line` for a last line without newline), a blank line with
 * lines after it a `jsonl.blank-line` warning. A generator: only one slice's
 * items are alive at a time, however long the text.
 */
export function* jsonLines(text: string): Generator<JsonlItem, void, undefined> {
  const reader = new TextLines(countNewlines(text) + (text.endsWith('\n') ? 0 : 1));
  // Takes the reader past its own leading-BOM rule: parseJson drops a BOM at the start of each line.
  reader.push('\ufeff');
  for (const chunk of slices(text)) {
    reader.push(chunk);
    yield* reader.items.splice(0);
  }
  reader.end();
  yield* reader.items;
}

/** The lines of {@link jsonLines}; a blank `lastLine` is no problem. */
class TextLines extends JsonlReader {
  readonly #lastLine: number;

  constructor(lastLine: number) {
    super({ limits: { maxLineLength: Number.POSITIVE_INFINITY } });
    this.#lastLine = lastLine;
  }

  protected override parseLine(text: string, line: number, terminated: boolean): JsonlItem | undefined {
    if (text.trim() === '') return line < this.#lastLine ? { ok: false, line, problem: warning('jsonl.blank-line', 'blank line between records', { line }) } : undefined;
    const parsed = parseJson(text);
    if (parsed.ok) return { ok: true, line, value: parsed.value, text };
    const first = parsed.problems[0];
    const problem = terminated
      ? error('jsonl.invalid-json', `line is not valid JSON: ${first?.message ?? ''}`, { line, column: first?.column ?? 1 })
      : error('jsonl.truncated-line', 'the last line has no newline and does not parse: a write was cut off', { line });
    return { ok: false, line, problem };
  }
}

/** {@link parseJsonl} over text or bytes already in memory, synchronously, with the same results. */
export function parseJsonlText(text: string | Uint8Array, options: JsonlOptions = {}): JsonlItem[] {
  const reader = new JsonlReader(options);
  return guard(
    () => {
      reader.push(text);
      reader.end();
      return reader.items;
    },
    (problem) => [...reader.items, { ok: false, line: problem.line ?? 1, problem }],
    options.file,
  );
}

/**
 * Writes values as JSON Lines: one RFC 8785 canonical JSON line per value,
 * each ending with `\n`. Deterministic. Throws `MemkitError`
 * (`jsonl.not-serializable`, pointer `/<index>`) for a value JSON cannot hold.
 *
 * @example serializeJsonl([{ b: 1, a: 2 }]) // '{"a":2,"b":1}\n'
 */
export function serializeJsonl(values: Iterable<unknown>): string {
  const out: string[] = [];
  let i = 0;
  for (const value of values) {
    try {
      out.push(canonicalize(value), '\n');
    } catch (cause) {
      throw new MemkitError([error('jsonl.not-serializable', `value ${i} cannot be written as JSON: ${(cause as Error).message}`, { pointer: `/${i}` })]);
    }
    i++;
  }
  return out.join('');
}
