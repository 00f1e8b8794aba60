import type { SearchOptions } from './doc-record.js';
import { WORD, foldTerm } from './tokenize.js';
import { maskSecrets } from '../../kernel/secrets/index.js';

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
 * A window of `words` words of `text` (a quarter of it before the first matched word, the top when none matches),
 * matched words (folded terms, {@link foldTerm}) wrapped in markers and white space collapsed.
 *
 * @example makeSnippet('Run the tests with vitest', new Set(['tests'])) // 'Run the «tests» with vitest'
 */
export function makeSnippet(text: string, matched: ReadonlySet<string>, options: SnippetOptions = {}): string {
  const size = Math.max(1, Math.floor(options.words ?? 24));
  // A snippet never shows a secret, even of a doc written before detection existed.
  const scanned = maskSecrets(text.length > SCAN_LIMIT ? text.slice(0, SCAN_LIMIT) : text);
  // A regex finds the first occurrence of a term or the first non-ASCII character: in ASCII text no word before
  // the occurrence can match, so only words from just before it are folded; non-ASCII text is folded from the top.
  const first = firstHitOrNonAscii(scanned, matched);
  let from = 0;
  let skipBefore = 0;
  if (first.hit > 0) {
    skipBefore = first.hit;
    from = Math.max(0, first.hit - (Math.floor(size / 4) + 2) * 16);
    while (from > 0 && from < first.hit && scanned.charCodeAt(from - 1) > 32) from++;
  }
  const headOnly = first.hit === -1 && first.nonAscii === -1;
  let cut = headOnly ? undefined : windowAfter(scanned, matched, size, from, skipBefore);
  if (cut === undefined && from > 0) cut = windowAfter(scanned, matched, size, 0, 0);
  cut ??= windowAt(scanned, 0, size);
  return render(scanned, cut, matched, options, text.length > SCAN_LIMIT);
}

/** A search hit's snippet of `body`: {@link makeSnippet} with the search's markers and window size. */
export function hitSnippet(body: string, matched: ReadonlySet<string>, options: SearchOptions): string {
  return makeSnippet(body, matched, { ...(options.markers ? { markers: options.markers } : {}), ...(options.snippetWords ? { words: options.snippetWords } : {}) });
}

/** A run of words: `starts`/`ends` of the window's words, and whether words were left out before and after it. */
interface Cut {
  starts: number[];
  ends: number[];
  before: boolean;
  after: boolean;
}

// The window around the first matched word at or after `from` (words starting before
// `skipBefore` are known not to match); undefined when none matches.
function windowAfter(text: string, matched: ReadonlySet<string>, size: number, from: number, skipBefore: number): Cut | undefined {
  const lead = Math.floor(size / 4);
  const starts: number[] = [];
  const ends: number[] = [];
  let first = -1;
  WORD.lastIndex = from;
  let m: RegExpExecArray | null;
  while ((m = WORD.exec(text)) !== null) {
    if (first === -1 && m.index >= skipBefore && matched.has(foldTerm(m[0]))) first = starts.length;
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

// Where the first whole-word, case-insensitive occurrence of an ASCII term starts when no non-ASCII character comes
// before it or right after it (else -1), and the first non-ASCII character before that (else -1). ASCII edges and no
// Unicode mode keep the regex fast; in ASCII text that is the Unicode rule, anything else the caller folds.
function firstHitOrNonAscii(text: string, matched: ReadonlySet<string>): { hit: number; nonAscii: number } {
  let re = hitPatterns.get(matched);
  if (re === undefined) {
    const alts = [...matched].filter((t) => t.length > 0 && /^[\x00-\x7f]*$/.test(t)).map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    re = alts.length === 0 ? null : new RegExp(`(?<![A-Za-z0-9])(?:${alts.join('|')})(?![A-Za-z0-9])`, 'i');
    hitPatterns.set(matched, re);
  }
  const m = re === null ? null : re.exec(text);
  const hit = m === null ? -1 : m.index;
  // The first non-ASCII character up to the one right after the occurrence.
  const end = m === null ? text.length : Math.min(text.length, hit + m[0].length + 1);
  for (let k = 0; k < end; k++) if (text.charCodeAt(k) > 0x7f) return { hit: -1, nonAscii: k };
  return { hit, nonAscii: -1 };
}
