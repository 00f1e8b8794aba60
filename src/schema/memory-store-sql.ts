/**
 * The memory store schema of the thunderus seed (`docs`, `docs_fts` FTS5,
 * `doc_edges`), shipped as `schemas/memory_store.sql`. The SQLite adapter
 * applies it as migration 1.
 */
export const MEMORY_STORE_SQL = `-- memkit memory store, schema version 1 (PRAGMA user_version = 1)
-- docs: canonical registry for memory docs + derived recaps
CREATE TABLE IF NOT EXISTS docs (
  doc_id TEXT PRIMARY KEY,          -- e.g. "fact.testing.llvm-cov"
  kind TEXT NOT NULL,               -- core|fact|adr|playbook|recap
  title TEXT NOT NULL,
  path TEXT NOT NULL,               -- filesystem pointer
  tags_json TEXT NOT NULL,          -- JSON array
  updated TEXT NOT NULL,            -- RFC3339
  provenance_json TEXT NOT NULL     -- JSON object
);

-- docs_fts: lexical search surface (content pulled from files)
CREATE VIRTUAL TABLE IF NOT EXISTS docs_fts
USING fts5(doc_id, title, headings, tags, body, content='');

-- doc_edges: provenance and links (fact derived from recap, etc.)
CREATE TABLE IF NOT EXISTS doc_edges (
  src_doc_id TEXT NOT NULL,
  rel TEXT NOT NULL,                -- derives_from|refers_to|supersedes|duplicates
  dst_doc_id TEXT NOT NULL,
  PRIMARY KEY (src_doc_id, rel, dst_doc_id)
);

PRAGMA user_version = 1;
`;
