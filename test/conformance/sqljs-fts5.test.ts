// An FTS5-enabled sql.js build (fts5-sql-bundle, SQLite 3.49) injected as the engine: memkit
// detects ENABLE_FTS5 and uses the seed's FTS5 table, exactly as on sqlite-wasm.
import * as fts5Bundle from 'fts5-sql-bundle';
import { type SqlJsModule, sqlJs } from '../../src/adapters/sqlite/index.js';
import { runSqliteConformance } from './sqlite-conformance.js';

// A CommonJS module that sets `exports.default`: loaders put the function one or two `default`s deep.
const mod = fts5Bundle as unknown as { default: unknown };
const initFts5SqlJs = (typeof mod.default === 'function' ? mod.default : (mod.default as { default: unknown }).default) as () => Promise<SqlJsModule>;

runSqliteConformance('sqlite on an FTS5-enabled sql.js build', sqlJs(await initFts5SqlJs()), 'fts5');
