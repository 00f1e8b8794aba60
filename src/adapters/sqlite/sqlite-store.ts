import { type Hasher, ZERO_HASH, jsHasher } from '../../kernel/canonical/index.js';
import { type Problem, type Result, error, fail, ok } from '../../kernel/problems/index.js';
import { messageOf } from '../../kernel/problems/message-of.js';
import { bm25Idf, bm25Score } from '../../services/store/bm25.js';
import { byEdge, checkDocRecord, checkStorePath, checkedEdge, cmp, filesUnder, ftsColumns, ledgerEntryHash, listedDocs } from '../../services/store/checks.js';
import type { DocEdge, DocMeta, DocRecord, EdgeRel, StoreLedgerHead, SearchHit, SearchOptions, StaleEdge } from '../../services/store/doc-record.js';
import { guardStore } from '../../services/store/guard-store.js';
import { clampLimit } from '../../services/store/memory-store.js';
import { hitSnippet } from '../../services/store/snippet.js';
import type { Store, StoreOps } from '../../services/store/store-port.js';
import { queryTerms, quoteTerms, tokenize } from '../../services/store/tokenize.js';
import type { SqlRow, SqlValue, SqliteEngine, SqliteEngineFactory } from './engine.js';
import { decodeMatchinfoPcxl, fts4Totals } from './fts4-bm25.js';
import { type FtsFlavor, MIGRATIONS, SCHEMA_VERSION } from './migrations.js';

/** Options of {@link openSqliteStore}. */
export interface SqliteStoreOptions {
  /** The engine: {@link sqliteWasm} (default) or {@link sqlJs}. */
  engine: SqliteEngineFactory;
  /** Database bytes from `toBytes()` to open; omitted, an empty store. */
  bytes?: Uint8Array;
  /**
   * An existing database file to open in place instead of `bytes`, on an engine with file access (better-sqlite3's
   * `openFile`): only the pages queries touch are read, and each commit is written to the file. Fails with
   * `store.not-a-database` when the engine has no file access or the file is missing or not a database.
   */
  file?: string;
  /** Hashes ledger entries (default: the portable JS SHA-256). */
  hasher?: Hasher;
}

/** A store on SQLite; `engine` gives raw SQL access (for tools and benchmarks). */
export interface SqliteStore extends Store {
  readonly engine: SqliteEngine;
  /** The `PRAGMA user_version` of the open database. */
  readonly schemaVersion: number;
}

const str = (v: SqlValue | undefined): string => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));
const num = (v: SqlValue | undefined): number => (typeof v === 'number' ? v : typeof v === 'bigint' ? Number(v) : Number(v ?? 0));
/** Search rows in rank order: BM25 score (lower is better), then doc id, as SQLite would order them. */
const byScoreThenId = (a: SqlRow, b: SqlRow): number => num(a.score) - num(b.score) || cmp(str(a.doc_id), str(b.doc_id));
const edgeOf = (r: SqlRow): DocEdge => ({ src: str(r.src_doc_id), rel: str(r.rel) as EdgeRel, dst: str(r.dst_doc_id), dstHash: str(r.dst_hash) });
const placeholders = (n: number) => Array.from({ length: n }, () => '?').join(', ');

const UPSERT_EDGE = 'INSERT INTO doc_edges (src_doc_id, rel, dst_doc_id, dst_hash) VALUES (?, ?, ?, ?) ON CONFLICT (src_doc_id, rel, dst_doc_id) DO UPDATE SET dst_hash = excluded.dst_hash';
const INSERT_DOC = 'INSERT INTO docs (doc_id, kind, title, path, tags_json, updated, provenance_json, content_hash, fts_rowid) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)';

function rowMeta(r: SqlRow): DocMeta {
  return {
    docId: str(r.doc_id),
    kind: str(r.kind) as DocMeta['kind'],
    title: str(r.title),
    path: str(r.path),
    tags: JSON.parse(str(r.tags_json)) as string[],
    updated: str(r.updated),
    provenance: JSON.parse(str(r.provenance_json)) as DocMeta['provenance'],
    contentHash: str(r.content_hash),
  };
}

// Brings the schema to SCHEMA_VERSION; refuses newer databases and full-text modules the engine lacks.
function migrate(engine: SqliteEngine): Result<{ flavor: FtsFlavor; version: number }> {
  let version: number;
  let engineFlavor: FtsFlavor | undefined;
  try {
    const options = engine.compileOptions();
    engineFlavor = options.includes('ENABLE_FTS5') ? 'fts5' : options.some((o) => o === 'ENABLE_FTS3' || o === 'ENABLE_FTS4') ? 'fts4' : undefined;
    version = num(engine.query('PRAGMA user_version')[0]?.user_version);
    engine.query('SELECT count(*) FROM sqlite_master');
  } catch (e) {
    return fail([error('store.not-a-database', `the bytes are not a SQLite database: ${messageOf(e)}`)]);
  }
  if (version > SCHEMA_VERSION) return fail([error('store.newer-database', `the database has schema version ${version}; this memkit knows up to ${SCHEMA_VERSION}`)]);
  if (version >= 1) {
    const sql = str(engine.query("SELECT sql FROM sqlite_master WHERE name = 'docs_fts'")[0]?.sql).toLowerCase();
    const existing: FtsFlavor | undefined = /using\s+fts5/.test(sql) ? 'fts5' : /using\s+fts[34]/.test(sql) ? 'fts4' : undefined;
    if (existing !== undefined && existing !== engineFlavor)
      return fail([error('store.fts-unavailable', `the database's docs_fts uses ${existing.toUpperCase()}, which the ${engine.name} engine lacks`)]);
  }
  const flavor = engineFlavor;
  if (flavor === undefined) return fail([error('store.fts-unavailable', `the ${engine.name} engine has neither FTS5 nor FTS4`)]);
  for (const m of MIGRATIONS) {
    if (m.version <= version) continue;
    try {
      engine.transaction(() => engine.exec(m.sql(flavor)));
    } catch (e) {
      return fail([error('store.engine-error', `migration to schema version ${m.version} failed: ${messageOf(e)}`)]);
    }
    version = m.version;
  }
  return ok({ flavor, version });
}

/**
 * Opens a memory store on SQLite (the seed's schema migrated to {@link SCHEMA_VERSION}); fails with
 * `store.not-a-database`, `store.newer-database` or `store.fts-unavailable` rather than guessing.
 *
 * @example
 * declare const files: FilePort;
 * const opened = await openSqliteStore({ engine: sqliteWasm() });
 * if (opened.ok) await rebuildSearchIndex(opened.value, files);
 */
export async function openSqliteStore(options: SqliteStoreOptions): Promise<Result<SqliteStore>> {
  let engine: SqliteEngine;
  const { file } = options;
  if (file !== undefined && options.engine.openFile === undefined) return fail([error('store.not-a-database', `${options.engine.name} cannot open a database file in place; pass its bytes`)]);
  try {
    engine = file === undefined ? await options.engine.open(options.bytes) : await options.engine.openFile!(file);
  } catch (e) {
    return fail([error('store.not-a-database', `${options.engine.name} could not open ${file === undefined ? 'the bytes' : 'the file'}: ${messageOf(e)}`)]);
  }
  const migrated = migrate(engine);
  if (!migrated.ok) {
    engine.close();
    return fail(migrated.problems);
  }
  return ok(sqliteStoreOn(engine, migrated.value.flavor, migrated.value.version, options.hasher ?? jsHasher));
}

function sqliteStoreOn(engine: SqliteEngine, flavor: FtsFlavor, schemaVersion: number, hasher: Hasher): SqliteStore {
  const q = (sql: string, params?: readonly SqlValue[]) => engine.query(sql, params);
  const run = (sql: string, params?: readonly SqlValue[]) => engine.run(sql, params);
  let nextRowid = num(q('SELECT coalesce(max(fts_rowid), 0) AS m FROM docs')[0]?.m) + 1;
  const ftsKey = flavor === 'fts5' ? 'rowid' : 'docid';

  // FTS4 keeps its own text and deletes by docid. The contentless FTS5 table is told the
  // row's old values (its `'delete'` command), rebuilt exactly as `putDoc` wrote them.
  const dropFts = (rowid: SqlValue, doc: SqlRow): void => {
    if (flavor === 'fts4') run('DELETE FROM docs_fts WHERE docid = ?', [rowid]);
    else if (typeof doc.body === 'string') {
      const old = ftsColumns({
        docId: str(doc.doc_id),
        title: str(doc.title),
        headings: JSON.parse(str(doc.headings_json)) as string[],
        tags: JSON.parse(str(doc.tags_json)) as string[],
        body: doc.body,
      });
      run("INSERT INTO docs_fts (docs_fts, rowid, doc_id, title, headings, tags, body) VALUES ('delete', ?, ?, ?, ?, ?, ?)", [rowid, ...old]);
    }
  };

  const dropDoc = (docId: string): boolean => {
    const row = q('SELECT d.fts_rowid, d.doc_id, d.title, d.tags_json, t.headings_json, t.body FROM docs d LEFT JOIN doc_text t ON t.fts_rowid = d.fts_rowid WHERE d.doc_id = ?', [docId])[0];
    if (row === undefined) return false;
    if (row.fts_rowid !== null && row.fts_rowid !== undefined) {
      dropFts(row.fts_rowid, row);
      run('DELETE FROM doc_text WHERE fts_rowid = ?', [row.fts_rowid]);
    }
    run('DELETE FROM docs WHERE doc_id = ?', [docId]);
    return true;
  };

  const hits = (rows: { meta: SqlRow; score: number }[], words: string[], options: SearchOptions): SearchHit[] => {
    const matched = new Set(words);
    return rows.map(({ meta, score }) => ({
      docId: str(meta.doc_id),
      title: str(meta.title),
      path: str(meta.path),
      kind: str(meta.kind) as SearchHit['kind'],
      score,
      snippet: hitSnippet(typeof meta.body === 'string' ? meta.body : str(q('SELECT body FROM doc_text WHERE fts_rowid = ?', [meta.fts_rowid ?? null])[0]?.body), matched, options),
    }));
  };

  // Filters on kinds and tags as SQL over the `d` (docs) alias.
  const filters = (options: SearchOptions): { sql: string; params: SqlValue[] } => {
    let sql = '';
    const params: SqlValue[] = [];
    if (options.kinds) {
      sql += ` AND d.kind IN (${placeholders(options.kinds.length) || "''"})`;
      params.push(...options.kinds);
    }
    const tags = [...new Set(options.tags ?? [])];
    if (tags.length > 0) {
      sql += ` AND (SELECT count(DISTINCT value) FROM json_each(d.tags_json) WHERE value IN (${placeholders(tags.length)})) = ${tags.length}`;
      params.push(...tags);
    }
    return { sql, params };
  };

  const searchFts5 = (match: string, options: SearchOptions, limit: number) => {
    const f = filters(options);
    if (f.sql === '') {
      // Rank inside FTS5 and join only the top `take` rows: enough once the last scores worse than the limit-th (ties
      // are broken by doc id), else take four times more. Sorted here: an ORDER BY would copy each body through the sorter.
      for (let take = limit + 1; ; take *= 4) {
        const top = q(
          `SELECT d.doc_id, d.title, d.path, d.kind, d.fts_rowid, h.score, t.body FROM (SELECT rowid AS r, bm25(docs_fts) AS score FROM docs_fts WHERE docs_fts MATCH ? ORDER BY score LIMIT ?) h
           JOIN docs d ON d.fts_rowid = h.r LEFT JOIN doc_text t ON t.fts_rowid = h.r`,
          [match, take],
        );
        top.sort(byScoreThenId);
        if (top.length < take || num(top[limit - 1]!.score) !== num(top[take - 1]!.score)) return top.slice(0, limit).map((r) => ({ meta: r, score: num(r.score) }));
      }
    }
    const rows = q(
      `SELECT d.doc_id, d.title, d.path, d.kind, d.fts_rowid, bm25(docs_fts) AS score FROM docs_fts JOIN docs d ON d.fts_rowid = docs_fts.rowid
       WHERE docs_fts MATCH ?${f.sql} ORDER BY score, d.doc_id LIMIT ?`,
      [match, ...f.params, limit],
    );
    return rows.map((r) => ({ meta: r, score: num(r.score) }));
  };

  const searchFts4 = (match: string, phrases: string[] | undefined, options: SearchOptions, limit: number) => {
    const stat = q('SELECT value FROM docs_fts_stat WHERE id = 0')[0]?.value;
    if (!(stat instanceof Uint8Array)) return [];
    const { rows: nRow, tokens } = fts4Totals(stat, 5);
    if (nRow === 0) return [];
    const avgdl = tokens / nRow;
    const f = filters(options);
    const rows = q(
      `SELECT d.doc_id, d.title, d.path, d.kind, d.fts_rowid, matchinfo(docs_fts, 'pcxl') AS mi FROM docs_fts JOIN docs d ON d.fts_rowid = docs_fts.docid
       WHERE docs_fts MATCH ?${f.sql}`,
      [match, ...f.params],
    );
    if (rows.length === 0) return [];
    // Rows holding each phrase anywhere, as FTS5 counts them; advanced queries fall back to matchinfo's per-column counts.
    const exact = phrases?.map((p) => num(q('SELECT count(*) AS n FROM docs_fts WHERE docs_fts MATCH ?', [p])[0]?.n));
    let idfs: number[] | undefined = exact?.map((n) => bm25Idf(nRow, n));
    const scored = rows.map((r) => {
      const mi = decodeMatchinfoPcxl(r.mi as Uint8Array);
      idfs ??= mi.columnHitRows.map((n) => bm25Idf(nRow, Math.min(n, nRow)));
      return { meta: r, score: bm25Score(mi.freqs, idfs, mi.rowTokens, avgdl) };
    });
    scored.sort((a, b) => a.score - b.score || cmp(str(a.meta.doc_id), str(b.meta.doc_id)));
    return scored.slice(0, limit);
  };

  const ops: StoreOps = {
    async putDoc(doc: DocRecord): Promise<Result<void>> {
      const problems = checkDocRecord(doc);
      if (problems.length > 0) return fail(problems);
      const rowid = nextRowid++;
      const row = [doc.docId, doc.kind, doc.title, doc.path, JSON.stringify(doc.tags), doc.updated, JSON.stringify(doc.provenance), doc.contentHash, rowid];
      // A new doc (the bulk-load case) costs one statement; a replaced one is dropped first.
      if (run(`${INSERT_DOC} ON CONFLICT (doc_id) DO NOTHING`, row) === 0) {
        dropDoc(doc.docId);
        run(INSERT_DOC, row);
      }
      run(`INSERT INTO docs_fts (${ftsKey}, doc_id, title, headings, tags, body) VALUES (?, ?, ?, ?, ?, ?)`, [rowid, ...ftsColumns(doc)]);
      run('INSERT INTO doc_text (fts_rowid, headings_json, body) VALUES (?, ?, ?)', [rowid, JSON.stringify(doc.headings), doc.body]);
      return ok(undefined);
    },
    async getDoc(docId) {
      const r = q('SELECT * FROM docs WHERE doc_id = ?', [docId])[0];
      return r ? rowMeta(r) : undefined;
    },
    async getDocRecord(docId) {
      const r = q('SELECT d.*, t.headings_json, t.body FROM docs d LEFT JOIN doc_text t ON t.fts_rowid = d.fts_rowid WHERE d.doc_id = ?', [docId])[0];
      if (!r) return undefined;
      return { ...rowMeta(r), headings: JSON.parse(str(r.headings_json) || '[]') as string[], body: str(r.body) };
    },
    async deleteDoc(docId) {
      return dropDoc(docId);
    },
    async listDocs(options = {}) {
      return listedDocs(q('SELECT doc_id, kind, title, path, tags_json, updated, provenance_json, content_hash FROM docs').map(rowMeta), options);
    },
    async listHashes() {
      // One JSON text rather than a row per doc: on sqlite-wasm each column of each row is a call
      // into WASM, and a refresh reads every doc's hash (10,000 docs: about 6 ms, not 30).
      const text = str(q('SELECT json_group_array(json_array(doc_id, path, content_hash)) AS j FROM docs')[0]?.j);
      return (JSON.parse(text || '[]') as [string, string, string][]).map(([docId, path, contentHash]) => ({ docId, path, contentHash })).sort((a, b) => cmp(a.docId, b.docId));
    },
    async clearDocs() {
      run('DELETE FROM docs');
      run('DELETE FROM doc_text');
      if (flavor === 'fts5') run("INSERT INTO docs_fts (docs_fts) VALUES ('delete-all')");
      else run('DELETE FROM docs_fts');
    },

    async addEdge(src, rel, dst) {
      const edge = await checkedEdge(src, rel, dst, (ids) => new Map(q('SELECT doc_id, content_hash FROM docs WHERE doc_id IN (?, ?)', ids).map((r) => [str(r.doc_id), str(r.content_hash)])));
      if (edge.ok) run(UPSERT_EDGE, [src, rel, dst, edge.value.dstHash]);
      return edge;
    },
    async removeEdge(src, rel, dst) {
      return run('DELETE FROM doc_edges WHERE src_doc_id = ? AND rel = ? AND dst_doc_id = ?', [src, rel, dst]) > 0;
    },
    async edges(docId, direction = 'out') {
      const where = direction === 'out' ? 'src_doc_id = ?' : direction === 'in' ? 'dst_doc_id = ?' : '(src_doc_id = ? OR dst_doc_id = ?)';
      return q(`SELECT src_doc_id, rel, dst_doc_id, dst_hash FROM doc_edges WHERE ${where}`, direction === 'both' ? [docId, docId] : [docId])
        .map(edgeOf)
        .sort(byEdge);
    },
    async allEdges() {
      return q('SELECT src_doc_id, rel, dst_doc_id, dst_hash FROM doc_edges').map(edgeOf).sort(byEdge);
    },
    async stale(docId, rels = ['derives_from']): Promise<StaleEdge[]> {
      if (rels.length === 0) return [];
      return q(
        `SELECT e.src_doc_id, e.rel, e.dst_doc_id, e.dst_hash, d.content_hash FROM doc_edges e LEFT JOIN docs d ON d.doc_id = e.dst_doc_id
         WHERE (? IS NULL OR e.src_doc_id = ?) AND e.rel IN (${placeholders(rels.length)}) AND (d.content_hash IS NULL OR d.content_hash <> e.dst_hash)`,
        [docId ?? null, docId ?? null, ...rels],
      )
        .map((r): StaleEdge => ({ ...edgeOf(r), currentHash: r.content_hash === null || r.content_hash === undefined ? null : str(r.content_hash) }))
        .sort(byEdge);
    },

    async appendLedger(name, entryLine, expectedHead): Promise<Result<StoreLedgerHead>> {
      const hash = ledgerEntryHash(entryLine, hasher);
      if (!hash.ok) return fail(hash.problems);
      const { size, head } = await ops.ledgerHead(name);
      if (head !== expectedHead) return fail([error('store.ledger-head-moved', `ledger "${name}" head is ${head}, not the expected ${String(expectedHead)}`)]);
      try {
        run('INSERT INTO ledger_entries (name, seq, line, hash) VALUES (?, ?, ?, ?)', [name, size + 1, entryLine, hash.value]);
      } catch (e) {
        // A concurrent writer on another connection took this sequence number.
        return fail([error('store.ledger-head-moved', `ledger "${name}" moved while appending: ${messageOf(e)}`)]);
      }
      return ok({ size: size + 1, head: hash.value });
    },
    async readLedger(name) {
      return q('SELECT line FROM ledger_entries WHERE name = ? ORDER BY seq', [name]).map((r) => str(r.line));
    },
    async ledgerHead(name) {
      const head = q('SELECT seq, hash FROM ledger_entries WHERE name = ? ORDER BY seq DESC LIMIT 1', [name])[0];
      return head ? { size: num(head.seq), head: str(head.hash) } : { size: 0, head: ZERO_HASH };
    },

    async getFile(path) {
      const r = q('SELECT data FROM files WHERE path = ?', [path])[0];
      if (r === undefined) return undefined;
      return r.data instanceof Uint8Array ? r.data.slice() : new Uint8Array(0);
    },
    async putFile(path, data): Promise<Result<void>> {
      const bad = checkStorePath(path);
      if (bad) return fail([bad]);
      // An empty Uint8Array may bind as NULL; store it as an empty blob.
      run("INSERT OR REPLACE INTO files (path, data) VALUES (?, coalesce(?, x''))", [path, data.length === 0 ? null : data.slice()]);
      return ok(undefined);
    },
    async deleteFile(path) {
      return run('DELETE FROM files WHERE path = ?', [path]) > 0;
    },
    async listFiles(prefix) {
      const paths = q('SELECT path FROM files').map((r) => str(r.path));
      return filesUnder(paths, prefix);
    },

    async search(query, options = {}): Promise<Result<SearchHit[]>> {
      const limit = clampLimit(options.limit);
      const advanced = options.mode === 'advanced';
      let match: string;
      let words: string[];
      let phrases: string[] | undefined;
      if (advanced) {
        if (typeof query !== 'string' || query.trim() === '') return fail([error('store.query-syntax', 'an advanced query must not be empty')]);
        match = query;
        words = tokenize(query).flatMap((t) => (['and', 'or', 'not', 'near'].includes(t.term) ? [] : [t.term]));
      } else {
        const qt = queryTerms(query);
        match = quoteTerms(qt, options.match ?? 'all');
        words = qt.map((t) => t.term);
        phrases = qt.map((t) => quoteTerms([t]));
      }
      if (match === '' || limit === 0) return ok([]);
      try {
        const rows = flavor === 'fts5' ? searchFts5(match, options, limit) : searchFts4(match, phrases, options, limit);
        return ok(hits(rows, words, options));
      } catch (e) {
        const problems: Problem[] = [advanced && QUERY_ERROR.test(messageOf(e)) ? querySyntax(query as string) : error('store.engine-error', `the search failed: ${messageOf(e)}`)];
        return fail(problems);
      }
    },
  };

  const store = guardStore({
    capabilities: { search: true, ranking: 'bm25', advancedSearch: true, persistence: true, transactions: true, fulltext: flavor },
    ops,
    begin: () => engine.exec('BEGIN'),
    commit: () => engine.exec('COMMIT'),
    rollback: () => {
      try {
        engine.exec('ROLLBACK');
      } catch {
        // already rolled back by the engine
      }
      nextRowid = num(q('SELECT coalesce(max(fts_rowid), 0) AS m FROM docs')[0]?.m) + 1;
    },
    toBytes: () => engine.export(),
    close: () => engine.close(),
  });
  return Object.assign(store, { engine, schemaVersion });
}

// What SQLite says about a MATCH expression it cannot parse (FTS5 and FTS4 wordings); anything else is an engine error.
const QUERY_ERROR = /syntax error|unterminated string|unknown special query|no such column|malformed MATCH|fts5: /i;
const FTS_COLUMNS = ['doc_id', 'title', 'headings', 'tags', 'body'];

// `store.query-syntax` for an advanced query SQLite refused, in memkit's words (SQLite's messages name internals and differ
// by engine), with hints drawn from the query.
function querySyntax(query: string): Problem {
  const hints: string[] = [];
  if (((query.match(/"/g) ?? []).length & 1) === 1) hints.push('a double quote is not closed');
  const depth = [...query].reduce((d, c) => (d < 0 ? d : c === '(' ? d + 1 : c === ')' ? d - 1 : d), 0);
  if (depth !== 0) hints.push('parentheses do not balance');
  if (/(^|\s)(AND|OR|NOT|NEAR)\s*$/.test(query) || /^\s*(AND|OR|NOT)(\s|$)/.test(query)) hints.push('an operator (AND, OR, NOT, NEAR) is missing an operand');
  const columns = [...query.matchAll(/(?:^|[\s(])([A-Za-z_][A-Za-z0-9_]*)\s*:/g)].map((m) => m[1]!);
  if (columns.some((c) => !FTS_COLUMNS.includes(c))) hints.push('a column filter (word:) names a column the index does not have (doc_id, title, headings, tags, body)');
  return error('store.query-syntax', `the advanced query is not valid full-text query syntax${hints.length ? `: ${hints.join('; ')}` : ''} (search in plain mode to match any text)`);
}
