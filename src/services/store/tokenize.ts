/**
 * Words as SQLite's `unicode61` tokenizer sees them (letters, digits, marks and
 * private-use characters; everything else separates), with the same folding:
 * lower case and Latin diacritics removed. Used to quote plain queries, by the
 * in-memory store's search, and to mark terms in snippets.
 */
import { WORD, isAscii } from './word-pattern.js';

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
  // ASCII fast path: nothing to decompose.
  return isAscii(lower) ? lower : lower.normalize('NFD').replace(/\p{M}/gu, '');
}

/** Every word of `text` with its position, in order. */
export function tokenize(text: string, max = Infinity): Token[] {
  const out: Token[] = [];
  WORD.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = WORD.exec(text)) !== null && out.length < max) {
    const term = foldTerm(m[0]);
    if (term.length > 0) out.push({ text: m[0], term, start: m.index, end: m.index + m[0].length });
  }
  return out;
}

/** The folded words of `text`. */
export function terms(text: string): string[] {
  const out: string[] = [];
  WORD.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = WORD.exec(text)) !== null) {
    const term = foldTerm(m[0]);
    if (term.length > 0) out.push(term);
  }
  return out;
}

/** At most this many words of a plain query are searched for. */
export const MAX_QUERY_TERMS = 32;

/** A plain query split into distinct words: each `text` is as typed, `term` folded. */
export function queryTerms(query: string): Token[] {
  const seen = new Set<string>();
  const out: Token[] = [];
  for (const t of tokenize(typeof query === 'string' ? query : '')) {
    if (seen.has(t.term)) continue;
    seen.add(t.term);
    out.push(t);
    if (out.length >= MAX_QUERY_TERMS) break;
  }
  return out;
}

/**
 * Full-text query syntax (FTS5 and FTS4 alike) for plain query words: each
 * word double-quoted (a phrase, so no word is an operator), joined by spaces
 * (all) or `OR` (any). Returns `''` when there are no words.
 */
export function quoteTerms(words: readonly Token[], match: 'all' | 'any' = 'all'): string {
  return words.map((w) => `"${w.text.replace(/"/g, '""')}"`).join(match === 'any' ? ' OR ' : ' ');
}
