import { foldTerm } from './tokenize.js';

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
// The word pattern of tokenize.ts, as one shared global regex (callers set lastIndex).
const WORD = /[\p{L}\p{N}\p{M}\p{Co}]+/gu;
const NON_ASCII = /[^\x00-\x7f]/;

/**
 * A window of `text` around the first matched word, with every matched word
 * wrapped in markers and runs of white space collapsed. `matched` holds folded
 * terms ({@link foldTerm}). Starts at the top of the text when nothing matches.
 * The window is `words` long (shorter only when the text is): about a quarter
 * of it before the first match, and it moves back when the match is near the end.
 *
 * @example makeSnippet('Run the tests with vitest', new Set(['tests'])) // 'Run the «tests» with vitest'
 */
export function makeSnippet(text: string, matched: ReadonlySet<string>, options: SnippetOptions = {}): string {
  const size = Math.max(1, Math.floor(options.words ?? 24));
  const scanned = text.length > SCAN_LIMIT ? text.slice(0, SCAN_LIMIT) : text;
  // A native regex search finds the first occurrence; only the words near it are folded and
  // compared. The search can miss a non-ASCII word that folds to a term (`İstanbul`), so it
  // is trusted only where the text before it is ASCII; otherwise words are folded from the top.
  const hit = firstHit(scanned, matched);
  const nonAscii = scanned.search(NON_ASCII);
  let from = 0;
  if (hit > 0 && (nonAscii === -1 || nonAscii >= hit)) {
    from = Math.max(0, hit - (Math.floor(size / 4) + 2) * 16);
    while (from > 0 && from < hit && scanned.charCodeAt(from - 1) > 32) from++;
  }
  const headOnly = hit === -1 && nonAscii === -1;
  let cut = headOnly ? undefined : windowAfter(scanned, matched, size, from);
  if (cut === undefined && from > 0) cut = windowAfter(scanned, matched, size, 0);
  cut ??= windowAt(scanned, 0, size);
  return render(scanned, cut, matched, options, scanned.length < text.length);
}

/** A run of words: `starts`/`ends` of the window's words, and whether words were left out before and after it. */
interface Cut {
  starts: number[];
  ends: number[];
  before: boolean;
  after: boolean;
}

// The window around the first matched word at or after `from`; undefined when none matches.
function windowAfter(text: string, matched: ReadonlySet<string>, size: number, from: number): Cut | undefined {
  const lead = Math.floor(size / 4);
  const starts: number[] = [];
  const ends: number[] = [];
  let first = -1;
  WORD.lastIndex = from;
  let m: RegExpExecArray | null;
  while ((m = WORD.exec(text)) !== null) {
    if (first === -1 && matched.has(foldTerm(m[0]))) first = starts.length;
    starts.push(m.index);
    ends.push(m.index + m[0].length);
    // One word past a full window: the window is known and words follow it.
    if (first !== -1 && starts.length > Math.max(0, first - lead) + size) break;
  }
  // No match, or long words put fewer than `lead` of them between `from` and the match: start over from the top.
  if (first === -1 || (first < lead && from > 0)) return undefined;
  const n = starts.length;
  let ws = Math.max(0, first - lead);
  const we = Math.min(n, ws + size);
  // A match near the end: the window moves back so it stays `size` words long.
  if (we - ws < size) {
    if (we < size && from > 0) return windowEndingAt(text, ends[we - 1]!, size);
    ws = Math.max(0, we - size);
  }
  return { starts: starts.slice(ws, we), ends: ends.slice(ws, we), before: ws > 0 || wordBefore(text, from), after: we < n };
}

// The last `size` words of the text up to `end`, with nothing after them.
function windowEndingAt(text: string, end: number, size: number): Cut {
  const starts: number[] = [];
  const ends: number[] = [];
  WORD.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = WORD.exec(text)) !== null && m.index < end) {
    starts.push(m.index);
    ends.push(m.index + m[0].length);
  }
  const ws = Math.max(0, starts.length - size);
  return { starts: starts.slice(ws), ends: ends.slice(ws), before: ws > 0, after: false };
}

// The first `size` words at or after `from`.
function windowAt(text: string, from: number, size: number): Cut {
  const starts: number[] = [];
  const ends: number[] = [];
  WORD.lastIndex = from;
  let m: RegExpExecArray | null;
  while ((m = WORD.exec(text)) !== null) {
    if (starts.length === size) return { starts, ends, before: false, after: true };
    starts.push(m.index);
    ends.push(m.index + m[0].length);
  }
  return { starts, ends, before: false, after: false };
}

// True when a word starts before `from`.
function wordBefore(text: string, from: number): boolean {
  if (from === 0) return false;
  WORD.lastIndex = 0;
  const m = WORD.exec(text);
  return m !== null && m.index < from;
}

function render(text: string, cut: Cut, matched: ReadonlySet<string>, options: SnippetOptions, truncated: boolean): string {
  const { starts, ends } = cut;
  if (starts.length === 0) return '';
  const [open, close] = options.markers ?? ['«', '»'];
  const ellipsis = options.ellipsis ?? '…';
  let out = cut.before ? ellipsis : '';
  for (let i = 0; i < starts.length; i++) {
    if (i > 0) {
      const gap = text.slice(ends[i - 1], starts[i]);
      out += gap === ' ' ? gap : gap.replace(/\s+/g, ' ');
    }
    const word = text.slice(starts[i], ends[i]);
    out += matched.has(foldTerm(word)) ? open + word + close : word;
  }
  if (cut.after || truncated) out += ellipsis;
  return out;
}

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
