import { LineIndex, type Position, type Problem, type Result, error, fail, ok, parsePointer, positionAt, toPointer, warning } from '../problems/index.js';
import { FORBIDDEN_KEYS } from './forbidden-keys.js';
import { isWellFormed } from './well-formed.js';

/** Options for {@link readJson}. */
export interface ReadJsonOptions {
  /**
   * What a `__proto__`, `constructor` or `prototype` key gets. `'keep'`
   * (default): it stays an own data property, as `JSON.parse` makes it (it
   * reaches no prototype unless copied with assignment). `'drop'`: it is
   * removed with an `input.forbidden-key` warning. `'refuse'`: it is a
   * `json.uncovered-key` error, for text whose hash must cover every byte
   * (ledger lines, export records) and whose readers drop such keys.
   */
  forbiddenKeys?: 'keep' | 'drop' | 'refuse';
  /**
   * Also record where each value starts, so problems found in the value
   * later (schema, rules) get a line and column: the ok result then carries
   * {@link JsonPositions}. Costs one more linear pass over the text.
   */
  positions?: boolean;
}

/**
 * Where the values of a text {@link readJson} parsed start. Positions are
 * offsets and 1-based line/column (UTF-16 code units) in that text.
 */
export interface JsonPositions {
  /**
   * Offset of the value at a JSON Pointer; for a pointer naming something
   * missing (a required property), the deepest ancestor that exists;
   * `undefined` for a malformed pointer.
   */
  offset(pointer: string): number | undefined;
  /** {@link offset} as a line and column. */
  locate(pointer: string): Position | undefined;
}

/** A {@link readJson} result: a parse asked for `positions` carries them when it succeeds. */
export type JsonResult = Result<unknown> & { positions?: JsonPositions };

const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;
const MAX_PROBLEMS = 100;

/**
 * memkit's one JSON reader: `JSON.parse`, then the rules of canonical JSON (RFC 8785) and I-JSON
 * it does not keep: a repeated property name is `json.duplicate-key` (two readers could see two
 * values behind one hash), a lone surrogate `json.lone-surrogate`; forbidden keys are kept,
 * dropped or refused ({@link ReadJsonOptions}). A syntax error is `input.not-json` with line and
 * column, too deep a nesting `input.too-deep`. Never throws. Costs a parse, a walk counting keys
 * and a scan counting key tokens; the searches that locate a problem run only when needed.
 *
 * @example readJson('{"a":1,"a":2}') // { ok: false, problems: [{ code: 'json.duplicate-key', pointer: '/a', … }] }
 * @example readJson('{\n "a": [1,\n 2]}', { positions: true }).positions?.locate('/a/1') // { line: 3, column: 2 }
 */
export function readJson(text: string, options: ReadJsonOptions = {}): JsonResult {
  const r = readValue(text, options);
  if (options.positions && r.ok) (r as JsonResult).positions = new ValueIndex(text);
  return r;
}

function readValue(text: string, options: ReadJsonOptions): Result<unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (cause) {
    return fail([syntaxProblem(text, cause)]);
  }
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'string' && !isWellFormed(value)) return fail([loneSurrogate(toPointer([]))]);
    return ok(value);
  }
  const mode = options.forbiddenKeys ?? 'keep';
  const surrogates = (text.includes('\\u') && SURROGATE_ESCAPE.test(text)) || !isWellFormed(text);
  const walk: Walk = { forbidden: false };
  let keys = countKeys(value, 0, walk);
  const problems: Problem[] = [];
  const forbidden = mode !== 'keep' && walk.forbidden;
  if (forbidden || surrogates) keys = inspect(value, forbidden, surrogates, mode === 'refuse', problems);
  if (countKeyTokens(text) !== keys) problems.unshift(...findDuplicates(text));
  if (problems.some((p) => p.severity === 'error')) return fail(problems);
  return ok(value, problems);
}

/** The `input.not-json` (or `input.too-deep`) Problem for a `JSON.parse` failure, with line and column in `text`. */
function syntaxProblem(text: string, cause: unknown): Problem {
  if (cause instanceof RangeError) return error('input.too-deep', 'the JSON nests too deeply to parse', { line: 1, column: 1 });
  const message = (cause instanceof Error ? cause.message : String(cause)).replace(/^JSON\.parse: /, '');
  const lc = /line (\d+) column (\d+)/.exec(message);
  if (lc) return error('input.not-json', message, { line: Number(lc[1]), column: Number(lc[2]) });
  const at = /position (\d+)/.exec(message);
  const pos = positionAt(text, at ? Number(at[1]) : text.length);
  return error('input.not-json', message, { line: pos.line, column: pos.column });
}

function loneSurrogate(pointer: string): Problem {
  return error('json.lone-surrogate', 'a string or property name holds a lone surrogate, which has no UTF-8 form and no canonical JSON', { pointer });
}

/**
 * Keys of every object in a parsed value. `for…in` is the fastest walk (an enumerable key added
 * to `Object.prototype` only sends the caller to the exact search); deep values switch to an
 * explicit stack, as `JSON.parse` accepts nesting deeper than the call stack.
 */
function countKeys(v: object, depth: number, walk: Walk): number {
  if (depth > 256) {
    walk.forbidden = true; // let the iterative inspect() look for forbidden keys below
    return countKeysIteratively(v);
  }
  let n = 0;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const x: unknown = v[i];
      if (typeof x === 'object' && x !== null) n += countKeys(x, depth + 1, walk);
    }
    return n;
  }
  for (const k in v) {
    n++;
    // Parsed keys are internalized strings: these compares are nearly free.
    if (k === '__proto__' || k === 'constructor' || k === 'prototype') walk.forbidden = true;
    const x = (v as Record<string, unknown>)[k];
    if (typeof x === 'object' && x !== null) n += countKeys(x, depth + 1, walk);
  }
  return n;
}

interface Walk {
  /** A forbidden key was seen (or the value is too deep to tell on the fast walk). */
  forbidden: boolean;
}

function countKeysIteratively(root: object): number {
  let n = 0;
  const stack: object[] = [root];
  while (stack.length > 0) {
    const v = stack.pop()!;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const x: unknown = v[i];
        if (typeof x === 'object' && x !== null) stack.push(x);
      }
      continue;
    }
    const keys = Object.keys(v);
    n += keys.length;
    for (let i = 0; i < keys.length; i++) {
      const x = (v as Record<string, unknown>)[keys[i]!];
      if (typeof x === 'object' && x !== null) stack.push(x);
    }
  }
  return n;
}

interface Path {
  parent: Path | undefined;
  seg: string | number;
}

function pointerOf(path: Path | undefined, last?: string | number): string {
  const segs: (string | number)[] = last === undefined ? [] : [last];
  for (let p = path; p !== undefined; p = p.parent) segs.push(p.seg);
  return toPointer(segs.reverse());
}

/** {@link countKeys} that also reports lone surrogates and drops or refuses forbidden keys (counted before they are dropped). */
function inspect(root: object, forbidden: boolean, surrogates: boolean, refuse: boolean, problems: Problem[]): number {
  let n = 0;
  const stack: { v: object; at: Path | undefined }[] = [{ v: root, at: undefined }];
  const add = (p: Problem) => {
    if (problems.length < MAX_PROBLEMS) problems.push(p);
  };
  while (stack.length > 0) {
    const { v, at } = stack.pop()!;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const x: unknown = v[i];
        if (typeof x === 'object' && x !== null) stack.push({ v: x, at: { parent: at, seg: i } });
        else if (surrogates && typeof x === 'string' && !isWellFormed(x)) add(loneSurrogate(pointerOf(at, i)));
      }
      continue;
    }
    const obj = v as Record<string, unknown>;
    const keys = Object.keys(obj);
    n += keys.length;
    for (const k of keys) {
      const x = obj[k];
      if (surrogates && !isWellFormed(k)) add(loneSurrogate(pointerOf(at, k)));
      if (forbidden && FORBIDDEN_KEYS.has(k)) {
        if (refuse) {
          add(error('json.uncovered-key', `key "${k}" is never read by memkit, so a hash over this text would cover bytes no reader sees`, { pointer: pointerOf(at, k) }));
        } else {
          delete obj[k];
          add(warning('input.forbidden-key', `key "${k}" was dropped so it cannot reach an object prototype`, { pointer: pointerOf(at, k) }));
        }
        n += x !== null && typeof x === 'object' ? countKeysIteratively(x) : 0;
        continue;
      }
      if (typeof x === 'object' && x !== null) stack.push({ v: x, at: { parent: at, seg: k } });
      else if (surrogates && typeof x === 'string' && !isWellFormed(x)) add(loneSurrogate(pointerOf(at, k)));
    }
  }
  return n;
}

/** Offset of the `"` closing the string that opens at `start` (the text is valid JSON). */
function stringEnd(text: string, start: number): number {
  let end = text.indexOf('"', start + 1);
  // An even run of backslashes escapes itself, not the quote.
  while (text.charCodeAt(end - 1) === 92 && backslashesBefore(text, end) % 2 === 1) end = text.indexOf('"', end + 1);
  return end;
}

function skipSpace(text: string, i: number): number {
  let c = text.charCodeAt(i);
  while (c === 32 || c === 10 || c === 13 || c === 9) c = text.charCodeAt(++i);
  return i;
}

function backslashesBefore(text: string, at: number): number {
  let k = at - 1;
  while (text.charCodeAt(k) === 92) k--;
  return at - 1 - k;
}

/** Property-name tokens in valid JSON text: strings followed by `:`. Equal to {@link countKeys} exactly when no object repeats a name. */
function countKeyTokens(text: string): number {
  let n = 0;
  let i = text.indexOf('"');
  while (i !== -1) {
    const after = skipSpace(text, stringEnd(text, i) + 1);
    if (text.charCodeAt(after) === 58) n++;
    i = text.indexOf('"', after);
  }
  return n;
}

interface Frame {
  parent: Frame | undefined;
  /** Where this container sits in its parent (undefined at the root). */
  seg: string | number | undefined;
  names: Set<string> | undefined;
  key: string;
  index: number;
}

/** The slow path: tokenizes valid JSON text and reports every repeated name with its pointer and position. */
function findDuplicates(text: string): Problem[] {
  const out: Problem[] = [];
  const lines = new LineIndex(text);
  let top: Frame | undefined;
  const segs = (f: Frame | undefined, last: string): string => {
    const path: (string | number)[] = [last];
    for (let p = f; p !== undefined && p.seg !== undefined; p = p.parent) path.push(p.seg);
    return toPointer(path.reverse());
  };
  for (let i = 0; i < text.length && out.length < MAX_PROBLEMS; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      const end = stringEnd(text, i);
      const after = skipSpace(text, end + 1);
      if (text.charCodeAt(after) === 58 && top?.names !== undefined) {
        const raw = text.slice(i + 1, end);
        const name = raw.includes('\\') ? (JSON.parse(text.slice(i, end + 1)) as string) : raw;
        if (top.names.has(name)) {
          const pos = lines.position(i);
          out.push(error('json.duplicate-key', `property "${name}" appears more than once in the same object`, { pointer: segs(top, name), line: pos.line, column: pos.column }));
        } else top.names.add(name);
        top.key = name;
        i = after;
      } else i = end;
    } else if (c === 123 || c === 91) {
      const seg = top === undefined ? undefined : top.names !== undefined ? top.key : top.index;
      top = { parent: top, seg, names: c === 123 ? new Set() : undefined, key: '', index: 0 };
    } else if (c === 125 || c === 93) top = top?.parent;
    else if (c === 44 && top !== undefined && top.names === undefined) top.index++;
  }
  return out;
}

/** Whitespace, `,`, `]` or `}`: what ends a number or literal in valid JSON. */
const ENDS_SCALAR = (c: number) => c === 32 || c === 10 || c === 13 || c === 9 || c === 44 || c === 93 || c === 125 || Number.isNaN(c);

/**
 * The start of every value of a valid JSON text in document order, in three parallel arrays:
 * where it starts, the number of the first value after its contents, and where its member name
 * starts (-1 for an item or the root). Names are decoded only when a pointer is resolved.
 */
class ValueIndex implements JsonPositions {
  readonly #text: string;
  #starts: Int32Array;
  #after: Int32Array;
  #names: Int32Array;
  #lines: LineIndex | undefined;

  constructor(text: string) {
    this.#text = text;
    const size = Math.max(16, Math.min(text.length >> 4, 1 << 16));
    this.#starts = new Int32Array(size);
    this.#after = new Int32Array(size);
    this.#names = new Int32Array(size);
    this.#index();
  }

  #grow(): void {
    const more = (a: Int32Array) => {
      const b = new Int32Array(a.length * 2);
      b.set(a);
      return b;
    };
    this.#starts = more(this.#starts);
    this.#after = more(this.#after);
    this.#names = more(this.#names);
  }

  // One pass over text JSON.parse accepted, so every token is well formed.
  #index(): void {
    const text = this.#text;
    const open: number[] = []; // the containers not yet closed
    let n = 0;
    let name = -1;
    let i = skipSpace(text, 0);
    for (;;) {
      if (n === this.#starts.length) this.#grow();
      const v = n++;
      this.#starts[v] = i;
      this.#names[v] = name;
      name = -1;
      const c = text.charCodeAt(i);
      if (c === 123 || c === 91) {
        const first = skipSpace(text, i + 1);
        const d = text.charCodeAt(first);
        if (d !== 125 && d !== 93) {
          open.push(v);
          i = first;
          if (c === 123) {
            name = i;
            i = skipSpace(text, skipSpace(text, stringEnd(text, i) + 1) + 1);
          }
          continue;
        }
        this.#after[v] = n;
        i = first + 1;
      } else {
        if (c === 34) i = stringEnd(text, i) + 1;
        else while (!ENDS_SCALAR(text.charCodeAt(i))) i++;
        this.#after[v] = n;
      }
      // Close what ends here, then step to the next item or member.
      for (;;) {
        i = skipSpace(text, i);
        const d = text.charCodeAt(i);
        if (d === 44) {
          i = skipSpace(text, i + 1);
          if (text.charCodeAt(this.#starts[open[open.length - 1]!]!) === 123) {
            name = i;
            i = skipSpace(text, skipSpace(text, stringEnd(text, i) + 1) + 1);
          }
          break;
        }
        if (d !== 125 && d !== 93) return;
        this.#after[open.pop()!] = n;
        i++;
      }
    }
  }

  #nameAt(at: number): string {
    const end = stringEnd(this.#text, at);
    const raw = this.#text.slice(at + 1, end);
    return raw.includes('\\') ? (JSON.parse(this.#text.slice(at, end + 1)) as string) : raw;
  }

  offset(pointer: string): number | undefined {
    const tokens = parsePointer(pointer);
    if (tokens === undefined) return undefined;
    let v = 0;
    for (const token of tokens) {
      const open = this.#text.charCodeAt(this.#starts[v]!);
      const end = this.#after[v]!;
      let found = -1;
      if (open === 123) {
        // The last of repeated names, as JSON.parse keeps it.
        for (let c = v + 1; c < end; c = this.#after[c]!) if (this.#nameAt(this.#names[c]!) === token) found = c;
      } else if (open === 91 && /^(0|[1-9][0-9]*)$/.test(token)) {
        let k = Number(token);
        for (let c = v + 1; c < end; c = this.#after[c]!) {
          if (k-- === 0) {
            found = c;
            break;
          }
        }
      }
      if (found < 0) break;
      v = found;
    }
    return this.#starts[v];
  }

  locate(pointer: string): Position | undefined {
    const at = this.offset(pointer);
    return at === undefined ? undefined : (this.#lines ??= new LineIndex(this.#text)).position(at);
  }
}
