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

/**
 * The `summary_128` rule. With an exact counter (`countTokens` other than
 * {@link defaultCountTokens}): over 128 tokens is `schema.max-tokens`, an
 * error. With the default estimate, whose count is only an estimate: over
 * 128 estimated tokens is `convention.token-estimate`, a warning, unless the
 * text is certainly over (more than 128 × {@link MAX_CHARS_PER_TOKEN}
 * characters), which is the error.
 */
export function summaryTokenProblems(text: string, countTokens: TokenCounter): Problem[] {
  const max = SUMMARY_MAX_TOKENS;
  const at = { pointer: '/summary_128' };
  if (countTokens !== defaultCountTokens) {
    const n = countTokens(text);
    return n > max ? [error('schema.max-tokens', `summary_128 has ${n} tokens; at most ${max} are allowed`, at)] : [];
  }
  if (text.length > max * MAX_CHARS_PER_TOKEN) return [error('schema.max-tokens', `summary_128 has ${text.length} characters, more than any ${max} tokens can hold`, at)];
  // Each estimated token takes at least one character: a short text cannot exceed the limit.
  if (text.length <= max || countTokensUpTo(text, max) <= max) return [];
  return [warning('convention.token-estimate', `summary_128 has more than ${max} tokens by memkit's estimate (an exact tokenizer may count fewer; pass countTokens to count exactly)`, at)];
}
