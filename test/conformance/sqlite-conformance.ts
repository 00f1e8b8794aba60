// The conformance suite on the SQLite store over one engine: every capability on, reopen from bytes.
import { type SqlJsModule, type SqliteEngineFactory, openSqliteStore, sqlJs } from '../../src/adapters/sqlite/index.js';
import { unwrap } from '../../src/kernel/problems/index.js';
import { runStoreConformance } from './store-conformance.js';

/** Registers the suite for `openSqliteStore({ engine })`, expecting `fulltext` to be detected. */
export function runSqliteConformance(name: string, engine: SqliteEngineFactory, fulltext: 'fts5' | 'fts4'): void {
  runStoreConformance(name, async () => unwrap(await openSqliteStore({ engine })), {
    search: true,
    advancedSearch: true,
    persistence: true,
    transactions: true,
    fulltext,
    reopen: async (bytes) => unwrap(await openSqliteStore({ engine, bytes })),
    numRuns: 10,
  });
}

/** The FTS5-enabled sql.js build (fts5-sql-bundle): a CommonJS module whose init function sits one or two `default`s deep. */
export async function fts5SqlJs(): Promise<SqliteEngineFactory> {
  const mod = (await import('fts5-sql-bundle')) as unknown as { default: unknown };
  const init = (typeof mod.default === 'function' ? mod.default : (mod.default as { default: unknown }).default) as () => Promise<SqlJsModule>;
  return sqlJs(await init());
}
