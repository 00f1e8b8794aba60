import { type SqlRow, type SqlValue, type SqliteEngine, type SqliteEngineFactory, runTransaction } from './engine.js';

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

/**
 * The sql.js module, i.e. what `await initSqlJs()` returns. Typed loosely so
 * callers need not install sql.js's type package; memkit uses only the
 * members of {@link SqlJsDatabase}.
 */
export interface SqlJsModule {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  Database: new (data?: any) => any;
}

class SqlJsEngine implements SqliteEngine {
  readonly name = 'sql.js';
  private statements = new Map<string, SqlJsStatement>();

  constructor(private readonly db: SqlJsDatabase) {}

  compileOptions(): string[] {
    return this.query('PRAGMA compile_options').map((r) => String(Object.values(r)[0]));
  }

  exec(sql: string): void {
    this.db.exec(sql);
  }

  private prepare(sql: string): SqlJsStatement {
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
      if (params.length > 0) stmt.bind(params as unknown[]);
      const rows: SqlRow[] = [];
      while (stmt.step()) rows.push(stmt.getAsObject() as SqlRow);
      return rows;
    } finally {
      stmt.reset();
    }
  }

  run(sql: string, params: readonly SqlValue[] = []): number {
    const stmt = this.prepare(sql);
    try {
      if (params.length > 0) stmt.bind(params as unknown[]);
      while (stmt.step()) {
        // drain
      }
    } finally {
      stmt.reset();
    }
    return this.db.getRowsModified();
  }

  transaction<T>(fn: () => T): T {
    return runTransaction((s) => this.exec(s), fn);
  }

  export(): Uint8Array {
    // sql.js frees every prepared statement (and reopens the database) on export.
    this.statements.clear();
    return this.db.export();
  }

  close(): void {
    for (const s of this.statements.values()) s.free();
    this.statements.clear();
    this.db.close();
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
