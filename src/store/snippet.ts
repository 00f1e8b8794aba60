import { tokenize } from './tokenize.js';

/** Options of {@link makeSnippet}. */
export interface SnippetOptions {
  /** Opening and closing marker around each matched word (default `['«', '»']`). */
  markers?: readonly [string, string];
  /** Words in the window (default 24). */
  words?: number;
  /** Marks a cut at either end (default `'…'`). */
  ellipsis?: string;
}

const SCAN_LIMIT = 200_000;

/**
 * A window of `text` around the first matched word, with every matched word
 * wrapped in markers and runs of white space collapsed. `matched` holds folded
 * terms ({@link foldTerm}). Starts at the top of the text when nothing matches.
 *
 * @example makeSnippet('Run the tests with vitest', new Set(['tests'])) // 'Run the «tests» with vitest'
 */
export function makeSnippet(text: string, matched: ReadonlySet<string>, options: SnippetOptions = {}): string {
  const [open, close] = options.markers ?? ['«', '»'];
  const size = Math.max(1, Math.floor(options.words ?? 24));
  const ellipsis = options.ellipsis ?? '…';
  const scanned = text.length > SCAN_LIMIT ? text.slice(0, SCAN_LIMIT) : text;
  const tokens = tokenize(scanned);
  if (tokens.length === 0) return '';
  const first = tokens.findIndex((t) => matched.has(t.term));
  const start = first <= 0 ? 0 : Math.max(0, Math.min(first - Math.floor(size / 4), tokens.length - size));
  const end = Math.min(tokens.length, start + size);
  let out = start > 0 ? ellipsis : '';
  for (let i = start; i < end; i++) {
    const t = tokens[i]!;
    if (i > start) out += scanned.slice(tokens[i - 1]!.end, t.start).replace(/\s+/g, ' ');
    out += matched.has(t.term) ? open + t.text + close : t.text;
  }
  if (end < tokens.length || scanned.length < text.length) out += ellipsis;
  return out;
}
