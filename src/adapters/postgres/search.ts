import type { Hasher } from '../../canonical/index.js';
import { bm25Idf, bm25Score } from '../../store/bm25.js';
import type { SearchOptions } from '../../store/doc-record.js';
import type { PgQueryable } from './client.js';

/**
 * Terms longer than this are stored as `#` + the SHA-256 of their UTF-8 bytes:
 * a B-tree entry holds at most about 2.7 kB, and `#` is never part of a term,
 * so a hashed key cannot equal a real term.
 */
const LONG_TERM = 256;
const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));
const utf8 = new TextEncoder();

/** The postings key of a folded term. */
export function termKey(term: string, hasher: Hasher): string {
  if (term.length <= LONG_TERM) return term;
  let hex = '#';
  for (const b of hasher.sha256(utf8.encode(term))) hex += HEX[b];
  return hex;
}

/** A doc that matched, scored; `key` is its `doc_key`. */
export interface ScoredKey {
  key: string;
  score: number;
}

/**
 * Finds the docs matching `keys` (postings keys of the distinct query terms) and
 * scores them with memkit's one BM25 ({@link bm25Score}, FTS5's formula).
 * One statement, so one snapshot: the statistics (FTS5's nRow, the token
 * total for avgdl, each term's nHit) and the matches agree. Returns every
 * match, best first by score only (the caller breaks ties by doc id).
 */
export async function scoreMatches(conn: PgQueryable, schema: string, keys: readonly string[], options: SearchOptions): Promise<ScoredKey[]> {
  const params: unknown[] = [keys, options.match === 'any' ? 1 : keys.length];
  let filters = '';
  if (options.kinds) {
    params.push([...options.kinds]);
    filters += ` AND d.kind = ANY($${params.length}::text[])`;
  }
  const tags = [...new Set(options.tags ?? [])];
  if (tags.length > 0) {
    params.push(tags);
    filters += ` AND d.tags @> $${params.length}::text[]`;
  }
  const sql = `WITH q AS (SELECT t, i::int AS i FROM unnest($1::text[]) WITH ORDINALITY AS q(t, i)),
h AS (SELECT p.doc_key, array_agg(q.i) AS idx, array_agg(p.tf) AS tf FROM q JOIN ${schema}.postings p ON p.term = q.t GROUP BY p.doc_key HAVING count(*) >= $2)
SELECT s.docs::text AS n_row, s.tokens::text AS n_tokens,
  (SELECT string_agg((SELECT count(*) FROM ${schema}.postings p WHERE p.term = q.t)::text, ' ' ORDER BY q.i) FROM q) AS n_hit,
  (SELECT string_agg(h.doc_key || ' ' || d.tokens || ' ' || array_to_string(h.idx, ',') || ' ' || array_to_string(h.tf, ','), ';')
     FROM h JOIN ${schema}.docs d ON d.doc_key = h.doc_key WHERE true${filters}) AS m
FROM ${schema}.store_stats s WHERE s.id = 1`;
  const row = (await conn.query<{ n_row: string; n_tokens: string; n_hit: string | null; m: string | null }>(sql, params)).rows[0];
  if (row === undefined || row.m === null || row.m === '') return [];
  const nRow = Number(row.n_row);
  if (nRow === 0) return [];
  const avgdl = Number(row.n_tokens) / nRow;
  const idfs = (row.n_hit ?? '').split(' ').map((n) => bm25Idf(nRow, Number(n)));
  const out: ScoredKey[] = [];
  const freqs = new Array<number>(keys.length);
  for (const entry of row.m.split(';')) {
    const [key, tokens, idx, tf] = entry.split(' ') as [string, string, string, string];
    freqs.fill(0);
    const is = idx.split(',');
    const fs = tf.split(',');
    for (let j = 0; j < is.length; j++) freqs[Number(is[j]) - 1] = Number(fs[j]);
    out.push({ key, score: bm25Score(freqs, idfs, Number(tokens), avgdl) });
  }
  return out.sort((a, b) => a.score - b.score);
}
