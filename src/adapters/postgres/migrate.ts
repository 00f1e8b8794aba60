import type { PgDatabase, PgQueryable } from './client.js';

/** One numbered schema step of one component; `sql` receives the quoted schema name (`"tenant_a"`). */
export interface PgMigration {
  /** The component's version after this step (1, 2, …, no gaps). */
  version: number;
  description: string;
  sql(schema: string): string;
}

/** The schema names memkit accepts: plain lower-case identifiers, so quoting is never ambiguous. */
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** Whether `name` is a schema name memkit accepts (`[a-z_][a-z0-9_]{0,62}`). */
export function isSchemaName(name: string): boolean {
  return SCHEMA_NAME.test(name);
}

/** `name` double-quoted for SQL; call only on names {@link isSchemaName} accepts. */
export function quoteIdent(name: string): string {
  return `"${name}"`;
}

/** What {@link migrate} found and did. */
export type MigrateOutcome = { ok: true; from: number; to: number } | { ok: false; found: number; supported: number };

/**
 * Brings `component`'s tables in `schema` to the last version of `steps` (versions in `<schema>.memkit_meta`, one
 * row per component), in one transaction under an advisory lock on the schema name, so processes opening it at once
 * migrate it once. A newer version than `steps` knows is refused, not downgraded.
 */
export async function migrate(db: PgDatabase, schema: string, component: string, steps: readonly PgMigration[]): Promise<MigrateOutcome> {
  if (!isSchemaName(schema)) throw new TypeError(`schema name must match ${SCHEMA_NAME}`);
  const q = quoteIdent(schema);
  const supported = steps.length === 0 ? 0 : steps[steps.length - 1]!.version;
  return db.withConnection(async (conn: PgQueryable) => {
    await conn.query('BEGIN');
    try {
      await conn.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`memkit:${schema}`]);
      await conn.query(`CREATE SCHEMA IF NOT EXISTS ${q}`);
      await conn.query(`CREATE TABLE IF NOT EXISTS ${q}.memkit_meta (component text PRIMARY KEY, version integer NOT NULL)`);
      const found = (await conn.query<{ version: number }>(`SELECT version FROM ${q}.memkit_meta WHERE component = $1`, [component])).rows[0]?.version ?? 0;
      if (found > supported) {
        await conn.query('ROLLBACK');
        return { ok: false, found, supported };
      }
      for (const step of steps) if (step.version > found) await conn.query(step.sql(q));
      await conn.query(`INSERT INTO ${q}.memkit_meta (component, version) VALUES ($1, $2) ON CONFLICT (component) DO UPDATE SET version = EXCLUDED.version`, [component, supported]);
      await conn.query('COMMIT');
      return { ok: true, from: found, to: supported };
    } catch (err) {
      await conn.query('ROLLBACK').catch(() => undefined);
      throw err;
    }
  });
}
