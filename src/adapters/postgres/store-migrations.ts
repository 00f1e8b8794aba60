import type { PgMigration } from './migrate.js';

/**
 * The store's schema steps (component `store` in `<schema>.memkit_meta`). Version 1:
 * - `docs`, one row per doc with its `tokens` (count over the five full-text columns) and `terms` (distinct
 *   postings keys); `postings (term, doc_key, tf, dl)` carries the doc length, so one index-only scan per query
 *   term gives FTS5's statistics; `store_stats` holds nRow and the token total, kept under its row lock;
 * - `doc_edges`, `store_ledgers` (compare-and-append), `files`;
 * - `memkit_put_doc`, `memkit_delete_doc`, `memkit_clear_docs`: one round trip per doc write, ordered by the stats
 *   row lock, so concurrent writers of a doc never leave postings of an older version;
 * - `memkit_term_postings(term)`: one term's postings as packed `int4` triples by an index scan (the planner would
 *   otherwise pick a bitmap scan visiting every posting's heap page: several times slower on 10,000 docs).
 */
export const STORE_MIGRATIONS: readonly PgMigration[] = [
  {
    version: 1,
    description: 'docs, postings, store_stats, doc_edges, store_ledgers, files and the doc write functions',
    // One DO block: one statement, since PGlite's query() runs a single statement (the extended protocol).
    sql: (s) => `DO $migration$ BEGIN
CREATE TABLE ${s}.docs (
  doc_key integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  doc_id text NOT NULL UNIQUE,
  kind text NOT NULL,
  title text NOT NULL,
  path text NOT NULL,
  tags text[] NOT NULL,
  updated text NOT NULL,
  provenance_json text NOT NULL,
  content_hash text NOT NULL,
  headings text[] NOT NULL,
  body text NOT NULL,
  tokens integer NOT NULL,
  terms text[] NOT NULL
);
CREATE TABLE ${s}.postings (
  term text NOT NULL,
  doc_key integer NOT NULL,
  tf integer NOT NULL,
  dl integer NOT NULL,
  PRIMARY KEY (term, doc_key) INCLUDE (tf, dl)
);
CREATE TABLE ${s}.store_stats (
  id integer PRIMARY KEY CHECK (id = 1),
  docs bigint NOT NULL,
  tokens bigint NOT NULL
);
INSERT INTO ${s}.store_stats VALUES (1, 0, 0);
CREATE TABLE ${s}.doc_edges (
  src_doc_id text NOT NULL,
  rel text NOT NULL CHECK (rel IN ('derives_from', 'refers_to', 'supersedes', 'duplicates')),
  dst_doc_id text NOT NULL,
  dst_hash text NOT NULL,
  PRIMARY KEY (src_doc_id, rel, dst_doc_id)
);
CREATE INDEX doc_edges_dst ON ${s}.doc_edges (dst_doc_id);
CREATE TABLE ${s}.store_ledgers (
  name text NOT NULL,
  seq integer NOT NULL,
  line text NOT NULL,
  hash text NOT NULL,
  PRIMARY KEY (name, seq)
);
CREATE TABLE ${s}.files (
  path text PRIMARY KEY,
  data bytea NOT NULL
);
CREATE FUNCTION ${s}.memkit_put_doc(p_doc_id text, p_kind text, p_title text, p_path text, p_tags text[], p_updated text, p_provenance text, p_hash text,
  p_headings text[], p_body text, p_tokens integer, p_terms text[], p_tfs integer[]) RETURNS void LANGUAGE plpgsql AS $fn$
DECLARE
  old_key integer;
  old_tokens integer;
  old_terms text[];
  new_key integer;
BEGIN
  PERFORM 1 FROM ${s}.store_stats WHERE id = 1 FOR UPDATE;
  SELECT doc_key, tokens, terms INTO old_key, old_tokens, old_terms FROM ${s}.docs WHERE doc_id = p_doc_id;
  IF FOUND THEN
    DELETE FROM ${s}.postings WHERE term = ANY(old_terms) AND doc_key = old_key;
    UPDATE ${s}.docs SET kind = p_kind, title = p_title, path = p_path, tags = p_tags, updated = p_updated, provenance_json = p_provenance,
      content_hash = p_hash, headings = p_headings, body = p_body, tokens = p_tokens, terms = p_terms WHERE doc_key = old_key;
    UPDATE ${s}.store_stats SET tokens = tokens - old_tokens + p_tokens WHERE id = 1;
    new_key := old_key;
  ELSE
    INSERT INTO ${s}.docs (doc_id, kind, title, path, tags, updated, provenance_json, content_hash, headings, body, tokens, terms)
      VALUES (p_doc_id, p_kind, p_title, p_path, p_tags, p_updated, p_provenance, p_hash, p_headings, p_body, p_tokens, p_terms) RETURNING doc_key INTO new_key;
    UPDATE ${s}.store_stats SET docs = docs + 1, tokens = tokens + p_tokens WHERE id = 1;
  END IF;
  INSERT INTO ${s}.postings (term, doc_key, tf, dl) SELECT t, new_key, f, p_tokens FROM unnest(p_terms, p_tfs) AS u(t, f);
END
$fn$;
CREATE FUNCTION ${s}.memkit_term_postings(p_term text) RETURNS bytea LANGUAGE sql STABLE
  SET enable_bitmapscan = off SET enable_seqscan = off AS $fn$
  SELECT string_agg(int4send(doc_key) || int4send(tf) || int4send(dl), ''::bytea) FROM ${s}.postings WHERE term = p_term
$fn$;
CREATE FUNCTION ${s}.memkit_delete_doc(p_doc_id text) RETURNS boolean LANGUAGE plpgsql AS $fn$
DECLARE
  old_key integer;
  old_tokens integer;
  old_terms text[];
BEGIN
  PERFORM 1 FROM ${s}.store_stats WHERE id = 1 FOR UPDATE;
  DELETE FROM ${s}.docs WHERE doc_id = p_doc_id RETURNING doc_key, tokens, terms INTO old_key, old_tokens, old_terms;
  IF NOT FOUND THEN
    RETURN false;
  END IF;
  DELETE FROM ${s}.postings WHERE term = ANY(old_terms) AND doc_key = old_key;
  UPDATE ${s}.store_stats SET docs = docs - 1, tokens = tokens - old_tokens WHERE id = 1;
  RETURN true;
END
$fn$;
CREATE FUNCTION ${s}.memkit_clear_docs() RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM 1 FROM ${s}.store_stats WHERE id = 1 FOR UPDATE;
  DELETE FROM ${s}.postings;
  DELETE FROM ${s}.docs;
  UPDATE ${s}.store_stats SET docs = 0, tokens = 0 WHERE id = 1;
END
$fn$;
END $migration$`,
  },
];
