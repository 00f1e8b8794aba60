import type { Database, PreparedStatement, Sqlite3Static } from '@sqlite.org/sqlite-wasm';
import { type SqlRow, type SqlValue, type SqliteEngine, type SqliteEngineFactory, cachedEngine, steppedAll } from './engine.js';

/**
 * An initialized `@sqlite.org/sqlite-wasm` module (`Sqlite3Static`, what its default export
 * resolves to), named by the namespaces it has: that package's declarations need the `DOM` lib
 * (`Worker`, `WebAssembly`), so naming its type here would fail a consumer compiling without it.
 */
export interface SqliteWasmModule {
  readonly capi: object;
  readonly oo1: object;
  readonly wasm: object;
  readonly version: object;
}

/** Options of {@link sqliteWasm}. */
export interface SqliteWasmOptions {
  /** An initialized sqlite3 module to use instead of importing `@sqlite.org/sqlite-wasm` (e.g. with a custom `locateFile`). */
  init?: () => Promise<SqliteWasmModule>;
}

let shared: Promise<Sqlite3Static> | undefined;

// The WASM is loaded on the first `open`, never at import time.
function loadDefault(): Promise<Sqlite3Static> {
  shared ??= import('@sqlite.org/sqlite-wasm').then((m) => {
    const init = m.default as unknown as (options: { print: (s: string) => void; printErr: (s: string) => void }) => Promise<Sqlite3Static>;
    return init({ print: () => {}, printErr: () => {} }).then((sqlite3) => {
      // oo1 logs every failed step as a warning; failures reach callers as errors anyway.
      const config = (sqlite3 as unknown as { config?: Record<string, unknown> }).config;
      if (config) config.warn = () => {};
      return sqlite3;
    });
  });
  return shared;
}

function wasmEngine(sqlite3: Sqlite3Static, db: Database): SqliteEngine {
  // Column names per statement: oo1's `get({})` asks SQLite for every name on every row.
  const columnNames = new WeakMap<PreparedStatement, string[]>();
  const values: SqlValue[] = [];
  const row = (stmt: PreparedStatement): SqlRow => {
    let names = columnNames.get(stmt);
    if (names === undefined) {
      names = stmt.getColumnNames([]);
      columnNames.set(stmt, names);
    }
    const got = stmt.get(values) as SqlValue[];
    const out: SqlRow = {};
    for (let i = 0; i < names.length; i++) out[names[i]!] = got[i];
    return out;
  };
  return cachedEngine<PreparedStatement>({
    name: 'sqlite-wasm',
    prepare: (sql) => db.prepare(sql),
    all: steppedAll(row, (stmt) => stmt.reset(true)),
    changes: () => sqlite3.capi.sqlite3_changes(db.pointer!),
    free: (stmt) => stmt.finalize(),
    exec: (sql) => db.exec(sql),
    export: () => sqlite3.capi.sqlite3_js_db_export(db.pointer!),
    close: () => db.close(),
  });
}

/**
 * The default engine: SQLite 3.54 in WebAssembly (`@sqlite.org/sqlite-wasm`, with FTS5), imported and instantiated
 * on the first `open`, once per process; importing `memkit/sqlite` loads nothing.
 *
 * @example const store = unwrap(await openSqliteStore({ engine: sqliteWasm() }));
 */
export function sqliteWasm(options: SqliteWasmOptions = {}): SqliteEngineFactory {
  return {
    name: 'sqlite-wasm',
    async open(bytes?: Uint8Array): Promise<SqliteEngine> {
      // The module's own type, which `SqliteWasmModule` stands for in the public declarations.
      const sqlite3 = (await (options.init ?? loadDefault)()) as Sqlite3Static;
      const db = new sqlite3.oo1.DB(':memory:', 'c');
      if (bytes !== undefined && bytes.length > 0) {
        const capi = sqlite3.capi;
        const p = sqlite3.wasm.allocFromTypedArray(bytes);
        const rc = capi.sqlite3_deserialize(db.pointer!, 'main', p, bytes.length, bytes.length, capi.SQLITE_DESERIALIZE_FREEONCLOSE | capi.SQLITE_DESERIALIZE_RESIZEABLE);
        if (rc !== 0) {
          db.close();
          throw new Error(`sqlite3_deserialize failed with code ${rc}`);
        }
      }
      return wasmEngine(sqlite3, db);
    },
  };
}
