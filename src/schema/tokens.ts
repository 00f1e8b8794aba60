import { type Problem, error, warning } from '../kernel/problems/index.js';

/** Counts the tokens of a text; inject an exact tokenizer to replace the default. */
export type TokenCounter = (text: string) => number;

const PIECE = /[\p{L}\p{N}\p{M}]+|[^\s\p{L}\p{N}\p{M}]/gu;

/**
 * The default token counter: an approximation of byte-pair tokenizers that
 * needs no vocabulary. Each run of letters and digits counts one token per
 * started 4 characters (`"memory"` → 2); every other non-space character
 * counts one token; whitespace counts nothing. It over-counts English prose
 * slightly compared with cl100k-style tokenizers, so a text it accepts for
 * `summary_128` fits those too. Pass `countTokens` for an exact count.
 */
export const defaultCountTokens: TokenCounter = (text) => countTokensUpTo(text, Number.POSITIVE_INFINITY);

/**
 * Counts tokens like {@link defaultCountTokens} but stops once the count passes
 * `limit`, so a 10 MB summary is rejected without reading it all.
 */
export function countTokensUpTo(text: string, limit: number): number {
  let n = 0;
  PIECE.lastIndex = 0;
  for (let m = PIECE.exec(text); m !== null && n <= limit; m = PIECE.exec(text)) {
    const piece = m[0];
    n += /^[^\s\p{L}\p{N}\p{M}]$/u.test(piece) ? 1 : Math.ceil([...piece].length / 4);
  }
  PIECE.lastIndex = 0;
  return n;
}

/** The `summary_128` limit the seed sets: at most 128 tokens. */
export const SUMMARY_MAX_TOKENS = 128;

/**
 * The most characters memkit assumes one token of any tokenizer in use can
 * cover. The seed names no tokenizer; the longest tokens of common
 * byte-pair vocabularies (cl100k, o200k) are well under this, so a text of
 * more than `128 × 1,024` characters is certainly over 128 tokens.
 */
export const MAX_CHARS_PER_TOKEN = 1024;

// ASCII whitespace only: the fewer characters split on, the fewer words, so the bound stays a lower bound.
const isSpace = (c: number) => c === 32 || (c >= 9 && c <= 13);

/**
 * A lower bound of the tokens of `text` that no tokenizer in use undercuts:
 * the number of whitespace-separated words (every byte-pair and SentencePiece
 * tokenizer of common models splits text at whitespace before it merges, so
 * each word takes at least one token of its own), and at least one token per
 * {@link MAX_CHARS_PER_TOKEN} characters. Stops counting words once past `limit`.
 */
export function tokenLowerBound(text: string, limit = Number.POSITIVE_INFINITY): number {
  let words = 0;
  let inWord = false;
  for (let i = 0; i < text.length && words <= limit; i++) {
    const space = isSpace(text.charCodeAt(i));
    if (!space && !inWord) words++;
    inWord = !space;
  }
  return Math.max(words, Math.ceil(text.length / MAX_CHARS_PER_TOKEN));
}

/**
 * The `summary_128` rule. With an exact counter (`countTokens` other than
 * {@link defaultCountTokens}): over 128 tokens is `schema.max-tokens`, an
 * error. With the default estimate: over 128 by {@link tokenLowerBound} (129
 * words, or more than 128 × {@link MAX_CHARS_PER_TOKEN} characters) is the
 * error, certain whatever the tokenizer; over 128 by the estimate alone is
 * `convention.token-estimate`, a warning.
 */
export function summaryTokenProblems(text: string, countTokens: TokenCounter): Problem[] {
  const max = SUMMARY_MAX_TOKENS;
  const at = { pointer: '/summary_128' };
  if (countTokens !== defaultCountTokens) {
    const n = countTokens(text);
    return n > max ? [error('schema.max-tokens', `summary_128 has ${n} tokens; at most ${max} are allowed`, at)] : [];
  }
  // Each estimated token takes at least one character: a short text cannot exceed the limit.
  if (text.length <= max) return [];
  if (text.length > max * MAX_CHARS_PER_TOKEN) return [error('schema.max-tokens', `summary_128 has ${text.length} characters, more than any ${max} tokens can hold`, at)];
  if (tokenLowerBound(text, max) > max)
    return [error('schema.max-tokens', `summary_128 has more than ${max} whitespace-separated words, each at least one token whatever the tokenizer; at most ${max} tokens are allowed`, at)];
  if (countTokensUpTo(text, max) <= max) return [];
  return [
    warning(
      'convention.token-estimate',
      `summary_128 has more than ${max} tokens by memkit's estimate but at most ${max} words (an exact tokenizer may count fewer; pass countTokens, or memkit check --tokenizer, to count exactly)`,
      at,
    ),
  ];
}
