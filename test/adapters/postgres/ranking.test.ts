// One ranking on every engine: the shared query set of the SQLite cross-engine test (corpus(200, 3, 150),
// queries(20, 5), the same three option sets), top 10 on sqlite-wasm, sql.js (FTS4), PGlite and, when
// MEMKIT_PG_URL is set, a real server: the same ids in the same order, scores equal within 1e-9.
import initSqlJs from 'sql.js';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqliteStore, sqlJs, sqliteWasm } from '../../../src/adapters/sqlite/index.js';
import { unwrap } from '../../../src/kernel/problems/index.js';
import type { SearchOptions, Store } from '../../../src/services/store/index.js';
import { expectSameRanking } from '../../conformance/store-conformance.js';
import { corpus, queries } from '../../store/corpus.js';
import { describeServer, freshStore, pglite, serverPool } from './helpers.js';

const docs = corpus(200, 3, 150);
const OPTIONS: SearchOptions[] = [{ limit: 10 }, { limit: 10, match: 'any' }, { limit: 5, kinds: ['fact', 'adr'] }, { limit: 10, tags: ['beta'] }];

async function loaded(store: Store): Promise<Store> {
  await store.transaction(async (tx) => {
    for (const d of docs) await tx.putDoc(d);
  });
  return store;
}

/** Every query and option set on `stores`, compared with the first; returns how many hits were compared. */
async function compareAll(stores: Store[]): Promise<number> {
  let compared = 0;
  for (const q of queries(20, 5)) {
    for (const options of OPTIONS) {
      const [ref, ...others] = await Promise.all(stores.map(async (s) => unwrap(await s.search(q, options))));
      for (const hits of others) expectSameRanking(hits!, ref!);
      compared += ref!.length;
    }
  }
  return compared;
}

describe('one ranking across engines', () => {
  const pgl = pglite();
  afterAll(() => pgl.close());

  it('ranks the shared query set identically on sqlite-wasm, sql.js and Postgres (PGlite)', { timeout: 60_000 }, async () => {
    const stores = [
      await loaded(unwrap(await openSqliteStore({ engine: sqliteWasm() }))),
      await loaded(unwrap(await openSqliteStore({ engine: sqlJs(await initSqlJs()) }))),
      await loaded(await freshStore(pgl)),
    ];
    expect(stores.map((s) => s.capabilities.fulltext)).toEqual(['fts5', 'fts4', 'postings']);
    expect(await compareAll(stores)).toBeGreaterThan(300);
    for (const s of stores) await s.close();
  });

  it('keeps the ranking after replacements and deletions (postings and statistics follow every write)', { timeout: 60_000 }, async () => {
    const stores = [await loaded(unwrap(await openSqliteStore({ engine: sqliteWasm() }))), await loaded(await freshStore(pgl))];
    for (const s of stores) {
      for (let i = 0; i < 60; i += 3) await s.deleteDoc(docs[i]!.docId);
      for (let i = 1; i < 60; i += 3) await s.putDoc({ ...docs[i + 100]!, docId: docs[i]!.docId });
    }
    expect(await compareAll(stores)).toBeGreaterThan(200);
    for (const s of stores) await s.close();
  });
});

describeServer('one ranking across engines, with a real server', () => {
  const { db } = serverPool();
  afterAll(() => db.close());

  it('ranks the shared query set identically on sqlite-wasm and the server', { timeout: 60_000 }, async () => {
    const stores = [await loaded(unwrap(await openSqliteStore({ engine: sqliteWasm() }))), await loaded(await freshStore(db))];
    expect(await compareAll(stores)).toBeGreaterThan(300);
    for (const s of stores) await s.close();
  });
});
