// Child process of the ledger load and fault tests: one writer on its own connection.
// Run: node --import tsx ledger-writer-child.ts <schema> <ledger> <worker> <count> <mode>
//   mode `append`: <count> appends tagged "<worker>-<i>"; prints one JSON line { latencies, failures }.
//   mode `kill`: one append that stops after its INSERT, inside the transaction holding the ledger
//     lock, prints "ready <backend pid>" and waits idle in the transaction (the parent SIGKILLs it).
//   mode `terminate`: the same, but waits inside a query (pg_sleep) so the parent's
//     pg_terminate_backend ends it; prints the append's result as JSON and exits 0.
// The server URL comes from MEMKIT_PG_URL.
import pg from 'pg';
import type { PgDatabase, PgQueryable } from '../../../src/adapters/postgres/client.js';
import { fromPgPool } from '../../../src/adapters/postgres/client.js';
import { appendLedgerEntry } from '../../../src/adapters/postgres/ledger.js';

const [schema, ledger, worker, countText, mode] = process.argv.slice(2) as [string, 'active-context', string, string, 'append' | 'kill' | 'terminate'];
const pool = new pg.Pool({ connectionString: process.env.MEMKIT_PG_URL, max: 1, application_name: `memkit-ledger-${mode}` });
pool.on('error', () => undefined); // a terminated idle connection is not a crash
const base = fromPgPool(pool);

// In the fault modes the library's own append runs on a connection that stalls right after the INSERT.
const stalling = (conn: PgQueryable): PgQueryable => ({
  async query(text, params) {
    const r = await conn.query(text, params);
    if (!text.startsWith('INSERT')) return r as never;
    const pid = (await conn.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
    process.stdout.write(`ready ${pid}\n`);
    if (mode === 'kill') await new Promise(() => undefined);
    await conn.query('SELECT pg_sleep(60)');
    return r as never;
  },
});
const db: PgDatabase = mode === 'append' ? base : { ...base, withConnection: (fn) => base.withConnection((conn) => fn(stalling(conn))) };

const draft = (i: number) => ({ source_agent: `worker${worker}`, source_chunks: [], summary_128: `${worker}-${i}` });
if (mode === 'append') {
  const latencies: number[] = [];
  let failures = 0;
  for (let i = 0; i < Number(countText); i++) {
    const t0 = performance.now();
    const r = await appendLedgerEntry(db, { schema, ledger, entry: draft(i) });
    latencies.push(performance.now() - t0);
    if (!r.ok) {
      failures++;
      process.stderr.write(`${JSON.stringify(r.problems)}\n`);
      break;
    }
  }
  process.stdout.write(`${JSON.stringify({ latencies, failures })}\n`);
} else {
  const r = await appendLedgerEntry(db, { schema, ledger, entry: draft(0) });
  process.stdout.write(`${JSON.stringify(r.ok ? { ok: true } : { ok: false, codes: r.problems.map((p) => p.code) })}\n`);
}
await pool.end().catch(() => undefined);
