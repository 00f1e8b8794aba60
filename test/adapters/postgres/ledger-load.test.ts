// Many writers on the real server (loopback): 8 processes × 1,000 appends to one ledger while searches
// and ledger reads run, then exactly 8,000 entries in one valid chain; and the fault cases: a writer
// SIGKILLed inside its append transaction and a connection ended by pg_terminate_backend leave no
// partial entry while the other writers carry on. Needs MEMKIT_PG_URL.
import { type ChildProcess, spawn } from 'node:child_process';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PgDatabase } from '../../../src/adapters/postgres/client.js';
import { exportLedger, migrateLedgers, verifyPgLedger } from '../../../src/adapters/postgres/ledger.js';
import { unwrap } from '../../../src/kernel/problems/index.js';
import type { Store } from '../../../src/services/store/index.js';
import { corpus, queries } from '../../store/corpus.js';
import { describeServer, freshSchema, freshStore, serverPool } from './helpers.js';

const CHILD = 'test/adapters/postgres/ledger-writer-child.ts';
type Mode = 'append' | 'kill' | 'terminate';

interface Writer {
  child: ChildProcess;
  /** Lines the child printed. */
  lines: string[];
  /** Resolves with the first line starting with `ready`. */
  ready: Promise<string>;
  exit: Promise<number | null>;
}

function writer(schema: string, worker: string, count: number, mode: Mode): Writer {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, schema, 'active-context', worker, String(count), mode], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines: string[] = [];
  let onReady: (line: string) => void = () => undefined;
  const ready = new Promise<string>((resolve) => {
    onReady = resolve;
  });
  let buffered = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    buffered += chunk;
    for (let nl = buffered.indexOf('\n'); nl !== -1; nl = buffered.indexOf('\n')) {
      const line = buffered.slice(0, nl);
      buffered = buffered.slice(nl + 1);
      lines.push(line);
      if (line.startsWith('ready')) onReady(line);
    }
  });
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, lines, ready, exit };
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** The summaries of the ledger's entries, in ledger order. */
async function tags(db: PgDatabase, schema: string): Promise<string[]> {
  const text = unwrap(await exportLedger(db, { schema, ledger: 'active-context' }));
  return text
    .trimEnd()
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => (JSON.parse(l) as { summary_128: string }).summary_128);
}

/** Each worker's entries appear once each, in the order it appended them. */
function expectEveryWorkerInOrder(all: readonly string[], workers: number, each: number): void {
  expect(new Set(all).size).toBe(all.length);
  for (let w = 0; w < workers; w++) {
    const mine = all.filter((t) => t.startsWith(`${w}-`)).map((t) => Number(t.split('-')[1]));
    expect(mine).toEqual(Array.from({ length: each }, (_, i) => i));
  }
}

describeServer('ledgers on the real server: many writer processes, faults', () => {
  let db: PgDatabase;
  const schemas: string[] = [];
  beforeAll(() => {
    db = serverPool().db;
  });
  afterAll(async () => {
    for (const s of schemas) await db.query(`DROP SCHEMA IF EXISTS "${s}" CASCADE`);
    await db.close();
  });

  it('8 processes × 1,000 appends to one ledger, with searches and ledger reads running: 8,000 entries, chain valid, none lost', { timeout: 600_000 }, async () => {
    const WORKERS = 8;
    const EACH = 1000;
    const schema = freshSchema();
    schemas.push(schema);
    unwrap(await migrateLedgers(db, schema));
    const store: Store = await freshStore(db);
    await store.transaction(async (tx) => {
      for (const d of corpus(300, 3, 120)) await tx.putDoc(d);
    });
    const started = performance.now();
    const writers = Array.from({ length: WORKERS }, (_, w) => writer(schema, String(w), EACH, 'append'));
    let done = false;
    const exits = Promise.all(writers.map((w) => w.exit)).finally(() => {
      done = true;
    });
    // Readers for the same period: searches through the Postgres store, and reads + verification of the
    // growing ledger (every prefix the readers see must verify).
    let searches = 0;
    let verifies = 0;
    const qs = queries(20, 5);
    const searching = (async () => {
      while (!done) {
        const hits = await store.search(qs[searches % qs.length]!, { limit: 10 });
        expect(hits.ok).toBe(true);
        searches++;
        // Searches run all along, at a steady rate rather than flat out: the writers share the machine's CPU.
        await new Promise((r) => setTimeout(r, 25));
      }
    })();
    const reading = (async () => {
      while (!done) {
        const summary = await verifyPgLedger(db, { schema, ledger: 'active-context' });
        expect(summary.problems).toEqual([]);
        verifies++;
        // A whole-ledger read is heavy: one a second.
        await new Promise((r) => setTimeout(r, 1000));
      }
    })();
    expect(await exits).toEqual(Array(WORKERS).fill(0));
    await Promise.all([searching, reading]);
    const wall = performance.now() - started;
    await store.close();

    const reports = writers.map((w) => JSON.parse(w.lines.at(-1)!) as { latencies: number[]; failures: number });
    expect(reports.map((r) => r.failures)).toEqual(Array(WORKERS).fill(0));
    const summary = await verifyPgLedger(db, { schema, ledger: 'active-context' });
    expect(summary.problems).toEqual([]);
    expect(summary.entries).toBe(WORKERS * EACH);
    expectEveryWorkerInOrder(await tags(db, schema), WORKERS, EACH);
    const latencies = reports.flatMap((r) => r.latencies).sort((a, b) => a - b);
    console.log(
      `[ledger load] ${WORKERS}×${EACH} appends in ${(wall / 1000).toFixed(1)} s (${Math.round((WORKERS * EACH) / (wall / 1000))}/s); append latency p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms; ${searches} searches and ${verifies} full ledger verifications ran meanwhile`,
    );
    expect(searches).toBeGreaterThan(0);
    expect(verifies).toBeGreaterThan(0);
  });

  it('a writer SIGKILLed inside its append transaction and a connection ended by pg_terminate_backend leave no partial entry; the other writers finish', { timeout: 180_000 }, async () => {
    const WORKERS = 3;
    const EACH = 200;
    const schema = freshSchema();
    schemas.push(schema);
    unwrap(await migrateLedgers(db, schema));
    // A victim holds the ledger lock with its entry inserted but not committed; the other writers wait on it.
    const killed = writer(schema, 'killed', 1, 'kill');
    await killed.ready;
    const writers = Array.from({ length: WORKERS }, (_, w) => writer(schema, String(w), EACH, 'append'));
    // Let the writers start and queue on the lock, then kill the victim: the server rolls its transaction back.
    await new Promise((r) => setTimeout(r, 1500));
    const before = Number((await db.query<{ n: unknown }>(`SELECT count(*) AS n FROM "${schema}".memkit_ledger_entries`)).rows[0]!.n);
    expect(before).toBe(0);
    killed.child.kill('SIGKILL');
    expect(await killed.exit).toBe(null);
    // A second victim, mid-run: its backend is ended by the server while it holds the lock.
    const terminated = writer(schema, 'terminated', 1, 'terminate');
    const pid = Number((await terminated.ready).split(' ')[1]);
    const ended = await db.query<{ ok: boolean }>('SELECT pg_terminate_backend($1) AS ok', [pid]);
    expect(ended.rows[0]!.ok).toBe(true);
    expect(await terminated.exit).toBe(0);
    const outcome = JSON.parse(terminated.lines.at(-1)!) as { ok: boolean; codes?: string[] };
    expect(outcome).toEqual({ ok: false, codes: ['store.pg-connection-lost'] });
    expect(await Promise.all(writers.map((w) => w.exit))).toEqual(Array(WORKERS).fill(0));

    const summary = await verifyPgLedger(db, { schema, ledger: 'active-context' });
    expect(summary.problems).toEqual([]);
    expect(summary.entries).toBe(WORKERS * EACH);
    const all = await tags(db, schema);
    expect(all.filter((t) => t.startsWith('killed') || t.startsWith('terminated'))).toEqual([]);
    expectEveryWorkerInOrder(all, WORKERS, EACH);
  });
});
