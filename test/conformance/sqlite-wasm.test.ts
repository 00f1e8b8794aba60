import { openSqliteStore, sqliteWasm } from '../../src/adapters/sqlite/index.js';
import { unwrap } from '../../src/problems/index.js';
import { runStoreConformance } from './store-conformance.js';

const engine = sqliteWasm();
runStoreConformance('sqlite on @sqlite.org/sqlite-wasm (FTS5)', async () => unwrap(await openSqliteStore({ engine })), {
  search: true,
  advancedSearch: true,
  persistence: true,
  transactions: true,
  fulltext: 'fts5',
  reopen: async (bytes) => unwrap(await openSqliteStore({ engine, bytes })),
  numRuns: 10,
});
