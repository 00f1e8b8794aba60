/** A value SQLite stores: TEXT, INTEGER/REAL, BLOB or NULL. */
export type SqlValue = string | number | bigint | Uint8Array | null;

/** One result row, keyed by column name. */
export type SqlRow = Record<string, SqlValue | undefined>;

/** The engine port the SQLite store runs on: synchronous calls on one open database, prepared statements cached by SQL text. */
export interface SqliteEngine {
  /** `sqlite-wasm`, `sql.js`, or an adapter's own name. */
  readonly name: string;
  /** `PRAGMA compile_options`, e.g. `['ENABLE_FTS5', ...]`. */
  compileOptions(): string[];
  /** Runs one or more statements without parameters. */
  exec(sql: string): void;
  /** Runs one statement with positional parameters and returns its rows. */
  query(sql: string, params?: readonly SqlValue[]): SqlRow[];
  /** Runs one statement with positional parameters; returns the number of rows changed. */
  run(sql: string, params?: readonly SqlValue[]): number;
  /** Runs `fn` inside BEGIN/COMMIT, rolling back if it throws. */
  transaction<T>(fn: () => T): T;
  /** The whole database as SQLite file bytes. */
  export(): Uint8Array;
  /** Closes the database; the engine is unusable afterwards. */
  close(): void;
}

/** Opens databases on one engine: empty, or from SQLite file bytes, or (engines with file access) a database file in place. */
export interface SqliteEngineFactory {
  readonly name: string;
  open(bytes?: Uint8Array): Promise<SqliteEngine>;
  /**
   * Opens the existing database file at `path` in place: pages are read as queries need them, and each commit
   * writes to the file (SQLite's rollback journal keeps it whole across a crash). Only engines with file access
   * have it (better-sqlite3); it rejects when the file does not exist.
   */
  openFile?(path: string): Promise<SqliteEngine>;
}

/** The calls of one SQLite binding on one open database that {@link cachedEngine} builds an engine from. */
export interface Binding<S> {
  name: string;
  prepare(sql: string): S;
  /** Runs a prepared statement with `params` to its end and readies it for the next run; its rows. */
  all(stmt: S, params: readonly SqlValue[]): SqlRow[];
  /** Rows changed by the last statement. */
  changes(): number;
  /** Frees a statement on close (omitted: the binding frees them itself). */
  free?(stmt: S): void;
  /** The binding frees every prepared statement when it exports (sql.js). */
  exportFreesStatements?: boolean;
  exec(sql: string): void;
  export(): Uint8Array;
  close(): void;
}

/** The engine port over a binding: each SQL text is prepared once and its statement reused. */
export function cachedEngine<S>(b: Binding<S>): SqliteEngine {
  const statements = new Map<string, S>();
  const prepared = (sql: string): S => {
    let stmt = statements.get(sql);
    if (stmt === undefined) {
      stmt = b.prepare(sql);
      statements.set(sql, stmt);
    }
    return stmt;
  };
  const query = (sql: string, params: readonly SqlValue[] = []) => b.all(prepared(sql), params);
  return {
    name: b.name,
    compileOptions: () => query('PRAGMA compile_options').map((r) => String(Object.values(r)[0])),
    exec: (sql) => b.exec(sql),
    query,
    run(sql, params = []) {
      b.all(prepared(sql), params);
      return b.changes();
    },
    transaction<T>(fn: () => T): T {
      b.exec('BEGIN');
      let result: T;
      try {
        result = fn();
      } catch (e) {
        try {
          b.exec('ROLLBACK');
        } catch {
          // the engine may already have rolled back
        }
        throw e;
      }
      b.exec('COMMIT');
      return result;
    },
    export() {
      if (b.exportFreesStatements) statements.clear();
      return b.export();
    },
    close() {
      if (b.free) for (const s of statements.values()) b.free(s);
      statements.clear();
      b.close();
    },
  };
}

/** {@link Binding.all} for statements that bind, step and reset (sqlite-wasm's oo1, sql.js): `row` reads the current row. */
export function steppedAll<S extends { bind(values: never): unknown; step(): boolean }>(row: (stmt: S) => SqlRow, reset: (stmt: S) => void): Binding<S>['all'] {
  return (stmt, params) => {
    try {
      if (params.length > 0) stmt.bind(params as never);
      const rows: SqlRow[] = [];
      while (stmt.step()) rows.push(row(stmt));
      return rows;
    } finally {
      reset(stmt);
    }
  };
}
