import { type Hasher, sha256Hex } from '../../kernel/canonical/index.js';
import { bm25Idf, bm25Score } from '../../services/store/bm25.js';
import type { SearchOptions } from '../../services/store/doc-record.js';
import type { PgQueryable } from './client.js';

/**
 * The postings key of a folded term: a term longer than 256 is `#` + the SHA-256 of its UTF-8 bytes (a B-tree
 * entry holds about 2.7 kB at most; `#` is never part of a term, so a hashed key cannot equal a real term).
 */
export function termKey(term: string, hasher: Hasher): string {
  return term.length <= 256 ? term : `#${sha256Hex(term, hasher)}`;
}

// A short id per schema for statement names: the server truncates names to 63 bytes, and one name goes with one text.
const schemaIds = new Map<string, number>();
/** The name of the prepared statement `what` of a (quoted) schema. */
export function statementName(what: string, schema: string): string {
  let id = schemaIds.get(schema);
  if (id === undefined) schemaIds.set(schema, (id = schemaIds.size));
  return `memkit_${what}_${id}`;
}

/** A doc that matched, scored; `key` is its `doc_key`. */
export interface ScoredKey {
  key: number;
  score: number;
}

/** One query term's postings: doc keys, term frequencies and doc lengths (FTS5's D). */
interface Postings {
  keys: Int32Array;
  tfs: Int32Array;
  dls: Int32Array;
}

// `int4send` triples (doc_key, tf, dl), big-endian, as one bytea per term.
function decode(bytes: Uint8Array | null): Postings {
  const n = bytes === null ? 0 : Math.floor(bytes.length / 12);
  const out = { keys: new Int32Array(n), tfs: new Int32Array(n), dls: new Int32Array(n) };
  if (bytes === null) return out;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0, o = 0; i < n; i++, o += 12) {
    out.keys[i] = view.getInt32(o);
    out.tfs[i] = view.getInt32(o + 4);
    out.dls[i] = view.getInt32(o + 8);
  }
  return out;
}

/**
 * The docs matching `keys` (postings keys of the distinct query terms), scored with {@link bm25Score} and best
 * first (the caller breaks ties by doc id). One statement, one snapshot: each term's postings list beside the doc
 * count and token total. Kinds and tags filter the matches afterwards, as FTS5's statistics ignore filters too.
 */
export async function scoreMatches(conn: PgQueryable, schema: string, keys: readonly string[], options: SearchOptions): Promise<ScoredKey[]> {
  const rows = (
    await conn.query<{ i: number; list: Uint8Array | null; n_row: string; n_tokens: string }>(
      `SELECT q.i::int AS i, s.docs::text AS n_row, s.tokens::text AS n_tokens,
         ${schema}.memkit_term_postings(q.t) AS list
       FROM unnest($1::text[]) WITH ORDINALITY AS q(t, i), ${schema}.store_stats s WHERE s.id = 1`,
      [keys],
      statementName('postings', schema),
    )
  ).rows;
  const nRow = Number(rows[0]?.n_row ?? 0);
  if (nRow === 0) return [];
  const avgdl = Number(rows[0]!.n_tokens) / nRow;
  const lists: Postings[] = new Array(keys.length);
  for (const r of rows) lists[Number(r.i) - 1] = decode(r.list);
  const idfs = lists.map((l) => bm25Idf(nRow, l.keys.length));
  // Per matching doc: its length and the frequency of each term.
  const found = new Map<number, { dl: number; freqs: number[] }>();
  lists.forEach((l, t) => {
    for (let i = 0; i < l.keys.length; i++) {
      let d = found.get(l.keys[i]!);
      if (d === undefined) found.set(l.keys[i]!, (d = { dl: l.dls[i]!, freqs: new Array<number>(keys.length).fill(0) }));
      d.freqs[t] = l.tfs[i]!;
    }
  });
  const all = options.match !== 'any';
  let matches = [...found].filter(([, d]) => !all || d.freqs.every((f) => f > 0));
  const tags = [...new Set(options.tags ?? [])];
  if ((options.kinds !== undefined || tags.length > 0) && matches.length > 0) {
    const params: unknown[] = [matches.map(([k]) => k)];
    let where = '';
    if (options.kinds) {
      params.push([...options.kinds]);
      where += ` AND kind = ANY($${params.length}::text[])`;
    }
    if (tags.length > 0) {
      params.push(tags);
      where += ` AND tags @> $${params.length}::text[]`;
    }
    const allowed = new Set((await conn.query<{ doc_key: number }>(`SELECT doc_key FROM ${schema}.docs WHERE doc_key = ANY($1::int[])${where}`, params)).rows.map((r) => Number(r.doc_key)));
    matches = matches.filter(([k]) => allowed.has(k));
  }
  return matches.map(([key, d]) => ({ key, score: bm25Score(d.freqs, idfs, d.dl, avgdl) })).sort((a, b) => a.score - b.score);
}
