import { type Hasher, ZERO_HASH, jsHasher } from '../../kernel/canonical/index.js';
import { MemkitError, type Problem, type Result, error, fail, ok } from '../../kernel/problems/index.js';
import { byEdge, checkDocRecord, checkStorePath, checkedEdge, cmp, filesUnder, ftsColumns, ledgerEntryHash, listedDocs } from '../../services/store/checks.js';
import type { DocEdge, DocMeta, DocRecord, EdgeRel, SearchHit, StaleEdge, StoreLedgerHead } from '../../services/store/doc-record.js';
import { guardStore } from '../../services/store/guard-store.js';
import { clampLimit } from '../../services/store/memory-store.js';
import { hitSnippet } from '../../services/store/snippet.js';
import type { Store, StoreOps } from '../../services/store/store-port.js';
import { queryTerms, tokenize } from '../../services/store/tokenize.js';
import type { PgDatabase, PgQueryable } from './client.js';
import { type MigrateOutcome, isSchemaName, migrate, quoteIdent } from './migrate.js';
import { pgProblem, unstorable } from './pg-errors.js';
import { scoreMatches, statementName, termKey } from './search.js';
import { STORE_MIGRATIONS } from './store-migrations.js';

/** Options of {@link openPostgresStore}. */
export interface PostgresStoreOptions {
  /** The database: `fromPgPool(new pg.Pool(...))` or `fromPglite(new PGlite())`. The store does not close it. */
  db: PgDatabase;
  /** The schema the store's tables live in (created when missing): `[a-z_][a-z0-9_]{0,62}`. Default `memkit`. */
  schema?: string;
  /** Hashes ledger entries and long terms (default: the portable JS SHA-256). */
  hasher?: Hasher;
}

/** A store on PostgreSQL; `schema` names its tables' schema. */
export interface PostgresStore extends Store {
  readonly schema: string;
  /** The store component's schema version in `<schema>.memkit_meta`. */
  readonly schemaVersion: number;
}

/** The store component's schema version this library writes. */
export const PG_STORE_SCHEMA_VERSION = STORE_MIGRATIONS[STORE_MIGRATIONS.length - 1]!.version;

const unstorableText = (what: string) => error('store.pg-unstorable-text', `${what} holds a NUL character or a lone surrogate, which PostgreSQL text cannot hold`);

interface DocRow {
  doc_id: string;
  kind: string;
  title: string;
  path: string;
  tags: string[];
  updated: string;
  provenance_json: string;
  content_hash: string;
}

function rowMeta(r: DocRow): DocMeta {
  return {
    docId: r.doc_id,
    kind: r.kind as DocMeta['kind'],
    title: r.title,
    path: r.path,
    tags: [...r.tags],
    updated: r.updated,
    provenance: JSON.parse(r.provenance_json) as DocMeta['provenance'],
    contentHash: r.content_hash,
  };
}

const META = 'doc_id, kind, title, path, tags, updated, provenance_json, content_hash';
const edgeOf = (r: { src_doc_id: string; rel: string; dst_doc_id: string; dst_hash: string }): DocEdge => ({ src: r.src_doc_id, rel: r.rel as EdgeRel, dst: r.dst_doc_id, dstHash: r.dst_hash });

/**
 * Opens a memory store in one schema of a PostgreSQL database (`pg` or PGlite), creating or migrating its tables.
 * Search ranks exactly like the SQLite store (memkit tokenizes and scores with its one BM25, Postgres supplies the
 * matches and term statistics); no advanced search and no `toBytes()`. Fails with `store.pg-bad-schema`,
 * `store.newer-database` or a connection problem (`store.pg-connect`, `store.pg-auth`, `store.pg-timeout`, …).
 *
 * @example
 * import pg from 'pg';
 * declare const url: string, files: FilePort;
 * const pool = new pg.Pool({ connectionString: url });
 * const opened = await openPostgresStore({ db: fromPgPool(pool), schema: 'memkit' });
 * if (opened.ok) await rebuildSearchIndex(opened.value, files);
 */
export async function openPostgresStore(options: PostgresStoreOptions): Promise<Result<PostgresStore>> {
  const schema = options.schema ?? 'memkit';
  if (!isSchemaName(schema)) return fail([error('store.pg-bad-schema', `"${schema}" is not a schema name memkit accepts ([a-z_][a-z0-9_]{0,62})`)]);
  let migrated: MigrateOutcome;
  try {
    migrated = await migrate(options.db, schema, 'store', STORE_MIGRATIONS);
  } catch (e) {
    return fail([pgProblem(e, 'opening the store')]);
  }
  if (!migrated.ok) return fail([error('store.newer-database', `the store in schema "${schema}" has version ${migrated.found}; this memkit knows up to ${migrated.supported}`)]);
  return ok(postgresStoreOn(options.db, schema, options.hasher ?? jsHasher));
}

/** How many docs a transaction's puts send in one batch. */
const PUT_BATCH = 500;

/** A doc as the server stores it: its columns, and its token counts over the five full-text columns, as FTS5 counts them. */
interface PendingDoc {
  docId: string;
  kind: string;
  title: string;
  path: string;
  tags: string[];
  updated: string;
  provenance: string;
  contentHash: string;
  headings: string[];
  body: string;
  tokens: number;
  terms: string[];
  tfs: number[];
}

function pendingDoc(doc: DocRecord, hasher: Hasher): PendingDoc {
  const tf = new Map<string, number>();
  let tokens = 0;
  for (const column of ftsColumns(doc)) {
    for (const { term } of tokenize(column)) {
      const key = termKey(term, hasher);
      tf.set(key, (tf.get(key) ?? 0) + 1);
      tokens++;
    }
  }
  return {
    docId: doc.docId,
    kind: doc.kind,
    title: doc.title,
    path: doc.path,
    tags: [...doc.tags],
    updated: doc.updated,
    provenance: JSON.stringify(doc.provenance),
    contentHash: doc.contentHash,
    headings: [...doc.headings],
    body: doc.body,
    tokens,
    terms: [...tf.keys()],
    tfs: [...tf.values()],
  };
}

/**
 * Writes `rows` (distinct doc ids) on `conn`, inside the caller's transaction, as `memkit_put_doc` writes each: three
 * statements for the whole batch, the columns and postings passed as arrays through `unnest`. The statistics row is
 * locked first, as by every doc write; then the old versions' postings and counts go; then the docs are inserted or
 * updated (a replaced doc keeps its key) with their postings, and the counts added. Tags and headings, a list per
 * doc, travel as JSON text.
 */
async function putDocs(conn: PgQueryable, s: string, rows: readonly PendingDoc[]): Promise<void> {
  const ids = rows.map((r) => r.docId);
  await conn.query(`SELECT 1 FROM ${s}.store_stats WHERE id = 1 FOR UPDATE`, [], statementName('lock_stats', s));
  await conn.query(
    `WITH old AS (SELECT doc_key, tokens, terms FROM ${s}.docs WHERE doc_id = ANY($1::text[])),
     gone AS (DELETE FROM ${s}.postings p USING (SELECT doc_key, unnest(terms) AS term FROM old) o WHERE p.term = o.term AND p.doc_key = o.doc_key)
     UPDATE ${s}.store_stats SET docs = docs - (SELECT count(*) FROM old), tokens = tokens - (SELECT coalesce(sum(tokens), 0) FROM old) WHERE id = 1`,
    [ids],
    statementName('drop_docs', s),
  );
  const postOrd: number[] = [];
  const postTerm: string[] = [];
  const postTf: number[] = [];
  rows.forEach((r, i) => {
    for (let k = 0; k < r.terms.length; k++) {
      postOrd.push(i + 1);
      postTerm.push(r.terms[k]!);
      postTf.push(r.tfs[k]!);
    }
  });
  const list = (json: string) => `ARRAY(SELECT e.v FROM json_array_elements_text(${json}::json) WITH ORDINALITY AS e(v, n) ORDER BY e.n)`;
  await conn.query(
    `WITH input AS (
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::int[]) WITH ORDINALITY
         AS u(doc_id, kind, title, path, tags_json, updated, provenance_json, content_hash, headings_json, body, tokens, ord)
     ),
     post AS (SELECT * FROM unnest($12::int[], $13::text[], $14::int[]) AS p(ord, term, tf)),
     doc_terms AS (SELECT ord, array_agg(term) AS terms FROM post GROUP BY ord),
     put AS (
       INSERT INTO ${s}.docs (doc_id, kind, title, path, tags, updated, provenance_json, content_hash, headings, body, tokens, terms)
       SELECT i.doc_id, i.kind, i.title, i.path, ${list('i.tags_json')}, i.updated, i.provenance_json, i.content_hash, ${list('i.headings_json')}, i.body, i.tokens,
         coalesce(t.terms, '{}'::text[])
       FROM input i LEFT JOIN doc_terms t ON t.ord = i.ord ORDER BY i.ord
       ON CONFLICT (doc_id) DO UPDATE SET kind = EXCLUDED.kind, title = EXCLUDED.title, path = EXCLUDED.path, tags = EXCLUDED.tags, updated = EXCLUDED.updated,
         provenance_json = EXCLUDED.provenance_json, content_hash = EXCLUDED.content_hash, headings = EXCLUDED.headings, body = EXCLUDED.body, tokens = EXCLUDED.tokens,
         terms = EXCLUDED.terms
       RETURNING doc_key, doc_id
     ),
     posted AS (
       INSERT INTO ${s}.postings (term, doc_key, tf, dl) SELECT p.term, d.doc_key, p.tf, i.tokens FROM post p JOIN input i ON i.ord = p.ord JOIN put d ON d.doc_id = i.doc_id
     )
     UPDATE ${s}.store_stats SET docs = docs + (SELECT count(*) FROM input), tokens = tokens + (SELECT coalesce(sum(tokens), 0) FROM input) WHERE id = 1`,
    [
      ids,
      rows.map((r) => r.kind),
      rows.map((r) => r.title),
      rows.map((r) => r.path),
      rows.map((r) => JSON.stringify(r.tags)),
      rows.map((r) => r.updated),
      rows.map((r) => r.provenance),
      rows.map((r) => r.contentHash),
      rows.map((r) => JSON.stringify(r.headings)),
      rows.map((r) => r.body),
      rows.map((r) => r.tokens),
      postOrd,
      postTerm,
      postTf,
    ],
    statementName('put_docs', s),
  );
}

function postgresStoreOn(db: PgDatabase, schemaName: string, hasher: Hasher): PostgresStore {
  const s = quoteIdent(schemaName);
  // The connection of the open transaction; every op runs on it while it is set (the guard's lock keeps others out).
  let tx: { conn: PgQueryable; release: (err?: unknown) => void; done: Promise<void>; failed?: Problem } | undefined;
  const on = (): PgQueryable => tx?.conn ?? db;
  const q = async <R>(text: string, params?: unknown[]): Promise<R[]> => (await on().query<R>(text, params)).rows;

  // Docs put in the open transaction and not yet sent, by doc id (a doc put again replaces its pending row): sent
  // PUT_BATCH at a time, and before any other operation or the commit, so the transaction reads its own writes.
  const pending = new Map<string, PendingDoc>();
  const flush = async (): Promise<void> => {
    if (pending.size === 0) return;
    const rows = [...pending.values()];
    pending.clear();
    await putDocs(on(), s, rows);
  };

  const ops: StoreOps = {
    async putDoc(doc) {
      const problems = checkDocRecord(doc);
      if (problems.length > 0) return fail(problems);
      const texts = [doc.docId, doc.kind, doc.title, doc.path, doc.updated, doc.contentHash, doc.body, ...doc.tags, ...doc.headings];
      if (texts.some(unstorable)) return fail([unstorableText(`doc "${unstorable(doc.docId) ? '(id not shown)' : doc.docId}"`)]);
      const row = pendingDoc(doc, hasher);
      // In a transaction the doc waits for the next batch (the write is in the transaction either way); once a
      // statement failed, Postgres refuses the rest, and so does this put, at once.
      if (tx !== undefined && tx.failed === undefined) {
        pending.set(row.docId, row);
        if (pending.size >= PUT_BATCH) await flush();
        return ok(undefined);
      }
      await q(`SELECT ${s}.memkit_put_doc($1, $2, $3, $4, $5::text[], $6, $7, $8, $9::text[], $10, $11, $12::text[], $13::int[])`, [
        row.docId,
        row.kind,
        row.title,
        row.path,
        row.tags,
        row.updated,
        row.provenance,
        row.contentHash,
        row.headings,
        row.body,
        row.tokens,
        row.terms,
        row.tfs,
      ]);
      return ok(undefined);
    },
    async getDoc(docId) {
      if (unstorable(docId)) return undefined;
      const r = (await q<DocRow>(`SELECT ${META} FROM ${s}.docs WHERE doc_id = $1`, [docId]))[0];
      return r ? rowMeta(r) : undefined;
    },
    async getDocRecord(docId) {
      if (unstorable(docId)) return undefined;
      const r = (await q<DocRow & { headings: string[]; body: string }>(`SELECT ${META}, headings, body FROM ${s}.docs WHERE doc_id = $1`, [docId]))[0];
      return r ? { ...rowMeta(r), headings: [...r.headings], body: r.body } : undefined;
    },
    async deleteDoc(docId) {
      if (unstorable(docId)) return false;
      return (await q<{ deleted: boolean }>(`SELECT ${s}.memkit_delete_doc($1) AS deleted`, [docId]))[0]?.deleted === true;
    },
    async listDocs(options = {}) {
      return listedDocs((await q<DocRow>(`SELECT ${META} FROM ${s}.docs`)).map(rowMeta), options);
    },
    async listHashes() {
      return (await q<{ doc_id: string; path: string; content_hash: string }>(`SELECT doc_id, path, content_hash FROM ${s}.docs`))
        .map((r) => ({ docId: r.doc_id, path: r.path, contentHash: r.content_hash }))
        .sort((a, b) => cmp(a.docId, b.docId));
    },
    async clearDocs() {
      await q(`SELECT ${s}.memkit_clear_docs()`);
    },

    async addEdge(src, rel, dst) {
      const edge = await checkedEdge(src, rel, dst, async (ids) => {
        const rows = await q<{ doc_id: string; content_hash: string }>(`SELECT doc_id, content_hash FROM ${s}.docs WHERE doc_id = ANY($1::text[])`, [ids.filter((id) => !unstorable(id))]);
        return new Map(rows.map((r) => [r.doc_id, r.content_hash]));
      });
      const upsert = `INSERT INTO ${s}.doc_edges (src_doc_id, rel, dst_doc_id, dst_hash) VALUES ($1, $2, $3, $4) ON CONFLICT (src_doc_id, rel, dst_doc_id) DO UPDATE SET dst_hash = EXCLUDED.dst_hash`;
      if (edge.ok) await q(upsert, [src, rel, dst, edge.value.dstHash]);
      return edge;
    },
    async removeEdge(src, rel, dst) {
      if ([src, rel, dst].some(unstorable)) return false;
      return (await q(`DELETE FROM ${s}.doc_edges WHERE src_doc_id = $1 AND rel = $2 AND dst_doc_id = $3 RETURNING 1`, [src, rel, dst])).length > 0;
    },
    async edges(docId, direction = 'out') {
      if (unstorable(docId)) return [];
      const where = direction === 'out' ? 'src_doc_id = $1' : direction === 'in' ? 'dst_doc_id = $1' : '(src_doc_id = $1 OR dst_doc_id = $1)';
      return (await q<Parameters<typeof edgeOf>[0]>(`SELECT src_doc_id, rel, dst_doc_id, dst_hash FROM ${s}.doc_edges WHERE ${where}`, [docId])).map(edgeOf).sort(byEdge);
    },
    async allEdges() {
      return (await q<Parameters<typeof edgeOf>[0]>(`SELECT src_doc_id, rel, dst_doc_id, dst_hash FROM ${s}.doc_edges`)).map(edgeOf).sort(byEdge);
    },
    async stale(docId, rels = ['derives_from']): Promise<StaleEdge[]> {
      if (rels.length === 0 || (docId !== undefined && unstorable(docId))) return [];
      const rows = await q<Parameters<typeof edgeOf>[0] & { content_hash: string | null }>(
        `SELECT e.src_doc_id, e.rel, e.dst_doc_id, e.dst_hash, d.content_hash FROM ${s}.doc_edges e LEFT JOIN ${s}.docs d ON d.doc_id = e.dst_doc_id
         WHERE ($1::text IS NULL OR e.src_doc_id = $1) AND e.rel = ANY($2::text[]) AND (d.content_hash IS NULL OR d.content_hash <> e.dst_hash)`,
        [docId ?? null, rels.filter((r) => !unstorable(r))],
      );
      return rows.map((r): StaleEdge => ({ ...edgeOf(r), currentHash: r.content_hash })).sort(byEdge);
    },

    async appendLedger(name, entryLine, expectedHead): Promise<Result<StoreLedgerHead>> {
      const hash = ledgerEntryHash(entryLine, hasher);
      if (!hash.ok) return fail(hash.problems);
      if (unstorable(name)) return fail([unstorableText('the ledger name')]);
      // One statement: the insert happens only on the expected head, and a writer that computed the
      // same sequence number elsewhere makes this one insert nothing (no error, so a transaction survives).
      const rows = await q<{ seq: number }>(
        `WITH head AS (SELECT seq, hash FROM ${s}.store_ledgers WHERE name = $1 ORDER BY seq DESC LIMIT 1)
         INSERT INTO ${s}.store_ledgers (name, seq, line, hash)
         SELECT $1, coalesce((SELECT seq FROM head), 0) + 1, $2, $3 WHERE coalesce((SELECT hash FROM head), $4) = $5
         ON CONFLICT (name, seq) DO NOTHING RETURNING seq`,
        [name, entryLine, hash.value, ZERO_HASH, String(expectedHead)],
      );
      if (rows.length === 0) {
        const head = await ops.ledgerHead(name);
        return fail([error('store.ledger-head-moved', `ledger "${name}" head is ${head.head}, not the expected ${String(expectedHead)}`)]);
      }
      return ok({ size: Number(rows[0]!.seq), head: hash.value });
    },
    async readLedger(name) {
      if (unstorable(name)) return [];
      return (await q<{ line: string }>(`SELECT line FROM ${s}.store_ledgers WHERE name = $1 ORDER BY seq`, [name])).map((r) => r.line);
    },
    async ledgerHead(name) {
      if (unstorable(name)) return { size: 0, head: ZERO_HASH };
      const head = (await q<{ seq: number; hash: string }>(`SELECT seq, hash FROM ${s}.store_ledgers WHERE name = $1 ORDER BY seq DESC LIMIT 1`, [name]))[0];
      return head ? { size: Number(head.seq), head: head.hash } : { size: 0, head: ZERO_HASH };
    },

    async getFile(path) {
      if (typeof path !== 'string' || unstorable(path)) return undefined;
      const r = (await q<{ data: Uint8Array }>(`SELECT data FROM ${s}.files WHERE path = $1`, [path]))[0];
      // A copy in a plain Uint8Array (pg gives a Buffer that may share a pool).
      return r === undefined ? undefined : new Uint8Array(r.data);
    },
    async putFile(path, data): Promise<Result<void>> {
      const bad = checkStorePath(path);
      if (bad) return fail([bad]);
      if (unstorable(path)) return fail([unstorableText('the file path')]);
      await q(`INSERT INTO ${s}.files (path, data) VALUES ($1, $2) ON CONFLICT (path) DO UPDATE SET data = EXCLUDED.data`, [path, data.slice()]);
      return ok(undefined);
    },
    async deleteFile(path) {
      if (typeof path !== 'string' || unstorable(path)) return false;
      return (await q(`DELETE FROM ${s}.files WHERE path = $1 RETURNING 1`, [path])).length > 0;
    },
    async listFiles(prefix) {
      const paths = (await q<{ path: string }>(`SELECT path FROM ${s}.files`)).map((r) => r.path);
      return filesUnder(paths, prefix);
    },

    async search(query, options = {}): Promise<Result<SearchHit[]>> {
      if (options.mode === 'advanced') return fail([error('store.advanced-unsupported', 'the PostgreSQL store searches plain text only')]);
      const words = queryTerms(query);
      const limit = clampLimit(options.limit);
      if (words.length === 0 || limit === 0) return ok([]);
      if ((options.kinds ?? []).some(unstorable) || (options.tags ?? []).some(unstorable)) return ok([]);
      const conn = on();
      const scored = await scoreMatches(conn, s, [...new Set(words.map((w) => termKey(w.term, hasher)))], options);
      if (scored.length === 0) return ok([]);
      // Every doc that can be in the top `limit` once ties are broken by doc id: those scoring at most the limit-th.
      const cut = scored[Math.min(limit, scored.length) - 1]!.score;
      const candidates = scored.filter((c) => c.score <= cut);
      const rows = (
        await conn.query<{ doc_key: number; doc_id: string; title: string; path: string; kind: string; body: string }>(
          `SELECT doc_key, doc_id, title, path, kind, body FROM ${s}.docs WHERE doc_key = ANY($1::int[])`,
          [candidates.map((c) => c.key)],
          statementName('hits', s),
        )
      ).rows;
      const byKey = new Map(rows.map((r) => [Number(r.doc_key), r]));
      const matched = new Set(words.map((w) => w.term));
      return ok(
        candidates
          .flatMap((c) => {
            const r = byKey.get(c.key);
            return r ? [{ r, score: c.score }] : [];
          })
          .sort((a, b) => a.score - b.score || cmp(a.r.doc_id, b.r.doc_id))
          .slice(0, limit)
          .map(({ r, score }) => ({ docId: r.doc_id, title: r.title, path: r.path, kind: r.kind as SearchHit['kind'], score, snippet: hitSnippet(r.body, matched, options) })),
      );
    },
  };

  // A driver error becomes a Problem: returned by the ops that return a Result, thrown (MemkitError) by the others.
  // Inside a transaction it is remembered: Postgres has rolled the transaction back, so its commit must fail.
  const RESULT_OPS = new Set<keyof StoreOps>(['putDoc', 'addEdge', 'appendLedger', 'putFile', 'search']);
  const guarded = {} as Record<string, unknown>;
  for (const name of Object.keys(ops) as (keyof StoreOps)[]) {
    const fn = (ops[name] as (...args: unknown[]) => Promise<unknown>).bind(ops);
    guarded[name] = async (...args: unknown[]) => {
      try {
        if (name !== 'putDoc' && tx !== undefined && tx.failed === undefined) await flush();
        return await fn(...args);
      } catch (e) {
        if (e instanceof MemkitError) throw e;
        const problem = pgProblem(e, name);
        if (tx !== undefined) tx.failed ??= problem;
        if (RESULT_OPS.has(name)) return fail([problem]);
        throw new MemkitError([problem]);
      }
    };
  }

  const store = guardStore({
    capabilities: { search: true, ranking: 'bm25', advancedSearch: false, persistence: false, transactions: true, fulltext: 'postings' },
    ops: guarded as unknown as StoreOps,
    async begin() {
      // Holds one connection from BEGIN until commit or rollback releases it.
      await new Promise<void>((ready, refuse) => {
        let release!: (err?: unknown) => void;
        const held = new Promise<void>((resolve, reject) => (release = (err) => (err === undefined ? resolve() : reject(err))));
        pending.clear();
        const done = db
          .withConnection(async (conn) => {
            await conn.query('BEGIN');
            tx = { conn, release, done };
            ready();
            await held;
          })
          .catch((e: unknown) => {
            if (tx === undefined) refuse(new MemkitError([pgProblem(e, 'BEGIN')]));
          });
      });
    },
    async commit() {
      const t = tx!;
      if (t.failed === undefined)
        await flush().catch((e: unknown) => {
          t.failed = pgProblem(e, 'putDoc');
        });
      if (t.failed) throw new MemkitError([error('store.pg-transaction-aborted', `the transaction was rolled back: ${t.failed.message}`)]);
      try {
        await t.conn.query('COMMIT');
      } catch (e) {
        t.failed = pgProblem(e, 'COMMIT');
        throw new MemkitError([t.failed]);
      }
      tx = undefined;
      t.release();
      await t.done;
    },
    async rollback() {
      pending.clear();
      const t = tx;
      if (t === undefined) return;
      tx = undefined;
      const rolledBack = await t.conn.query('ROLLBACK').then(
        () => true,
        () => false,
      );
      // A connection that could not roll back goes back to the pool as broken.
      t.release(rolledBack && t.failed?.code !== 'store.pg-connection-lost' ? undefined : new Error('connection broken'));
      await t.done;
    },
    toBytes() {
      throw new MemkitError([error('store.engine-error', 'the PostgreSQL store has no byte image (capabilities.persistence is false); export a bundle instead')]);
    },
    close() {
      // The database handle is the caller's: it may serve other stores.
    },
  });
  return Object.assign(store, { schema: schemaName, schemaVersion: PG_STORE_SCHEMA_VERSION });
}
