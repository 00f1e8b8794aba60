// An FTS5-enabled sql.js build (fts5-sql-bundle, SQLite 3.49) injected as the engine: memkit
// detects ENABLE_FTS5 and uses the seed's FTS5 table, exactly as on sqlite-wasm.
import { fts5SqlJs, runSqliteConformance } from './sqlite-conformance.js';

runSqliteConformance('sqlite on an FTS5-enabled sql.js build', await fts5SqlJs(), 'fts5');
