import { defineCodes } from '../../kernel/problems/index.js';
import { PG_LEDGER_IDS } from './ledger-ids.js';

/** Problem codes of the PostgreSQL store and ledgers (`memkit/postgres`) and of `--store postgres://…` in the CLI. */
export const postgresCodes = defineCodes({
  'store.pg-bad-schema': {
    meaning: 'The schema name is not a plain lower-case identifier ([a-z_][a-z0-9_]*, at most 63 characters).',
    fix: 'Choose a schema name such as memkit or tenant_a.',
    source: 'operational',
  },
  'store.pg-connect': {
    meaning: 'The PostgreSQL server could not be reached (no server at that host and port, or the name does not resolve).',
    fix: 'Check the host and port in the URL and that the server is running and accepts TCP connections.',
    source: 'operational',
  },
  'store.pg-auth': {
    meaning: 'The PostgreSQL server refused the login (wrong password, unknown role, or no pg_hba.conf entry for it).',
    fix: 'Check the user and password, and that the server lets this role connect from this host.',
    source: 'operational',
  },
  'store.pg-no-database': {
    meaning: 'The database named in the URL does not exist on the server.',
    fix: 'Create it (createdb NAME) or fix the database name in the URL.',
    source: 'operational',
  },
  'store.pg-timeout': {
    meaning: 'Connecting or a statement took longer than the time limit, so memkit stopped waiting.',
    fix: 'Check that the server is reachable and not overloaded; a lock held by another session can also stall a statement.',
    source: 'operational',
  },
  'store.pg-connection-lost': {
    meaning: 'The connection to the database ended while memkit was using it (server stopped, backend terminated, network lost).',
    fix: 'Run the command again once the server is back; a write that was cut off was rolled back by the server.',
    source: 'operational',
  },
  'store.pg-unstorable-text': {
    meaning: 'A text value holds a NUL character or a lone surrogate, which PostgreSQL text columns cannot hold.',
    fix: 'Remove the NUL character or the broken UTF-16 sequence from the value.',
    source: 'operational',
  },
  'store.pg-transaction-aborted': {
    meaning: 'A statement inside a store transaction failed, so PostgreSQL rolled the whole transaction back.',
    fix: 'See the first problem of the transaction; run the transaction again (a deadlock or a lost connection usually passes on retry).',
    source: 'operational',
  },
  'ledger.pg-unknown': {
    meaning: 'The ledger named is not one the database keeps: only the JSON Lines ledgers (decision-log, risk-register, product-context, active-context) are.',
    fix: 'Name the ledger by its format id; keep feedback-log.md (Markdown blocks) as a file.',
    source: 'operational',
  },
  'ledger.pg-newer-schema': {
    meaning: "The schema's ledger tables were created by a newer memkit: their version is higher than this library knows.",
    fix: 'Upgrade memkit on this machine.',
    source: 'operational',
  },
  'ledger.pg-not-empty': {
    meaning: 'An import was asked into a ledger that already holds entries; an import only fills an empty ledger.',
    fix: 'Import into a fresh schema, or append the new entries one by one.',
    source: 'operational',
  },
  'ledger.pg-gap': {
    meaning: "The ledger table's positions are not 1, 2, 3, … without gaps: a row was deleted or inserted outside memkit.",
    fix: 'Restore the table from a backup or an exported ledger file (deleting an entry is never allowed).',
    source: { seed: 'memory-bank-schema.md', quote: 'DENY: Deletion of any memory bank entry' },
    format: PG_LEDGER_IDS,
  },
  'ledger.pg-row-mismatch': {
    meaning: "A ledger row's `entry_hash` or `predecessor_hash` column disagrees with its stored line or with the row before it: the row was edited outside memkit.",
    fix: 'Restore the table from a backup or an exported ledger file; never edit ledger rows by hand.',
    source: { seed: 'memory-bank-schema.md', quote: 'REQUIRE: Every append stores predecessor_hash (chain integrity)' },
    format: PG_LEDGER_IDS,
  },
});
