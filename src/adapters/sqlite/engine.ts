/** A value SQLite stores: TEXT, INTEGER/REAL, BLOB or NULL. */
export type SqlValue = string | number | bigint | Uint8Array | null;

/** One result row, keyed by column name. */
export type SqlRow = Record<string, SqlValue | undefined>;

/**
 * The minimal engine port the SQLite store runs on: synchronous calls on one
 * open database. `run`/`query` cache prepared statements by SQL text, so
 * callers pass constant SQL and bind values as parameters.
 */
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

/** Opens databases on one engine: empty, or from SQLite file bytes. */
export interface SqliteEngineFactory {
  readonly name: string;
  open(bytes?: Uint8Array): Promise<SqliteEngine>;
}

/** A BEGIN/COMMIT/ROLLBACK wrapper shared by the engines. */
export function runTransaction<T>(exec: (sql: string) => void, fn: () => T): T {
  exec('BEGIN');
  let result: T;
  try {
    result = fn();
  } catch (e) {
    try {
      exec('ROLLBACK');
    } catch {
      // the engine may already have rolled back
    }
    throw e;
  }
  exec('COMMIT');
  return result;
}
