import initSqlJs from 'sql.js';
import { sqlJs } from '../../src/adapters/sqlite/index.js';
import { runSqliteConformance } from './sqlite-conformance.js';

runSqliteConformance('sqlite on sql.js (FTS4 + FTS5 BM25 from matchinfo)', sqlJs(await initSqlJs()), 'fts4');
