import { CachedStatementEngine } from './cached-engine.js';
import type { SqlRow, SqlValue, SqliteEngine, SqliteEngineFactory } from './engine.js';

/** The part of a sql.js statement memkit uses. */
export interface SqlJsStatement {
  bind(values?: unknown[]): boolean;
  step(): boolean;
  getAsObject(): Record<string, unknown>;
  reset(): void;
  free(): boolean;
}

/** The part of a sql.js `Database` memkit uses. */
export interface SqlJsDatabase {
  exec(sql: string): unknown;
  prepare(sql: string): SqlJsStatement;
  getRowsModified(): number;
  export(): Uint8Array;
  close(): void;
}

// biome-ignore-start lint/suspicious/noExplicitAny: sql.js is untyped here; callers need not install its type package
/**
 * The sql.js module, i.e. what `await initSqlJs()` returns. Typed loosely so
 * callers need not install sql.js's type package; memkit uses only the
 * members of {@link SqlJsDatabase}.
 */
export interface SqlJsModule {
  Database: new (data?: any) => any;
}
// biome-ignore-end lint/suspicious/noExplicitAny: sql.js is untyped here

class SqlJsEngine extends CachedStatementEngine<SqlJsStatement> {
  readonly name = 'sql.js';

  constructor(private readonly db: SqlJsDatabase) {
    super();
  }

  exec(sql: string): void {
    this.db.exec(sql);
  }

  protected prepareStatement(sql: string): SqlJsStatement {
    return this.db.prepare(sql);
  }

  protected bind(stmt: SqlJsStatement, params: readonly SqlValue[]): void {
    stmt.bind(params as unknown[]);
  }

  protected step(stmt: SqlJsStatement): boolean {
    return stmt.step();
  }

  protected row(stmt: SqlJsStatement): SqlRow {
    return stmt.getAsObject() as SqlRow;
  }

  protected reset(stmt: SqlJsStatement): void {
    stmt.reset();
  }

  protected free(stmt: SqlJsStatement): void {
    stmt.free();
  }

  protected changes(): number {
    return this.db.getRowsModified();
  }

  protected closeDatabase(): void {
    this.db.close();
  }

  export(): Uint8Array {
    // sql.js frees every prepared statement (and reopens the database) on export.
    this.forgetStatements();
    return this.db.export();
  }
}

/**
 * The sql.js engine, over a module the caller initialized (`await initSqlJs()`).
 * The stock sql.js build has FTS4 but no FTS5; the store then ranks with FTS5's
 * BM25 formula computed from `matchinfo`. An FTS5-enabled build uses FTS5.
 *
 * @example
 * import initSqlJs from 'sql.js';
 * const store = unwrap(await openSqliteStore({ engine: sqlJs(await initSqlJs()) }));
 */
export function sqlJs(SQL: SqlJsModule): SqliteEngineFactory {
  return {
    name: 'sql.js',
    async open(bytes?: Uint8Array): Promise<SqliteEngine> {
      return new SqlJsEngine(new SQL.Database(bytes && bytes.length > 0 ? bytes : undefined) as SqlJsDatabase);
    },
  };
}
