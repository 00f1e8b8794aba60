import initSqlJs from 'sql.js';
import { describe, expect, it } from 'vitest';
import { SCHEMA_VERSION, openSqliteStore, sqlJs, sqliteWasm } from '../../src/adapters/sqlite/index.js';
import { decodeFtsVarints, fts4Totals } from '../../src/adapters/sqlite/fts4-bm25.js';
import { MIGRATIONS } from '../../src/adapters/sqlite/migrations.js';
import { unwrap } from '../../src/kernel/problems/index.js';
import { MEMORY_STORE_SQL } from '../../src/schema/index.js';
import { memoryFiles, refreshIndex } from '../../src/services/store/index.js';
import { ftsColumns } from '../../src/services/store/checks.js';
import { expectSameRanking } from '../conformance/store-conformance.js';
import { corpus, docFile, queries } from '../store/corpus.js';

const wasm = sqliteWasm();
const sqljs = sqlJs(await initSqlJs());
const codes = (r: { ok: boolean; problems?: { code: string }[] }) => (r.problems ?? []).map((p) => p.code);

describe('sqlite adapter', () => {
  it('ranks a corpus identically on sqlite-wasm FTS5 and sql.js FTS4 (order, and scores within 1e-9)', async () => {
    const a = unwrap(await openSqliteStore({ engine: wasm }));
    const b = unwrap(await openSqliteStore({ engine: sqljs }));
    expect([a.capabilities.fulltext, b.capabilities.fulltext]).toEqual(['fts5', 'fts4']);
    const docs = corpus(200, 3, 150);
    for (const s of [a, b])
      await s.transaction(async (tx) => {
        for (const d of docs) await tx.putDoc(d);
      });
    let compared = 0;
    for (const q of queries(20, 5)) {
      for (const options of [{ limit: 20 }, { limit: 20, match: 'any' as const }, { limit: 5, kinds: ['fact' as const, 'adr' as const] }]) {
        const x = unwrap(await a.search(q, options));
        const y = unwrap(await b.search(q, options));
        expectSameRanking(x, y);
        compared += x.length;
      }
    }
    expect(compared).toBeGreaterThan(200);
    await a.close();
    await b.close();
  });

  it('reports the same scores as FTS5 bm25() on the raw table', async () => {
    const s = unwrap(await openSqliteStore({ engine: wasm }));
    for (const d of corpus(50)) await s.putDoc(d);
    const hits = unwrap(await s.search('test index', { limit: 50 }));
    const raw = s.engine.query(`SELECT d.doc_id, bm25(docs_fts) AS score FROM docs_fts JOIN docs d ON d.fts_rowid = docs_fts.rowid WHERE docs_fts MATCH '"test" "index"' ORDER BY score, d.doc_id`);
    expect(hits.map((h) => [h.docId, h.score])).toEqual(raw.map((r) => [r.doc_id, r.score]));
    await s.close();
  });

  it('tracks the schema with PRAGMA user_version and migrates a seed (v1) database', async () => {
    // A database made from the seed's SQL alone, with one indexed doc.
    const raw = await wasm.open();
    raw.exec(MEMORY_STORE_SQL);
    raw.run("INSERT INTO docs VALUES ('fact.old', 'fact', 'Old', '.thunderus/memory/old.md', '[]', '2026-01-01T00:00:00Z', '{\"events\":[],\"patches\":[]}')");
    const bytes = raw.export();
    raw.close();
    const s = unwrap(await openSqliteStore({ engine: wasm, bytes }));
    expect(s.schemaVersion).toBe(SCHEMA_VERSION);
    expect(s.engine.query('PRAGMA user_version')[0]!.user_version).toBe(SCHEMA_VERSION);
    expect((await s.getDoc('fact.old'))?.contentHash).toBe('');
    // The next refresh re-reads every doc (its content hash is unknown) and drops rows no file declares.
    const files = memoryFiles({ '.thunderus/memory/semantic/new.md': docFile('fact.new', 'fresh words') });
    const report = await refreshIndex(s, files);
    expect(report.added).toEqual(['fact.new']);
    expect(report.removed).toEqual(['fact.old']);
    expect(unwrap(await s.search('fresh')).map((h) => h.docId)).toEqual(['fact.new']);
    await s.close();
  });

  it('migrates a v2 database (contentless_delete docs_fts) to the seed table with the same rankings, then replaces and deletes docs', async () => {
    // Schema 2 as it was first shipped: docs_fts with contentless_delete=1, filled through putDoc's statements.
    const docs = corpus(60);
    const raw = await wasm.open();
    raw.exec(MIGRATIONS[0]!.sql('fts5'));
    raw.exec(MIGRATIONS[1]!.sql('fts5'));
    raw.exec("DROP TABLE docs_fts; CREATE VIRTUAL TABLE docs_fts USING fts5(doc_id, title, headings, tags, body, content='', contentless_delete=1);");
    docs.forEach((d, i) => {
      raw.run('INSERT INTO docs (doc_id, kind, title, path, tags_json, updated, provenance_json, content_hash, fts_rowid) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)', [
        d.docId,
        d.kind,
        d.title,
        d.path,
        JSON.stringify(d.tags),
        d.updated,
        JSON.stringify(d.provenance),
        d.contentHash,
        i + 1,
      ]);
      raw.run('INSERT INTO docs_fts (rowid, doc_id, title, headings, tags, body) VALUES (?, ?, ?, ?, ?, ?)', [i + 1, ...ftsColumns(d)]);
      raw.run('INSERT INTO doc_text (fts_rowid, headings_json, body) VALUES (?, ?, ?)', [i + 1, JSON.stringify(d.headings), d.body]);
    });
    const bytes = raw.export();
    raw.close();
    const migrated = unwrap(await openSqliteStore({ engine: wasm, bytes }));
    expect(migrated.schemaVersion).toBe(SCHEMA_VERSION);
    expect(String(migrated.engine.query("SELECT sql FROM sqlite_master WHERE name = 'docs_fts'")[0]!.sql)).not.toMatch(/contentless_delete/);
    const fresh = unwrap(await openSqliteStore({ engine: wasm }));
    for (const d of docs) await fresh.putDoc(d);
    const compare = async () => {
      for (const q of queries(15)) expectSameRanking(unwrap(await migrated.search(q, { limit: 20 })), unwrap(await fresh.search(q, { limit: 20 })));
    };
    await compare();
    // Deletes on the migrated table supply the old text; scores stay those of a fresh index.
    for (const s of [migrated, fresh]) {
      for (const d of docs.slice(0, 10)) await s.deleteDoc(d.docId);
      for (const d of docs.slice(10, 20)) await s.putDoc({ ...d, body: `${d.body} replaced text` });
    }
    await compare();
    await migrated.close();
    await fresh.close();
  });

  it('refuses a database newer than the library with store.newer-database', async () => {
    for (const engine of [wasm, sqljs]) {
      const s = unwrap(await openSqliteStore({ engine }));
      s.engine.exec(`PRAGMA user_version = ${SCHEMA_VERSION + 1}`);
      const bytes = await s.toBytes();
      await s.close();
      expect(codes(await openSqliteStore({ engine, bytes }))).toEqual(['store.newer-database']);
    }
  });

  it('refuses bytes that are not a database, and FTS5 bytes on an engine without FTS5', async () => {
    const junk = new TextEncoder().encode('this is not a sqlite database, just some text '.repeat(100));
    for (const engine of [wasm, sqljs]) expect(codes(await openSqliteStore({ engine, bytes: junk }))).toEqual(['store.not-a-database']);
    const s = unwrap(await openSqliteStore({ engine: wasm }));
    const bytes = await s.toBytes();
    await s.close();
    expect(codes(await openSqliteStore({ engine: sqljs, bytes }))).toEqual(['store.fts-unavailable']);
    const t = unwrap(await openSqliteStore({ engine: sqljs }));
    const fts4 = await t.toBytes();
    await t.close();
    expect(codes(await openSqliteStore({ engine: wasm, bytes: fts4 }))).toEqual(['store.fts-unavailable']);
  });

  it('numbers migrations 1..SCHEMA_VERSION, migration 1 being the seed schema', () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(Array.from({ length: SCHEMA_VERSION }, (_, i) => i + 1));
    expect(MIGRATIONS[0]!.sql('fts5')).toBe(MEMORY_STORE_SQL);
    expect(MIGRATIONS[0]!.sql('fts4')).toMatch(/USING fts4\(doc_id, title, headings, tags, body/);
  });

  it('decodes FTS4 %_stat varints', () => {
    expect(decodeFtsVarints(new Uint8Array([0x05, 0x96, 0x01, 0x00]))).toEqual([5, 150, 0]);
    expect(fts4Totals(new Uint8Array([0x02, 0x03, 0x04, 0x7f]), 2)).toEqual({ rows: 2, tokens: 7 });
  });
});
