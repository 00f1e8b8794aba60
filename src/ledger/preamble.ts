import { iterateChunks } from '../parse/chunks.js';
import { splitFrontmatter } from '../parse/frontmatter.js';
import type { JsonlSource } from '../parse/jsonl.js';

/** Where the entries of a `.md` ledger start. */
export interface PreambleSplit {
  /** The preamble text (frontmatter and Markdown before the first entry line). */
  preamble: string;
  /** Lines the preamble spans: the first entry is on line `preambleLines + 1`. */
  preambleLines: number;
  /** The rest of the source, from the first entry line on. */
  rest: JsonlSource;
}

const MAX_PREAMBLE = 1 << 20;

/**
 * The preamble of ledger text (DESIGN §4, as `parseLedgerText` reads it): the
 * frontmatter (found by `splitFrontmatter`) and the lines before the first
 * line starting with `{`. With `final` false the text may be a prefix of the
 * file: `undefined` means "read more".
 */
export function findPreamble(text: string, final = true): { preamble: string; preambleLines: number } | undefined {
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
  let lines = 0;
  for (let i = preamble.indexOf('\n'); i !== -1; i = preamble.indexOf('\n', i + 1)) lines++;
  if (pos === text.length && pos > 0 && !preamble.endsWith('\n')) lines++;
  return { preamble, preambleLines: lines };
}

/**
 * Splits the Markdown preamble off a ledger source without reading past the
 * chunk that holds the first entry line, so verification stays streaming.
 * A preamble over 1 MiB ends the search; the rest is then read as entries.
 */
export async function splitPreamble(source: JsonlSource): Promise<PreambleSplit> {
  if (typeof source === 'string') {
    const p = findPreamble(source)!;
    return { ...p, rest: source.slice(p.preamble.length) };
  }
  const it = iterateChunks<string | Uint8Array>(source instanceof Uint8Array ? [source] : source);
  const held: (string | Uint8Array)[] = [];
  const decoder = new TextDecoder();
  let text = '';
  let size = 0;
  let done = false;
  for (;;) {
    const step = await it.next();
    done = step.done === true || size > MAX_PREAMBLE;
    if (!step.done) {
      held.push(step.value);
      size += step.value.length;
      text += typeof step.value === 'string' ? step.value : decoder.decode(step.value, { stream: true });
    }
    const found = findPreamble(text, done);
    if (found !== undefined) return { ...found, rest: resume(held, found.preambleLines, it) };
    if (done) return { preamble: text, preambleLines: 0, rest: resume(held, 0, it) };
  }
}

/** The held chunks from the start of line `skipLines + 1`, then the rest of the source. */
async function* resume(held: (string | Uint8Array)[], skipLines: number, it: AsyncIterator<string | Uint8Array>): AsyncGenerator<string | Uint8Array> {
  let skip = skipLines;
  for (const chunk of held) {
    if (skip === 0) {
      yield chunk;
      continue;
    }
    // Cut at the newline that ends the last preamble line (bytes or text alike).
    let at = -1;
    while (skip > 0) {
      at = typeof chunk === 'string' ? chunk.indexOf('\n', at + 1) : chunk.indexOf(10, at + 1);
      if (at === -1) break;
      skip--;
    }
    if (skip === 0 && at + 1 < chunk.length) yield typeof chunk === 'string' ? chunk.slice(at + 1) : chunk.subarray(at + 1);
  }
  for (;;) {
    const step = await it.next();
    if (step.done) return;
    yield step.value;
  }
}
