/**
 * `memkit/postgres`: the Store port and the Memory Bank ledgers on PostgreSQL
 * (a server through `pg`, or PGlite in-process). The driver is the caller's:
 * pass a `pg` `Pool` or a PGlite instance; this entry imports neither.
 *
 * @packageDocumentation
 */
export type { PgDatabase, PgliteLike, PgPoolLike, PgQueryable, PgResult } from './client.js';
export { fromPglite, fromPgPool } from './client.js';
export type { MigrateOutcome, PgMigration } from './migrate.js';
export { isSchemaName, migrate } from './migrate.js';
export type { PostgresStore, PostgresStoreOptions } from './store.js';
export { PG_STORE_SCHEMA_VERSION, openPostgresStore } from './store.js';
export { postgresCodes } from './codes.js';
export type { AppendLedgerEntryOptions, ImportLedgerOptions, PgAppended, PgLedgerTarget, PgWriterCheck, VerifyPgLedgerOptions } from './ledger.js';
export type { PgLedgerId } from './ledger-ids.js';
export { appendLedgerEntry, exportLedger, importLedger, migrateLedgers, verifyPgLedger } from './ledger.js';
export { PG_LEDGER_IDS, isPgLedgerId } from './ledger-ids.js';
