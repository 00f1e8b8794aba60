import { MEMORY_STORE_SQL } from '../../schema/index.js';

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

/**
 * The `docs_fts` table per module. FTS5: the seed's contentless table
 * (`content=''`); the store deletes a row with FTS5's `'delete'` command and
 * the row's old values, which it keeps in `docs` and `doc_text`. FTS4 (engines
 * without FTS5): a plain table with the `unicode61` tokenizer, FTS5's default,
 * so both tokenize alike.
 */
function ftsTableSql(fts: FtsFlavor): string {
  return fts === 'fts5' ? `CREATE VIRTUAL TABLE docs_fts USING fts5(${FTS_COLUMNS}, content='');` : `CREATE VIRTUAL TABLE docs_fts USING fts4(${FTS_COLUMNS}, tokenize=unicode61);`;
}

/**
 * FTS5's `hashsize`: how much pending index data a transaction buffers in
 * memory before writing a segment (SQLite's default is 1 MiB). A bulk load of
 * 10,000 docs then writes one segment instead of dozens that are merged again
 * and again, so indexing is about a third faster and queries read one segment.
 * The buffer is freed when the transaction commits.
 */
export const FTS5_HASH_BYTES = 32 * 1024 * 1024;

/**
 * The schema steps, by version. 1 is the seed's schema (`MEMORY_STORE_SQL`;
 * on FTS4 engines its `docs_fts` uses FTS4). 2 adds what the store needs:
 * `docs.content_hash` and `docs.fts_rowid` (a stable rowid for `docs_fts`),
 * `doc_edges.dst_hash`, the `doc_text` snippet source, compare-and-append
 * ledgers and whole files, and recreates `docs_fts` as a deletable table; a
 * migrated v1 index keeps its rows with an empty content hash, so the next
 * `refreshIndex` re-reads every doc. 3 recreates an FTS5 `docs_fts` as the
 * seed's plain contentless table (databases made before it used
 * `contentless_delete=1`, which SQLite 3.43–3.49 scores wrongly after a
 * delete), refills it from `docs` and `doc_text`, and raises FTS5's
 * pending-data buffer to {@link FTS5_HASH_BYTES} (kept in `docs_fts_config`).
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
