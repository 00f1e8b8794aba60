import { sqliteWasm } from '../../src/adapters/sqlite/index.js';
import { runSqliteConformance } from './sqlite-conformance.js';

runSqliteConformance('sqlite on @sqlite.org/sqlite-wasm (FTS5)', sqliteWasm(), 'fts5');
