// The conformance suite on the SQLite store over one engine: every capability on, reopen from bytes.
import { type SqliteEngineFactory, openSqliteStore } from '../../src/adapters/sqlite/index.js';
import { unwrap } from '../../src/problems/index.js';
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
