/**
 * `memkit/sqlite`: the memory store on SQLite, with two engines
 * (`@sqlite.org/sqlite-wasm`, loaded lazily on first open, and an injected
 * sql.js). Importing this entry loads no WASM.
 * The curated list, one line per name, is docs/api-surface.md.
 * @packageDocumentation
 */
export type { SqlRow, SqlValue, SqliteEngine, SqliteEngineFactory } from './engine.js';
export { type SqliteWasmOptions, sqliteWasm } from './sqlite-wasm-engine.js';
export { type SqlJsDatabase, type SqlJsModule, type SqlJsStatement, sqlJs } from './sqljs-engine.js';
export { FTS5_HASH_BYTES, type FtsFlavor, SCHEMA_VERSION } from './migrations.js';
export { type SqliteStore, type SqliteStoreOptions, openSqliteStore } from './sqlite-store.js';
