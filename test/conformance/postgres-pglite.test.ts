// The conformance suite on the PostgreSQL store over PGlite (Postgres in WASM, in-process): runs in every `npm test`.
import { afterAll } from 'vitest';
import { freshStore, pglite } from '../adapters/postgres/helpers.js';
import { runStoreConformance } from './store-conformance.js';

const db = pglite();
afterAll(() => db.close());

runStoreConformance('postgres on PGlite', () => freshStore(db), { search: true, ranking: 'bm25', advancedSearch: false, persistence: false, transactions: true, fulltext: 'postings', numRuns: 10 });
