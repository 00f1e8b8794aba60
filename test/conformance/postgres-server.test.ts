// The conformance suite on the PostgreSQL store over a real server (pg driver): runs when MEMKIT_PG_URL is set.
import { afterAll } from 'vitest';
import { describeServer, freshStore, serverPool } from '../adapters/postgres/helpers.js';
import { runStoreConformance } from './store-conformance.js';

describeServer('postgres server', () => {
  const { db } = serverPool();
  afterAll(() => db.close());
  runStoreConformance('postgres on a server (pg)', () => freshStore(db), {
    search: true,
    ranking: 'bm25',
    advancedSearch: false,
    persistence: false,
    transactions: true,
    fulltext: 'postings',
    numRuns: 10,
  });
});
