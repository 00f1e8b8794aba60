import { memoryStore } from '../../src/services/store/index.js';
import { runStoreConformance } from './store-conformance.js';

runStoreConformance('in-memory', async () => memoryStore(), { search: true, advancedSearch: false, persistence: false, transactions: true, fulltext: 'scan', numRuns: 20 });
