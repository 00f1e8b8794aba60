// The PostgreSQL store beyond the conformance suite: schemas and migrations, text Postgres cannot hold,
// a failed statement inside a transaction, a database that goes away, concurrent writers on a server,
// and bundles (#7) exported from and imported into PostgreSQL stores through the Store port.
import { afterAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { type PgDatabase, fromPglite } from '../../../src/adapters/postgres/client.js';
import { PG_STORE_SCHEMA_VERSION, openPostgresStore } from '../../../src/adapters/postgres/store.js';
import { directoryMemory, exportBundle, importBundle } from '../../../src/services/exchange/index.js';
import { MemkitError, unwrap } from '../../../src/kernel/problems/index.js';
import { type Store, memoryStore, refreshIndex, storeFiles } from '../../../src/services/store/index.js';
import { expectSameRanking } from '../../conformance/store-conformance.js';
import { corpus, docFile, record } from '../../store/corpus.js';
import { describeServer, freshSchema, freshStore, pglite, serverPool } from './helpers.js';

/**
 * A transaction of 1,300 puts (the store sends them in batches): new docs, docs replaced within a batch and across
 * batches, docs committed before and replaced or deleted, with odd text in tags and headings. The store ends as one
 * written a call at a time, and reads inside the transaction see every write before them.
 */
async function batchedTransaction(db: PgDatabase): Promise<void> {
  const s = await freshStore(db);
  const ref = memoryStore();
  const docs = corpus(1000);
  const odd = { tags: ['a "quoted" tag', 'back\\slash', '{braces}', 'ünï', ''], headings: ['[1, 2]', 'null', '😀 heading'] };
  for (const d of docs.slice(0, 50)) {
    await s.putDoc(d);
    await ref.putDoc(d);
  }
  const writes = Array.from({ length: 1300 }, (_, i) => ({ ...docs[(i * 7) % docs.length]!, docId: i % 13 === 0 ? docs[i % 50]!.docId : `doc.${i % 900}`, ...(i % 11 === 0 ? odd : {}) }));
  await s.transaction(async (tx) => {
    for (const [k, d] of writes.entries()) {
      expect((await tx.putDoc(d)).ok).toBe(true);
      await ref.putDoc(d);
      if (k === 700) {
        expect(await tx.deleteDoc(docs[3]!.docId)).toBe(true);
        await ref.deleteDoc(docs[3]!.docId);
        expect((await tx.listHashes()).length).toBe((await ref.listHashes()).length);
      }
    }
  });
  expect(await s.listDocs()).toEqual(await ref.listDocs());
  for (const id of ['doc.0', 'doc.11', 'doc.899', docs[10]!.docId]) expect(await s.getDocRecord(id)).toEqual(await ref.getDocRecord(id));
  for (const q of ['test', 'memory index', 'vitest coverage', 'quoted', 'heading']) expectSameRanking(unwrap(await s.search(q, { limit: 50 })), unwrap(await ref.search(q, { limit: 50 })));
  const stats = (await db.query<{ docs: string; tokens: string }>(`SELECT docs::text, tokens::text FROM "${s.schema}".store_stats`)).rows[0]!;
  const counted = (await db.query<{ n: string; t: string }>(`SELECT count(*)::text AS n, sum(tokens)::text AS t FROM "${s.schema}".docs`)).rows[0]!;
  expect([stats.docs, stats.tokens]).toEqual([counted.n, counted.t]);
  await s.close();
}

const codes = (r: { ok: boolean; problems?: { code: string }[] }) => (r.problems ?? []).map((p) => p.code);
const thrownCodes = async (p: Promise<unknown>) => {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(MemkitError);
  return (e as MemkitError).problems.map((x) => x.code);
};

describe('postgres store (PGlite)', () => {
  const db = pglite();
  afterAll(() => db.close());

  it('writes the puts of a transaction in batches, ending as a store written one call at a time', { timeout: 60_000 }, () => batchedTransaction(db));

  it('refuses a schema name that is not a plain identifier, and one written by a newer memkit', async () => {
    for (const bad of ['', 'A', 'x-y', 'a"b', 'x'.repeat(64), 'drop table; --']) expect(codes(await openPostgresStore({ db, schema: bad }))).toEqual(['store.pg-bad-schema']);
    const schema = freshSchema();
    const s = unwrap(await openPostgresStore({ db, schema }));
    expect(s.schemaVersion).toBe(PG_STORE_SCHEMA_VERSION);
    await db.query(`UPDATE "${schema}".memkit_meta SET version = 99 WHERE component = 'store'`);
    expect(codes(await openPostgresStore({ db, schema }))).toEqual(['store.newer-database']);
    await db.query(`DROP SCHEMA "${schema}" CASCADE`);
  });

  it('keeps tenants in separate schemas of one database', async () => {
    const a = await freshStore(db);
    const b = await freshStore(db);
    await a.putDoc(record('fact.a', 'shared words alpha'));
    await b.putDoc(record('fact.b', 'shared words beta'));
    await a.putFile('x.md', new Uint8Array([1]));
    expect((await a.listDocs()).map((d) => d.docId)).toEqual(['fact.a']);
    expect(unwrap(await b.search('shared')).map((h) => h.docId)).toEqual(['fact.b']);
    expect(await b.getFile('x.md')).toBeUndefined();
    // Reopening a schema finds what is there (no second migration).
    const again = unwrap(await openPostgresStore({ db, schema: a.schema }));
    expect((await again.listDocs()).map((d) => d.docId)).toEqual(['fact.a']);
    await a.close();
    await b.close();
  });

  it('refuses text Postgres cannot hold (NUL, lone surrogates) with store.pg-unstorable-text, and finds no such ids', async () => {
    const s = await freshStore(db);
    for (const bad of [record('nul\u0000id', 'x'), record('ok', 'body \u0000 nul'), record('ok2', 'x', { tags: ['\ud800'] }), record('ok3', 'x', { headings: ['a\udc00'] })])
      expect(codes(await s.putDoc(bad))).toEqual(['store.pg-unstorable-text']);
    expect(codes(await s.appendLedger('l\u0000', '{"a":1}', '0'.repeat(64)))).toEqual(['store.pg-unstorable-text']);
    expect(codes(await s.putFile('a\ud800.md', new Uint8Array()))).toEqual(['store.pg-unstorable-text']);
    expect(await s.getDoc('nul\u0000id')).toBeUndefined();
    expect(await s.deleteDoc('\ud800')).toBe(false);
    expect(await s.readLedger('l\u0000')).toEqual([]);
    expect(codes(await s.addEdge('a\u0000', 'refers_to', 'b'))).toEqual(['store.edge-unknown-doc', 'store.edge-unknown-doc']);
    expect(await s.listDocs()).toEqual([]);
    // Astral characters are well-formed and stored as they are.
    const astral = record('fact.emoji', 'rocket 🚀 launch', { title: '𝒳 title' });
    expect((await s.putDoc(astral)).ok).toBe(true);
    expect(await s.getDocRecord('fact.emoji')).toEqual(astral);
    await s.close();
  });

  it('indexes and finds terms longer than a B-tree entry holds, ranked like the reference', async () => {
    const s = await freshStore(db);
    const ref = memoryStore();
    const long = 'x'.repeat(5000);
    const docs = [record('a', `${long} short`), record('b', `${long} ${long} other`), record('c', `${'y'.repeat(300)} short`)];
    for (const d of docs) {
      expect((await s.putDoc(d)).ok).toBe(true);
      await ref.putDoc(d);
    }
    for (const q of [long, `${long} short`, 'y'.repeat(300), 'short']) expectSameRanking(unwrap(await s.search(q)), unwrap(await ref.search(q)));
    expect(unwrap(await s.search(long)).map((h) => h.docId)).toEqual(['b', 'a']);
    await s.close();
  });

  it('fails the commit of a transaction in which a statement failed (Postgres rolled it back), leaving nothing', async () => {
    const s = await freshStore(db);
    await db.query(`CREATE OR REPLACE FUNCTION "${s.schema}".memkit_delete_doc(p_doc_id text) RETURNS boolean LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'broken'; END $$`);
    const err = await s
      .transaction(async (tx) => {
        expect((await tx.putDoc(record('fact.t', 'x'))).ok).toBe(true);
        // The caller swallows the failure and carries on: the commit must still refuse.
        expect(await thrownCodes(tx.deleteDoc('fact.t'))).toEqual(['store.engine-error']);
        expect(codes(await tx.putDoc(record('fact.u', 'y')))).toEqual(['store.engine-error']);
      })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MemkitError);
    expect((err as MemkitError).problems.map((p) => p.code)).toEqual(['store.pg-transaction-aborted']);
    expect(await s.listDocs()).toEqual([]);
    expect((await s.putDoc(record('fact.v', 'z'))).ok).toBe(true);
    await s.close();
  });

  it('reports a database that went away as store.pg-connection-lost: a Problem, never a hang', { timeout: 30_000 }, async () => {
    const own = fromPglite(new PGlite());
    const s = unwrap(await openPostgresStore({ db: own, schema: 'gone' }));
    await s.putDoc(record('fact.a', 'alpha'));
    await own.close();
    expect(codes(await s.search('alpha'))).toEqual(['store.pg-connection-lost']);
    expect(codes(await s.putDoc(record('fact.b', 'beta')))).toEqual(['store.pg-connection-lost']);
    expect(await thrownCodes(s.listDocs())).toEqual(['store.pg-connection-lost']);
    expect(await thrownCodes(s.transaction(async (tx) => tx.listDocs()))).toEqual(['store.pg-connection-lost']);
    expect(codes(await openPostgresStore({ db: own, schema: 'gone' }))).toEqual(['store.pg-connection-lost']);
  });

  it('exports a bundle from one Postgres store and imports it into another: the same files, the same docs', { timeout: 60_000 }, async () => {
    const a = await freshStore(db);
    const b = await freshStore(db);
    const enc = new TextEncoder();
    const files = storeFiles(a);
    for (const [i, d] of corpus(12).entries()) await files.write(`.thunderus/memory/semantic/FACTS/f${i}.md`, enc.encode(docFile(d.docId, d.body, { title: d.title })));
    await files.write('memory-bank/notes.md', enc.encode('# notes\n'));
    const indexedA = await refreshIndex(a, files);
    expect(indexedA.problems).toEqual([]);
    const exported = unwrap(await exportBundle(directoryMemory(storeFiles(a)), { agentId: 'pg-a' }));
    let text = '';
    for await (const chunk of exported.chunks()) text += chunk;
    const imported = await importBundle(text, directoryMemory(storeFiles(b)));
    expect(imported.ok).toBe(true);
    expect(await b.listFiles('')).toEqual(await a.listFiles(''));
    for (const path of await a.listFiles('')) expect(await b.getFile(path)).toEqual(await a.getFile(path));
    await refreshIndex(b, storeFiles(b));
    expect(await b.listDocs()).toEqual(await a.listDocs());
    expectSameRanking(unwrap(await b.search('test memory', { match: 'any' })), unwrap(await a.search('test memory', { match: 'any' })));
    await a.close();
    await b.close();
  });
});

describeServer('postgres store on a real server', () => {
  const { db, pool } = serverPool();
  afterAll(() => db.close());

  it('writes the puts of a transaction in batches, ending as a store written one call at a time', { timeout: 60_000 }, () => batchedTransaction(db));

  it('reports a terminated backend (pg_terminate_backend) as store.pg-connection-lost, rolls back, and keeps working', { timeout: 30_000 }, async () => {
    const s = await freshStore(db);
    await s.putDoc(record('fact.keep', 'kept'));
    const err = await s
      .transaction(async (tx) => {
        await tx.putDoc(record('fact.lost', 'lost'));
        const pid = (await pool.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE state LIKE 'idle in transaction%' AND datname = current_database()")).rows.map((r) => r.pid);
        expect(pid.length).toBeGreaterThan(0);
        const killer = serverPool();
        await killer.pool.query('SELECT pg_terminate_backend(p) FROM unnest($1::int[]) AS p', [pid]);
        await killer.pool.end();
        await tx.putDoc(record('fact.after', 'after'));
      })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MemkitError);
    expect((err as MemkitError).problems.map((p) => p.code)).toEqual(['store.pg-transaction-aborted']);
    expect((err as MemkitError).problems[0]!.message).toMatch(/connection ended/);
    expect((await s.listDocs()).map((d) => d.docId)).toEqual(['fact.keep']);
    expect((await s.putDoc(record('fact.next', 'next'))).ok).toBe(true);
    await s.close();
  });

  it('keeps postings and statistics right under two connection pools writing the same docs at once', { timeout: 60_000 }, async () => {
    const schema = freshSchema();
    const other = serverPool();
    const a = await freshStore(db, schema);
    const b = unwrap(await openPostgresStore({ db: other.db, schema }));
    const docs = corpus(90);
    const write = async (s: Store, offset: number) => {
      for (let i = 0; i < 30; i++) {
        const d = { ...docs[(i + offset) % 90]!, docId: `doc.${i}` };
        await s.putDoc(d);
        if (i % 7 === offset % 7) await s.deleteDoc(`doc.${(i + 3) % 30}`);
      }
    };
    await Promise.all([write(a, 30), write(b, 60), write(a, 0)]);
    const fresh = memoryStore();
    for (const d of await a.listDocs()) await fresh.putDoc((await a.getDocRecord(d.docId))!);
    for (const q of ['test', 'memory index', 'vitest coverage']) expectSameRanking(unwrap(await b.search(q, { limit: 50 })), unwrap(await fresh.search(q, { limit: 50 })));
    await other.db.close();
    await a.close();
  });
});
