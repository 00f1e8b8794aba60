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
 * Splits the Markdown preamble (DESIGN §4: frontmatter and lines before the
 * first line starting with `{`) off a ledger source without reading past the
 * chunk that holds the first entry, so verification stays streaming. A
 * frontmatter block (`---` … `---`) is skipped as a whole. A preamble over
 * 1 MiB ends the scan: the rest is handed on as entries (and reported there).
 */
export async function splitPreamble(source: JsonlSource): Promise<PreambleSplit> {
  if (typeof source === 'string') return splitText(source);
  if (source instanceof Uint8Array) {
    const s = scan(source, 0, 0, true);
    return { preamble: decode(source.subarray(0, s.end)), preambleLines: s.lines, rest: source.subarray(s.end) };
  }
  const it = chunks(source);
  const held: Uint8Array[] = [];
  let textMode: boolean | undefined;
  let heldText = '';
  let heldBytes = 0;
  const decoder = new TextDecoder();
  for (;;) {
    const step = await it.next();
    if (step.done) break;
    const chunk = step.value;
    if (typeof chunk === 'string') {
      textMode ??= true;
      if (!textMode) held.push(new TextEncoder().encode(chunk));
      else heldText += chunk;
    } else {
      textMode ??= false;
      if (textMode) heldText += decoder.decode(chunk, { stream: true });
      else held.push(chunk);
    }
    heldBytes += chunk.length;
    if (textMode) {
      const s = splitText(heldText, false);
      if (s !== undefined) return { ...s, rest: resume(s.rest as string, it) };
    } else {
      const all = concat(held);
      held.length = 0;
      held.push(all);
      const s = scan(all, 0, 0, false);
      if (s.found) return { preamble: decode(all.subarray(0, s.end)), preambleLines: s.lines, rest: resume(all.subarray(s.end), it) };
    }
    if (heldBytes > MAX_PREAMBLE) break;
  }
  if (textMode === undefined) return { preamble: '', preambleLines: 0, rest: '' };
  if (textMode) {
    const s = splitText(heldText);
    return { ...s, rest: resume(s.rest as string, it) };
  }
  const all = concat(held);
  const s = scan(all, 0, 0, true);
  return { preamble: decode(all.subarray(0, s.end)), preambleLines: s.lines, rest: resume(all.subarray(s.end), it) };
}

function splitText(text: string): PreambleSplit;
function splitText(text: string, final: false): PreambleSplit | undefined;
function splitText(text: string, final = true): PreambleSplit | undefined {
  let pos = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let lines = 0;
  let inFrontmatter = false;
  for (;;) {
    const nl = text.indexOf('\n', pos);
    const lineEnd = nl === -1 ? text.length : nl;
    const line = text.slice(pos, lineEnd).replace(/\r$/, '');
    if (nl === -1 && !final) return undefined;
    if (lines === 0 && line === '---') inFrontmatter = true;
    else if (inFrontmatter) {
      if (line === '---') inFrontmatter = false;
    } else if (text.charCodeAt(pos) === 123) return { preamble: text.slice(0, pos), preambleLines: lines, rest: text.slice(pos) };
    if (nl === -1) return { preamble: text, preambleLines: lines + (pos < text.length ? 1 : 0), rest: '' };
    pos = nl + 1;
    lines++;
  }
}

function scan(bytes: Uint8Array, start: number, lines0: number, final: boolean): { end: number; lines: number; found: boolean } {
  let pos = start;
  let lines = lines0;
  if (pos === 0 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) pos = 3;
  let inFrontmatter = false;
  for (;;) {
    const nl = bytes.indexOf(10, pos);
    if (nl === -1 && !final) return { end: pos, lines, found: false };
    const lineEnd = nl === -1 ? bytes.length : nl;
    const dashes = lineEnd - pos >= 3 && bytes[pos] === 45 && bytes[pos + 1] === 45 && bytes[pos + 2] === 45 && (lineEnd - pos === 3 || (lineEnd - pos === 4 && bytes[pos + 3] === 13));
    if (lines === 0 && dashes) inFrontmatter = true;
    else if (inFrontmatter) {
      if (dashes) inFrontmatter = false;
    } else if (bytes[pos] === 123) return { end: pos, lines, found: true };
    if (nl === -1) return { end: bytes.length, lines: lines + (pos < bytes.length ? 1 : 0), found: false };
    pos = nl + 1;
    lines++;
  }
}

function decode(bytes: Uint8Array): string {
  return new TextDecoder().decode(bytes);
}

function concat(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

async function* chunks(source: Exclude<JsonlSource, string | Uint8Array>): AsyncGenerator<string | Uint8Array> {
  const maybe = source as ReadableStream<string | Uint8Array>;
  if (typeof maybe.getReader === 'function') {
    const reader = maybe.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        yield value;
      }
    } finally {
      reader.releaseLock();
    }
  }
  if (Symbol.asyncIterator in (source as object)) yield* source as AsyncIterable<string | Uint8Array>;
  else yield* source as Iterable<string | Uint8Array>;
}

async function* resume(first: string | Uint8Array, it: AsyncGenerator<string | Uint8Array>): AsyncGenerator<string | Uint8Array> {
  if (first.length > 0) yield first;
  for (;;) {
    const step = await it.next();
    if (step.done) return;
    yield step.value;
  }
}
