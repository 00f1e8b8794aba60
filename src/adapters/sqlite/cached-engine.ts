import { type SqlRow, type SqlValue, type SqliteEngine, runTransaction } from './engine.js';

/**
 * The engine port over a driver with prepared statements: statements are
 * prepared once per SQL text and reused, and `query`/`run`/`transaction`/
 * `close` are written once. A driver supplies only the calls that differ
 * between SQLite bindings.
 */
export abstract class CachedStatementEngine<S> implements SqliteEngine {
  abstract readonly name: string;
  private readonly statements = new Map<string, S>();

  protected abstract prepareStatement(sql: string): S;
  protected abstract bind(stmt: S, params: readonly SqlValue[]): void;
  protected abstract step(stmt: S): boolean;
  protected abstract row(stmt: S): SqlRow;
  protected abstract reset(stmt: S): void;
  protected abstract free(stmt: S): void;
  /** Rows changed by the last statement. */
  protected abstract changes(): number;
  protected abstract closeDatabase(): void;
  abstract exec(sql: string): void;
  abstract export(): Uint8Array;

  compileOptions(): string[] {
    return this.query('PRAGMA compile_options').map((r) => String(Object.values(r)[0]));
  }

  private prepared(sql: string): S {
    let stmt = this.statements.get(sql);
    if (stmt === undefined) {
      stmt = this.prepareStatement(sql);
      this.statements.set(sql, stmt);
    }
    return stmt;
  }

  /** Forgets cached statements without freeing them (for drivers that free them on their own). */
  protected forgetStatements(): void {
    this.statements.clear();
  }

  query(sql: string, params: readonly SqlValue[] = []): SqlRow[] {
    const stmt = this.prepared(sql);
    try {
      if (params.length > 0) this.bind(stmt, params);
      const rows: SqlRow[] = [];
      while (this.step(stmt)) rows.push(this.row(stmt));
      return rows;
    } finally {
      this.reset(stmt);
    }
  }

  run(sql: string, params: readonly SqlValue[] = []): number {
    const stmt = this.prepared(sql);
    try {
      if (params.length > 0) this.bind(stmt, params);
      while (this.step(stmt)) {
        // drain
      }
    } finally {
      this.reset(stmt);
    }
    return this.changes();
  }

  transaction<T>(fn: () => T): T {
    return runTransaction((s) => this.exec(s), fn);
  }

  close(): void {
    for (const s of this.statements.values()) this.free(s);
    this.statements.clear();
    this.closeDatabase();
  }
}
