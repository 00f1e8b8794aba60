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
export const defaultCountTokens: TokenCounter = (text) => {
  let n = 0;
  for (const m of text.matchAll(PIECE)) {
    const piece = m[0];
    n += /^[^\s\p{L}\p{N}\p{M}]$/u.test(piece) ? 1 : Math.ceil([...piece].length / 4);
  }
  return n;
};

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
