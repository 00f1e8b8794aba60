// FTS5's BM25 parameters (`fts5_aux.c`).
const K1 = 1.2;
const B = 0.75;

/** FTS5's IDF of a phrase found in `nHit` of `nRow` rows: `log((N - n + 0.5) / (n + 0.5))`, clamped to 1e-6 when not positive. */
export function bm25Idf(nRow: number, nHit: number): number {
  const idf = Math.log((nRow - nHit + 0.5) / (nHit + 0.5));
  return idf <= 0 ? 1e-6 : idf;
}

/**
 * FTS5's `bm25()` of one row (column weights 1): minus the sum over phrases of
 * `idf * f * (k1 + 1) / (f + k1 * (1 - b + b * D / avgdl))`, in SQLite's order of operations so results agree to
 * the last bit. `freqs`: phrase frequencies in the row; `idfs`: {@link bm25Idf}s; `rowTokens`: D; `avgdl`: tokens per row.
 */
export function bm25Score(freqs: readonly number[], idfs: readonly number[], rowTokens: number, avgdl: number): number {
  let score = 0;
  for (let i = 0; i < idfs.length; i++) {
    const f = freqs[i] ?? 0;
    score += idfs[i]! * ((f * (K1 + 1.0)) / (f + K1 * (1 - B + (B * rowTokens) / avgdl)));
  }
  return -1.0 * score;
}
