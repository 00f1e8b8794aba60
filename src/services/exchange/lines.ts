import { readJson } from '../../kernel/canonical/read-json.js';
import { type Result, error, fail } from '../../kernel/problems/index.js';
import { type MaybePromise, isThenable } from './record-store.js';
import { type ByteChunks, utf8Chunks } from './source.js';

/** One line of a bundle as raw bytes (newline and a trailing CR removed). */
export interface RawLine {
  /** The line's bytes; a view valid only during the callback. */
  bytes: Uint8Array;
  /** 1-based line number. */
  number: number;
  /** Bytes of the source consumed once this line is read (newline included). */
  end: number;
  /** True when the line exceeded the limit; `bytes` is then empty. */
  tooLong: boolean;
}

/** Called per line; may return a promise (awaited) or `false` to stop reading. */
export type LineHandler = (line: RawLine) => MaybePromise<void | boolean>;

const fatal = new TextDecoder('utf-8', { fatal: true });

/**
 * The JSON value of one bundle line, read with memkit's JSON reader: a
 * repeated name, a lone surrogate or a forbidden key fails the line instead of
 * being resolved silently by `JSON.parse`.
 *
 * @example readLineJson(new TextEncoder().encode('{"a":1,"a":2}')) // { ok: false, problems: [{ code: 'json.duplicate-key', pointer: '/a', … }] }
 */
export function readLineJson(bytes: Uint8Array): Result<unknown> {
  let text: string;
  try {
    text = fatal.decode(bytes);
  } catch {
    return fail([error('input.invalid-utf8', 'the line is not valid UTF-8')]);
  }
  return readJson(text, { forbiddenKeys: 'refuse' });
}

/**
 * Reads `chunks` line by line with memory bounded by the longest line (at
 * most `maxLineBytes`), calling `onLine` for each. A final line without a
 * newline is still reported. Returns the total bytes read.
 */
export async function forEachLine(chunks: ByteChunks, onLine: LineHandler, maxLineBytes: number): Promise<number> {
  let carry = new Uint8Array(0);
  let carryLen = 0;
  let tooLong = false;
  let number = 0;
  let consumed = 0;
  const line: RawLine = { bytes: carry, number: 0, end: 0, tooLong: false };

  const emit = (bytes: Uint8Array, end: number): MaybePromise<void | boolean> => {
    let n = bytes.length;
    if (n > 0 && bytes[n - 1] === 13) n--;
    line.bytes = tooLong ? bytes.subarray(0, 0) : n === bytes.length ? bytes : bytes.subarray(0, n);
    line.number = ++number;
    line.end = end;
    line.tooLong = tooLong;
    tooLong = false;
    return onLine(line);
  };

  for await (const bytes of utf8Chunks(chunks)) {
    let start = 0;
    for (;;) {
      const nl = bytes.indexOf(10, start);
      if (nl < 0) {
        const rest = bytes.length - start;
        if (tooLong || carryLen + rest > maxLineBytes) {
          tooLong = true;
          carryLen = 0;
        } else if (rest > 0) {
          if (carry.length < carryLen + rest) {
            const grown = new Uint8Array(Math.min(Math.max(carryLen + rest, carry.length * 2, 1024), maxLineBytes));
            grown.set(carry.subarray(0, carryLen));
            carry = grown;
          }
          carry.set(bytes.subarray(start), carryLen);
          carryLen += rest;
        }
        consumed += rest;
        break;
      }
      consumed += nl - start + 1;
      let lineBytes: Uint8Array;
      if (carryLen > 0) {
        const part = nl - start;
        if (carryLen + part > maxLineBytes) {
          tooLong = true;
          lineBytes = bytes.subarray(0, 0);
        } else {
          const joined = new Uint8Array(carryLen + part);
          joined.set(carry.subarray(0, carryLen));
          joined.set(bytes.subarray(start, nl), carryLen);
          lineBytes = joined;
        }
        carryLen = 0;
      } else {
        if (nl - start > maxLineBytes) tooLong = true;
        lineBytes = bytes.subarray(start, nl);
      }
      let r = emit(lineBytes, consumed);
      if (isThenable(r)) r = await r;
      if (r === false) return consumed;
      start = nl + 1;
    }
  }
  if (carryLen > 0 || tooLong) {
    const r = emit(carry.subarray(0, carryLen), consumed);
    if (isThenable(r)) await r;
  }
  return consumed;
}
