/**
 * `memkit/sqlite`: the memory store on SQLite, with two engines
 * (`@sqlite.org/sqlite-wasm`, loaded lazily on first open, and an injected
 * sql.js). Importing this entry loads no WASM.
 * @packageDocumentation
 */
export * from './engine.js';
export * from './sqlite-wasm-engine.js';
export * from './sqljs-engine.js';
export * from './migrations.js';
export * from './fts4-bm25.js';
export * from './sqlite-store.js';
