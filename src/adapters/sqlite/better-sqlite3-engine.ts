import { type SqlRow, type SqliteEngine, type SqliteEngineFactory, cachedEngine } from './engine.js';

/** The part of a better-sqlite3 statement memkit uses. */
export interface BetterSqlite3Statement {
  /** True when the statement returns rows. */
  readonly reader: boolean;
  all(...params: unknown[]): unknown[];
  run(...params: unknown[]): { changes: number };
}

/** The part of a better-sqlite3 `Database` memkit uses. */
export interface BetterSqlite3Database {
  exec(sql: string): unknown;
  prepare(sql: string): BetterSqlite3Statement;
  serialize(): Uint8Array;
  close(): unknown;
}

// biome-ignore-start lint/suspicious/noExplicitAny: typed loosely so callers need not install better-sqlite3's type package
/** better-sqlite3's `Database` class (its default export); memkit uses only the members of {@link BetterSqlite3Database}. */
export type BetterSqlite3Constructor = new (filename?: any, options?: any) => any;
// biome-ignore-end lint/suspicious/noExplicitAny: typed loosely

function nativeEngine(db: BetterSqlite3Database): SqliteEngine {
  let changed = 0;
  return cachedEngine<BetterSqlite3Statement>({
    name: 'better-sqlite3',
    prepare: (sql) => db.prepare(sql),
    all(stmt, params) {
      // better-sqlite3 refuses `all()` on a statement that returns no rows.
      if (!stmt.reader) {
        changed = stmt.run(...params).changes;
        return [];
      }
      changed = 0;
      const rows = stmt.all(...params) as SqlRow[];
      // BLOBs come back as Buffers; callers get plain Uint8Arrays, as from the other engines.
      for (const row of rows)
        for (const k in row) {
          const v = row[k];
          if (typeof v === 'object' && v !== null) row[k] = new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
        }
      return rows;
    },
    changes: () => changed,
    exec: (sql) => db.exec(sql),
    export() {
      const b = db.serialize();
      // A plain Uint8Array over the Buffer's bytes, as the other engines return.
      return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
    },
    // better-sqlite3 finalizes its statements itself on close.
    close: () => db.close(),
  });
}

/**
 * The native engine for Node: better-sqlite3 12.x, over the `Database` class the caller imports (this entry never
 * imports the optional peer dependency). Same schema and ranking as the other engines; a database opened from bytes
 * is an in-memory copy, saved back with `toBytes()`; one opened with `openFile` (`openSqliteStore({ file })`) is
 * the file itself, written at each commit.
 *
 * @example
 * import Database from 'better-sqlite3';
 * const store = unwrap(await openSqliteStore({ engine: betterSqlite3(Database) }));
 */
export function betterSqlite3(Database: BetterSqlite3Constructor): SqliteEngineFactory {
  return {
    name: 'better-sqlite3',
    async open(bytes?: Uint8Array): Promise<SqliteEngine> {
      // better-sqlite3 opens serialized bytes (a Buffer) as an in-memory database.
      const source = bytes !== undefined && bytes.length > 0 ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) : ':memory:';
      return nativeEngine(new Database(source) as BetterSqlite3Database);
    },
    async openFile(path: string): Promise<SqliteEngine> {
      const db = new Database(path, { fileMustExist: true }) as BetterSqlite3Database;
      // A file opened in place keeps SQLite's rollback journal (never WAL): after each commit the file alone is the
      // whole database, as the engines that read it as bytes need.
      db.exec('PRAGMA journal_mode = DELETE');
      return nativeEngine(db);
    },
  };
}
