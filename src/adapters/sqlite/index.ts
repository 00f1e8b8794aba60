/**
 * `memkit/sqlite`: the memory store on SQLite, with three engines
 * (`@sqlite.org/sqlite-wasm`, loaded lazily on first open; an injected sql.js;
 * and, in Node, an injected better-sqlite3). Importing this entry loads no
 * WASM and no native module.
 * The curated list, one line per name, is docs/api-surface.md.
 * @packageDocumentation
 */
export type { SqlRow, SqlValue, SqliteEngine, SqliteEngineFactory } from './engine.js';
export { type SqliteWasmModule, type SqliteWasmOptions, sqliteWasm } from './sqlite-wasm-engine.js';
export { type SqlJsDatabase, type SqlJsModule, type SqlJsStatement, sqlJs } from './sqljs-engine.js';
export { type BetterSqlite3Constructor, type BetterSqlite3Database, type BetterSqlite3Statement, betterSqlite3 } from './better-sqlite3-engine.js';
export { FTS5_HASH_BYTES, type FtsFlavor, SCHEMA_VERSION } from './migrations.js';
export { type SqliteStore, type SqliteStoreOptions, openSqliteStore } from './sqlite-store.js';
