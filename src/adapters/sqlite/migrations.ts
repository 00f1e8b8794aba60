import { MEMORY_STORE_SQL } from '../../schema/memory-store-sql.js';

/** Which full-text module backs `docs_fts`. */
export type FtsFlavor = 'fts5' | 'fts4';

/** One numbered schema step; `sql` may differ by full-text module. */
export interface SqliteMigration {
  /** The `PRAGMA user_version` after this step. */
  version: number;
  description: string;
  sql(fts: FtsFlavor): string;
}

const FTS_COLUMNS = 'doc_id, title, headings, tags, body';

// `docs_fts`: on FTS5 the seed's contentless table (a row is deleted with FTS5's 'delete' command and its old
// values, kept in `docs` and `doc_text`); on FTS4 a plain table with FTS5's default tokenizer, unicode61.
function ftsTableSql(fts: FtsFlavor): string {
  return fts === 'fts5' ? `CREATE VIRTUAL TABLE docs_fts USING fts5(${FTS_COLUMNS}, content='');` : `CREATE VIRTUAL TABLE docs_fts USING fts4(${FTS_COLUMNS}, tokenize=unicode61);`;
}

/**
 * FTS5's `hashsize`, the pending index data a transaction buffers before writing a segment (SQLite's default: 1 MiB):
 * a bulk load of 10,000 docs writes one segment, not dozens merged again and again (about a third faster).
 */
export const FTS5_HASH_BYTES = 32 * 1024 * 1024;

/**
 * The schema steps. 1: the seed's schema (`MEMORY_STORE_SQL`, FTS4 where FTS5 is missing). 2: content hashes (empty
 * after a migration, so the next refresh re-reads every doc), stable `docs_fts` rowids, edge target hashes, the
 * `doc_text` snippet source, ledgers and files. 3: an FTS5 `docs_fts` recreated as the seed's plain contentless
 * table (`contentless_delete=1` scores wrongly after a delete on SQLite 3.43–3.49), refilled, with {@link FTS5_HASH_BYTES}.
 */
export const MIGRATIONS: readonly SqliteMigration[] = [
  {
    version: 1,
    description: 'the thunderus seed schema: docs, docs_fts, doc_edges',
    sql: (fts) => (fts === 'fts5' ? MEMORY_STORE_SQL : MEMORY_STORE_SQL.replace(/USING fts5\([^)]*\)/, `USING fts4(${FTS_COLUMNS}, tokenize=unicode61)`)),
  },
  {
    version: 2,
    description: 'content hashes, stable fts rowids, edge source hashes, snippet text, ledgers, files',
    sql: (fts) => `
ALTER TABLE docs ADD COLUMN content_hash TEXT NOT NULL DEFAULT '';
ALTER TABLE docs ADD COLUMN fts_rowid INTEGER;
UPDATE docs SET content_hash = '';
CREATE UNIQUE INDEX docs_by_fts_rowid ON docs(fts_rowid);
ALTER TABLE doc_edges ADD COLUMN dst_hash TEXT NOT NULL DEFAULT '';
CREATE INDEX doc_edges_by_dst ON doc_edges(dst_doc_id);
DROP TABLE IF EXISTS docs_fts;
${ftsTableSql(fts)}
CREATE TABLE doc_text (fts_rowid INTEGER PRIMARY KEY, headings_json TEXT NOT NULL, body TEXT NOT NULL);
CREATE TABLE ledger_entries (name TEXT NOT NULL, seq INTEGER NOT NULL, line TEXT NOT NULL, hash TEXT NOT NULL, PRIMARY KEY (name, seq)) WITHOUT ROWID;
CREATE TABLE files (path TEXT PRIMARY KEY, data BLOB NOT NULL) WITHOUT ROWID;
PRAGMA user_version = 2;
`,
  },
  {
    version: 3,
    description: "docs_fts as the seed's contentless FTS5 table, rebuilt from doc_text; FTS5 buffers up to FTS5_HASH_BYTES per transaction",
    sql: (fts) =>
      fts === 'fts5'
        ? `
DROP TABLE docs_fts;
${ftsTableSql(fts)}
INSERT INTO docs_fts (docs_fts, rank) VALUES ('hashsize', ${FTS5_HASH_BYTES});
INSERT INTO docs_fts (rowid, doc_id, title, headings, tags, body)
  SELECT d.fts_rowid, d.doc_id, d.title,
    coalesce((SELECT group_concat(value, char(10) ORDER BY key) FROM json_each(t.headings_json)), ''),
    coalesce((SELECT group_concat(value, ' ' ORDER BY key) FROM json_each(d.tags_json)), ''),
    t.body
  FROM docs d JOIN doc_text t ON t.fts_rowid = d.fts_rowid;
PRAGMA user_version = 3;
`
        : 'PRAGMA user_version = 3;',
  },
];

/** The schema version this library writes; a database with a higher `user_version` is refused. */
export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version;
