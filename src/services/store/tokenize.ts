// Words as SQLite's `unicode61` tokenizer sees them, with the same folding (lower case, Latin diacritics removed).

/** `unicode61`'s words: runs of letters, digits, marks and private-use characters (one global regex: set `lastIndex` before `exec`). */
export const WORD = /[\p{L}\p{N}\p{M}\p{Co}]+/gu;

// A loop: faster than a regex on short words.
function isAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 0x7f) return false;
  return true;
}

/** One word and where it sits in the text. */
export interface Token {
  /** The word as written. */
  text: string;
  /** Folded form used for matching. */
  term: string;
  start: number;
  end: number;
}

/** Folds a word like `unicode61` with `remove_diacritics`: NFD, drop combining marks, lower case. */
export function foldTerm(word: string): string {
  const lower = word.toLowerCase();
  return isAscii(lower) ? lower : lower.normalize('NFD').replace(/\p{M}/gu, '');
}

/** Every word of `text` with its position, in order. */
export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  WORD.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = WORD.exec(text)) !== null) {
    const term = foldTerm(m[0]);
    if (term.length > 0) out.push({ text: m[0], term, start: m.index, end: m.index + m[0].length });
  }
  return out;
}

/** A plain query split into distinct words (at most 32): each `text` is as typed, `term` folded. */
export function queryTerms(query: string): Token[] {
  const seen = new Set<string>();
  const out: Token[] = [];
  for (const t of tokenize(typeof query === 'string' ? query : '')) {
    if (seen.has(t.term)) continue;
    seen.add(t.term);
    out.push(t);
    if (out.length >= 32) break;
  }
  return out;
}

/** Full-text query syntax for plain query words: each double-quoted (no word is an operator), joined by spaces (all) or `OR` (any). */
export function quoteTerms(words: readonly Token[], match: 'all' | 'any' = 'all'): string {
  return words.map((w) => `"${w.text.replace(/"/g, '""')}"`).join(match === 'any' ? ' OR ' : ' ');
}
