import type { Database, PreparedStatement, Sqlite3Static } from '@sqlite.org/sqlite-wasm';
import { type SqlRow, type SqlValue, type SqliteEngine, type SqliteEngineFactory, runTransaction } from './engine.js';

/** Options of {@link sqliteWasm}. */
export interface SqliteWasmOptions {
  /**
   * Supplies an initialized sqlite3 module instead of importing
   * `@sqlite.org/sqlite-wasm` (e.g. one initialized with a custom `locateFile`).
   */
  init?: () => Promise<Sqlite3Static>;
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

class WasmEngine implements SqliteEngine {
  readonly name = 'sqlite-wasm';
  private readonly statements = new Map<string, PreparedStatement>();

  constructor(
    private readonly sqlite3: Sqlite3Static,
    private readonly db: Database,
  ) {}

  compileOptions(): string[] {
    return this.query('PRAGMA compile_options').map((r) => String(Object.values(r)[0]));
  }

  exec(sql: string): void {
    this.db.exec(sql);
  }

  private prepare(sql: string): PreparedStatement {
    let stmt = this.statements.get(sql);
    if (stmt === undefined) {
      stmt = this.db.prepare(sql);
      this.statements.set(sql, stmt);
    }
    return stmt;
  }

  query(sql: string, params: readonly SqlValue[] = []): SqlRow[] {
    const stmt = this.prepare(sql);
    try {
      if (params.length > 0) stmt.bind(params as never);
      const rows: SqlRow[] = [];
      while (stmt.step()) rows.push(stmt.get({}) as SqlRow);
      return rows;
    } finally {
      stmt.reset(true);
    }
  }

  run(sql: string, params: readonly SqlValue[] = []): number {
    const stmt = this.prepare(sql);
    try {
      if (params.length > 0) stmt.bind(params as never);
      while (stmt.step()) {
        // drain
      }
    } finally {
      stmt.reset(true);
    }
    return this.sqlite3.capi.sqlite3_changes(this.db.pointer!);
  }

  transaction<T>(fn: () => T): T {
    return runTransaction((s) => this.exec(s), fn);
  }

  export(): Uint8Array {
    return this.sqlite3.capi.sqlite3_js_db_export(this.db.pointer!);
  }

  close(): void {
    for (const s of this.statements.values()) s.finalize();
    this.statements.clear();
    this.db.close();
  }
}

/**
 * The default engine: SQLite 3.54 compiled to WebAssembly
 * (`@sqlite.org/sqlite-wasm`, with FTS5). The module is imported and its WASM
 * instantiated on the first `open`, once per process; importing `memkit/sqlite`
 * loads nothing.
 *
 * @example const store = unwrap(await openSqliteStore({ engine: sqliteWasm() }));
 */
export function sqliteWasm(options: SqliteWasmOptions = {}): SqliteEngineFactory {
  return {
    name: 'sqlite-wasm',
    async open(bytes?: Uint8Array): Promise<SqliteEngine> {
      const sqlite3 = await (options.init ?? loadDefault)();
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
      return new WasmEngine(sqlite3, db);
    },
  };
}
