// Shared set-up of the PostgreSQL tests: a PGlite database per test file, the real server when
// MEMKIT_PG_URL is set, and stores in fresh random schemas that are dropped on close.
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { describe, it } from 'vitest';
import { type PgDatabase, fromPglite, fromPgPool } from '../../../src/adapters/postgres/client.js';
import { type PostgresStore, openPostgresStore } from '../../../src/adapters/postgres/store.js';
import { unwrap } from '../../../src/kernel/problems/index.js';

/** The real server's URL, when the environment names one. */
export const PG_URL = process.env.MEMKIT_PG_URL;
/** The title of every real-server describe block when there is none. */
export const SKIP_TITLE = 'skipped: MEMKIT_PG_URL not set';

/** A fresh schema name no other test run uses. */
export const freshSchema = (): string => `t_${randomBytes(8).toString('hex')}`;

/** A PGlite database (in-process Postgres). */
export const pglite = (): PgDatabase => fromPglite(new PGlite());

/** A pool on the real server, with the timeouts the CLI uses. */
export function serverPool(url = PG_URL!): { db: PgDatabase; pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString: url, max: 4, connectionTimeoutMillis: 5000, statement_timeout: 30_000, query_timeout: 35_000 });
  pool.on('error', () => undefined);
  return { db: fromPgPool(pool), pool };
}

/** Opens a store in a fresh schema of `db`; closing it drops the schema. */
export async function freshStore(db: PgDatabase, schema = freshSchema()): Promise<PostgresStore> {
  const store = unwrap(await openPostgresStore({ db, schema }));
  const close = store.close.bind(store);
  return Object.assign(store, {
    async close() {
      await close();
      await db.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    },
  });
}

/**
 * Registers `body` under `title` when MEMKIT_PG_URL is set; otherwise one
 * skipped test under "skipped: MEMKIT_PG_URL not set", so the report says why.
 */
export function describeServer(title: string, body: () => void): void {
  if (PG_URL === undefined) {
    describe.skip(SKIP_TITLE, () => {
      it(title, () => undefined);
    });
    return;
  }
  describe(title, body);
}
