import { type SqlRow, type SqliteEngine, type SqliteEngineFactory, cachedEngine, steppedAll } from './engine.js';

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
/** The sql.js module (what `await initSqlJs()` returns); memkit uses only the members of {@link SqlJsDatabase}. */
export interface SqlJsModule {
  Database: new (data?: any) => any;
}
// biome-ignore-end lint/suspicious/noExplicitAny: sql.js is untyped here

/**
 * The sql.js engine, over a module the caller initialized. The stock build has FTS4 only: the store then ranks with
 * FTS5's BM25 computed from `matchinfo`.
 *
 * @example
 * import initSqlJs from 'sql.js';
 * const store = unwrap(await openSqliteStore({ engine: sqlJs(await initSqlJs()) }));
 */
export function sqlJs(SQL: SqlJsModule): SqliteEngineFactory {
  return {
    name: 'sql.js',
    async open(bytes?: Uint8Array): Promise<SqliteEngine> {
      const db = new SQL.Database(bytes && bytes.length > 0 ? bytes : undefined) as SqlJsDatabase;
      return cachedEngine<SqlJsStatement>({
        name: 'sql.js',
        prepare: (sql) => db.prepare(sql),
        all: steppedAll(
          (stmt) => stmt.getAsObject() as SqlRow,
          (stmt) => stmt.reset(),
        ),
        changes: () => db.getRowsModified(),
        free: (stmt) => stmt.free(),
        // sql.js frees every prepared statement (and reopens the database) on export.
        exportFreesStatements: true,
        exec: (sql) => db.exec(sql),
        export: () => db.export(),
        close: () => db.close(),
      });
    },
  };
}
