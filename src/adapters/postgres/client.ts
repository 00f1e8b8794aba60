// The one seam between memkit's PostgreSQL code and a driver: structural types a `pg` pool and a PGlite instance both
// fit, so memkit imports neither.
import { serialLock } from '../../services/store/guard-store.js';

/** The rows of one query. */
export interface PgResult<R> {
  rows: R[];
}

/** Runs one parameterised query (`$1`, `$2`, …); `name` asks `pg` for a prepared statement (one name, one text), PGlite ignores it. */
export interface PgQueryable {
  query<R = Record<string, unknown>>(text: string, params?: unknown[], name?: string): Promise<PgResult<R>>;
}

/** A database handle: single queries, plus one connection held for a transaction (`BEGIN … COMMIT` is the caller's). */
export interface PgDatabase extends PgQueryable {
  /** Runs `fn` on one connection held until it settles; other work uses other connections (or waits, on PGlite). */
  withConnection<T>(fn: (conn: PgQueryable) => Promise<T>): Promise<T>;
  /** Ends the pool or closes PGlite. */
  close(): Promise<void>;
}

/** The part of a `pg` `Pool` memkit uses. */
export interface PgPoolLike {
  query(text: string | PgQueryConfig, params?: unknown[]): Promise<{ rows: unknown[] }>;
  connect(): Promise<{
    query(text: string | PgQueryConfig, params?: unknown[]): Promise<{ rows: unknown[] }>;
    release(err?: Error | boolean): void;
    on?(event: 'error', listener: (err: Error) => void): unknown;
    off?(event: 'error', listener: (err: Error) => void): unknown;
  }>;
  end(): Promise<void>;
}

// A `pg` query config: a named query is prepared once per connection.
type PgQueryConfig = { name: string; text: string; values?: unknown[] };

const pgArgs = (text: string, params: unknown[] | undefined, name: string | undefined): [string | PgQueryConfig, unknown[]?] =>
  name === undefined ? [text, params] : [{ name, text, ...(params ? { values: params } : {}) }];

/** The part of a PGlite instance memkit uses. */
export interface PgliteLike {
  query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
  close(): Promise<void>;
}

/** Wraps a `pg` `Pool`; a connection whose callback threw is released as broken, so no half-finished transaction returns to the pool. */
export function fromPgPool(pool: PgPoolLike): PgDatabase {
  return {
    query: (text, params, name) => pool.query(...pgArgs(text, params, name)) as never,
    async withConnection(fn) {
      const client = await pool.connect();
      let failed = false;
      // A held client whose server connection dies emits 'error'; unheard, Node ends the process.
      // The next query on it fails and is reported, so the event itself only marks it broken.
      const onError = () => {
        failed = true;
      };
      client.on?.('error', onError);
      try {
        return await fn({ query: (text, params, name) => client.query(...pgArgs(text, params, name)) as never });
      } catch (err) {
        failed = true;
        throw err;
      } finally {
        client.off?.('error', onError);
        client.release(failed);
      }
    },
    close: () => pool.end(),
  };
}

/** Wraps a PGlite instance: one connection, so a held connection queues every other query until it settles. */
export function fromPglite(db: PgliteLike): PgDatabase {
  const exclusive = serialLock();
  const direct: PgQueryable = { query: (text, params) => db.query(text, params) as never };
  return {
    query: (text, params) => exclusive(() => direct.query(text, params)),
    withConnection: (fn) => exclusive(() => fn(direct)),
    close: () => db.close(),
  };
}
