import { type Token, tokenize, tokens } from './tokenize.js';

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
  const lead = Math.floor(size / 4);
  const ellipsis = options.ellipsis ?? '…';
  const scanned = text.length > SCAN_LIMIT ? text.slice(0, SCAN_LIMIT) : text;
  // One pass that stops once the window is full: keep the first `size` words (for
  // a text without a match) and the `lead` words before the first match.
  const head: Token[] = [];
  let before: Token[] = [];
  let window: Token[] | undefined;
  let skipped = false;
  let more = false;
  for (const t of tokens(scanned)) {
    if (window !== undefined) {
      if (window.length >= size) {
        more = true;
        break;
      }
      window.push(t);
      continue;
    }
    if (head.length < size) head.push(t);
    if (matched.has(t.term)) {
      window = [...before, t];
      continue;
    }
    before.push(t);
    if (before.length > lead) {
      before = before.slice(1);
      skipped = true;
    }
  }
  let start = false;
  if (window === undefined) {
    window = head;
    more = head.length >= size && tokenizeMore(scanned, head);
  } else {
    start = skipped;
    // A match near the end: widen the window backwards so it stays `size` words long.
    if (window.length < size && start) {
      const all = tokenize(scanned);
      const last = window[window.length - 1]!;
      const endIndex = all.findIndex((x) => x.start === last.start);
      const from = Math.max(0, endIndex + 1 - size);
      window = all.slice(from, endIndex + 1);
      start = from > 0;
    }
  }
  if (window.length === 0) return '';
  let out = start ? ellipsis : '';
  for (let i = 0; i < window.length; i++) {
    const t = window[i]!;
    if (i > 0) out += scanned.slice(window[i - 1]!.end, t.start).replace(/\s+/g, ' ');
    out += matched.has(t.term) ? open + t.text + close : t.text;
  }
  if (more || scanned.length < text.length) out += ellipsis;
  return out;
}

function tokenizeMore(text: string, head: readonly Token[]): boolean {
  const last = head[head.length - 1];
  return last !== undefined && tokens(text.slice(last.end)).next().done === false;
}
