// FTS5's BM25 parameters (`fts5_aux.c`).
const K1 = 1.2;
const B = 0.75;

/**
 * FTS5's IDF of a phrase found in `nHit` of `nRow` rows:
 * `log((N - n + 0.5) / (n + 0.5))`, clamped to 1e-6 when not positive.
 */
export function bm25Idf(nRow: number, nHit: number): number {
  const idf = Math.log((nRow - nHit + 0.5) / (nHit + 0.5));
  return idf <= 0 ? 1e-6 : idf;
}

/**
 * The value FTS5's `bm25()` returns for one row (all column weights 1):
 * minus the sum over phrases of `idf * f * (k1 + 1) / (f + k1 * (1 - b + b * D / avgdl))`,
 * computed in the same order as SQLite's C code so results agree to the last bits.
 *
 * @param freqs phrase frequencies in the row (all columns)
 * @param idfs  phrase IDFs ({@link bm25Idf})
 * @param rowTokens D, the row's token count over all columns
 * @param avgdl total tokens of the table over its row count
 */
export function bm25Score(freqs: readonly number[], idfs: readonly number[], rowTokens: number, avgdl: number): number {
  let score = 0;
  for (let i = 0; i < idfs.length; i++) {
    const f = freqs[i] ?? 0;
    score += idfs[i]! * ((f * (K1 + 1.0)) / (f + K1 * (1 - B + (B * rowTokens) / avgdl)));
  }
  return -1.0 * score;
}
