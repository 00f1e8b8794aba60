// The native engine (better-sqlite3, SQLite with FTS5) injected as the engine: same schema, same
// ranking, same suite as sqlite-wasm. `memkit index` may write a database on one engine and
// read it on the other (better-sqlite3 is optional), so the files must cross both ways.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { type SqliteEngineFactory, betterSqlite3, openSqliteStore, sqliteWasm } from '../../src/adapters/sqlite/index.js';
import { unwrap } from '../../src/kernel/problems/index.js';
import { corpus, queries } from '../store/corpus.js';
import { expectSameRanking } from './store-conformance.js';
import { runSqliteConformance } from './sqlite-conformance.js';

runSqliteConformance('sqlite on better-sqlite3 (native, FTS5)', betterSqlite3(Database), 'fts5');

describe('better-sqlite3 and sqlite-wasm databases are interchangeable', () => {
  const native = betterSqlite3(Database);
  const wasm = sqliteWasm();
  const cross = async (from: SqliteEngineFactory, to: SqliteEngineFactory) => {
    const s = unwrap(await openSqliteStore({ engine: from }));
    for (const d of corpus(60)) await s.putDoc(d);
    const t = unwrap(await openSqliteStore({ engine: to, bytes: await s.toBytes() }));
    try {
      expect(await t.listDocs()).toEqual(await s.listDocs());
      for (const q of queries(15)) expectSameRanking(unwrap(await t.search(q, { limit: 10 })), unwrap(await s.search(q, { limit: 10 })));
    } finally {
      await s.close();
      await t.close();
    }
  };
  it('opens a native database on sqlite-wasm with the same docs and rankings', () => cross(native, wasm));
  it('opens a sqlite-wasm database natively with the same docs and rankings', () => cross(wasm, native));
});
