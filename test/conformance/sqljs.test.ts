import initSqlJs from 'sql.js';
import { openSqliteStore, sqlJs } from '../../src/adapters/sqlite/index.js';
import { unwrap } from '../../src/problems/index.js';
import { runStoreConformance } from './store-conformance.js';

const engine = sqlJs(await initSqlJs());
runStoreConformance('sqlite on sql.js (FTS4 + FTS5 BM25 from matchinfo)', async () => unwrap(await openSqliteStore({ engine })), {
  search: true,
  advancedSearch: true,
  persistence: true,
  transactions: true,
  fulltext: 'fts4',
  reopen: async (bytes) => unwrap(await openSqliteStore({ engine, bytes })),
  numRuns: 10,
});
