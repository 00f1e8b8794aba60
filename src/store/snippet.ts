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
export function makeSnippet(text: string, matched: ReadonlySet<string>, options: SnippetOptions = {}, slow = false): string {
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
  // Jump close to the first match with one native regex search instead of folding every word before it.
  let from = 0;
  const hit = slow ? -1 : firstHit(scanned, matched);
  if (hit > 0) {
    from = Math.max(0, hit - (lead + 2) * 16);
    while (from > 0 && from < hit && scanned.charCodeAt(from - 1) > 32) from++;
    skipped = WORD_CHAR.test(scanned.slice(0, from));
  }
  // No occurrence in ASCII text: no fold can match either, so the first words will do.
  // eslint-disable-next-line no-control-regex
  const headOnly = hit === -1 && !slow && /^[\x00-\x7f]*$/.test(scanned);
  for (const t of tokens(scanned, from)) {
    if (headOnly && head.length >= size) {
      more = true;
      break;
    }
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
  if (window === undefined && from > 0) return makeSnippet(text, matched, { ...options, words: size, ellipsis }, true);
  if (window === undefined) {
    window = head;
    more ||= head.length >= size && tokenizeMore(scanned, head);
  } else {
    start = skipped;
    // A match near the end (or few words scanned before it): widen the window backwards so it stays `size` words long.
    if (window.length < size && (start || from > 0)) {
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

const WORD_CHAR = /[\p{L}\p{N}\p{M}\p{Co}]/u;
const hitPatterns = new WeakMap<ReadonlySet<string>, RegExp | null>();

// Where the first whole-word, case-insensitive occurrence of a matched term starts (-1 if none).
function firstHit(text: string, matched: ReadonlySet<string>): number {
  let re = hitPatterns.get(matched);
  if (re === undefined) {
    const alts = [...matched].filter((t) => t.length > 0).map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    re = alts.length === 0 ? null : new RegExp(`(?<![\\p{L}\\p{N}\\p{M}\\p{Co}])(?:${alts.join('|')})(?![\\p{L}\\p{N}\\p{M}\\p{Co}])`, 'iu');
    hitPatterns.set(matched, re);
  }
  return re === null ? -1 : text.search(re);
}
