// Memory Bank ledger appends on a real PostgreSQL server (MEMKIT_PG_URL), many writer processes
// on one ledger. Each configuration runs its writers as separate processes that all start at one
// instant and append for a fixed window (process start-up is outside the window); configurations
// alternate in rounds so they share the machine's load; each figure is the median run and each
// ratio the median of the rounds' paired ratios.
// Figures: 8 writers under the advisory lock against ONE writer under it (how the lock scales);
// 8 writers in SERIALIZABLE transactions with retry against 8 under the advisory lock (the choice
// appendLedgerEntry makes); one writer against a bare INSERT loop of the same lines (the cost of
// the chain: lock, head read, validation, hashing).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import pg from 'pg';
import { fromPgPool } from '../src/adapters/postgres/client.js';
import { appendLedgerEntry, appendLedgerEntrySerializable, migrateLedgers } from '../src/adapters/postgres/ledger.js';
import { type BenchResult, type BenchSuite, compare, loadNote, median } from './harness.js';

const URL = process.env.MEMKIT_PG_URL;
const WINDOW_MS = Number(process.env.MEMKIT_PGLEDGER_BENCH_MS ?? 4000);
const ROUNDS = Number(process.env.MEMKIT_PGLEDGER_BENCH_ROUNDS ?? 5);
const WRITERS = 8;

type Mode = 'lock' | 'serializable' | 'bare';
interface ChildReport {
  appends: number;
  attempts: number;
  latencies: number[];
}

/** A writer process: connects, says ready, appends for the window after the parent's go, then reports. */
async function child(mode: Mode, schema: string, worker: string): Promise<void> {
  const pool = new pg.Pool({ connectionString: URL, max: 1, application_name: `memkit-bench-${mode}` });
  const db = fromPgPool(pool);
  const draft = (i: number) => ({ source_agent: `writer${worker}`, source_chunks: [], summary_128: `${worker}-${i}` });
  await db.query('SELECT 1');
  const report: ChildReport = { appends: 0, attempts: 0, latencies: [] };
  // Connected: tell the parent, and start when it says go (all writers at once).
  process.stdout.write('ready\n');
  await new Promise<void>((r) => process.stdin.once('data', () => r()));
  const end = Date.now() + WINDOW_MS;
  for (let i = 0; Date.now() < end; i++) {
    const t0 = performance.now();
    if (mode === 'bare') {
      await db.query(`INSERT INTO "${schema}".bare (line) VALUES ($1)`, [JSON.stringify({ ...draft(i), predecessor_hash: '0'.repeat(64), ts: new Date().toISOString() })]);
      report.attempts++;
    } else if (mode === 'lock') {
      const r = await appendLedgerEntry(db, { schema, ledger: 'active-context', entry: draft(i) });
      if (!r.ok) throw new Error(JSON.stringify(r.problems));
      report.attempts++;
    } else {
      const r = await appendLedgerEntrySerializable(db, { schema, ledger: 'active-context', entry: draft(i) });
      if (!r.ok) throw new Error(JSON.stringify(r.problems));
      report.attempts += r.attempts;
    }
    report.latencies.push(performance.now() - t0);
    report.appends++;
  }
  process.stdout.write(`${JSON.stringify(report)}\n`);
  await pool.end();
}

interface Spawned {
  ready: Promise<void>;
  go(): void;
  report: Promise<ChildReport>;
}

function spawnChild(mode: Mode, schema: string, worker: number): Spawned {
  const p = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'postgres-ledger.bench.ts')], {
    env: { ...process.env, MEMKIT_PGLEDGER_BENCH_CHILD: [mode, schema, worker].join(' ') },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let out = '';
  let onReady: () => void = () => undefined;
  const ready = new Promise<void>((r) => {
    onReady = r;
  });
  p.stdout.setEncoding('utf8').on('data', (c: string) => {
    out += c;
    if (out.startsWith('ready\n')) onReady();
  });
  const report = new Promise<ChildReport>((resolve, reject) => {
    p.on('error', reject);
    p.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').pop()!) as ChildReport) : reject(new Error(`bench writer ${mode} exited ${code}`))));
  });
  return { ready, report, go: () => p.stdin.end('go\n') };
}

interface Run {
  perSecond: number;
  attemptsPerAppend: number;
  p50: number;
  p99: number;
}

/** `writers` processes of `mode` on a fresh schema; appends per second over the window. */
async function configuration(db: ReturnType<typeof fromPgPool>, mode: Mode, writers: number): Promise<Run> {
  const schema = `bench_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const ready = await migrateLedgers(db, schema);
  if (!ready.ok) throw new Error(JSON.stringify(ready.problems));
  await db.query(`CREATE TABLE "${schema}".bare (id bigserial PRIMARY KEY, line text NOT NULL)`);
  try {
    // Start-up of a tsx child takes seconds on a loaded machine: all connect first, then start together.
    const children = Array.from({ length: writers }, (_, w) => spawnChild(mode, schema, w));
    await Promise.all(children.map((c) => c.ready));
    for (const c of children) c.go();
    const reports = await Promise.all(children.map((c) => c.report));
    const appends = reports.reduce((n, r) => n + r.appends, 0);
    const latencies = reports.flatMap((r) => r.latencies).sort((a, b) => a - b);
    return {
      perSecond: (appends * 1000) / WINDOW_MS,
      attemptsPerAppend: reports.reduce((n, r) => n + r.attempts, 0) / appends,
      p50: latencies[Math.floor(latencies.length / 2)]!,
      p99: latencies[Math.floor(latencies.length * 0.99)]!,
    };
  } finally {
    await db.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  }
}

const ms = (x: number) => `${x.toFixed(1)} ms`;
const medianRun = (runs: Run[]): Run => [...runs].sort((a, b) => a.perSecond - b.perSecond)[Math.floor(runs.length / 2)]!;

const suite: BenchSuite = {
  name: 'postgres ledger appends (8 writer processes, real server)',
  async run(): Promise<BenchResult[]> {
    if (URL === undefined) {
      console.log('skipped: MEMKIT_PG_URL not set (this suite needs a real PostgreSQL server)');
      return [];
    }
    const pool = new pg.Pool({ connectionString: URL, max: 2 });
    const db = fromPgPool(pool);
    const runs: Record<'lock8' | 'serial8' | 'lock1' | 'bare1', Run[]> = { lock8: [], serial8: [], lock1: [], bare1: [] };
    const ratios: Record<'scale' | 'serial' | 'chain', number[]> = { scale: [], serial: [], chain: [] };
    try {
      for (let round = 0; round < ROUNDS; round++) {
        const lock8 = await configuration(db, 'lock', WRITERS);
        const serial8 = await configuration(db, 'serializable', WRITERS);
        const lock1 = await configuration(db, 'lock', 1);
        const bare1 = await configuration(db, 'bare', 1);
        runs.lock8.push(lock8);
        runs.serial8.push(serial8);
        runs.lock1.push(lock1);
        runs.bare1.push(bare1);
        ratios.scale.push(lock8.perSecond / lock1.perSecond);
        ratios.serial.push(serial8.perSecond / lock8.perSecond);
        ratios.chain.push(lock1.perSecond / bare1.perSecond);
      }
    } finally {
      await pool.end();
    }
    const [lock8, serial8, lock1, bare1] = [medianRun(runs.lock8), medianRun(runs.serial8), medianRun(runs.lock1), medianRun(runs.bare1)];
    const rounds = `${ROUNDS} interleaved rounds of ${WINDOW_MS / 1000} s windows; figures: median run, ratio: median of the rounds' paired ratios`;
    const each = (xs: number[]) => `round ratios ${xs.map((x) => x.toFixed(2)).join(', ')}`;
    const scale = compare(`appends/s, ${WRITERS} writer processes on one ledger (advisory lock)`, lock8.perSecond, 'appends/s', 'one writer process (advisory lock)', lock1.perSecond);
    scale.note = `latency p50 ${ms(lock8.p50)}, p99 ${ms(lock8.p99)} (one writer: p50 ${ms(lock1.p50)}); ${each(ratios.scale)}; ${rounds}; ${loadNote()}`;
    const serial = compare(`appends/s, ${WRITERS} writer processes (SERIALIZABLE + retry)`, serial8.perSecond, 'appends/s', `${WRITERS} writers under the advisory lock`, lock8.perSecond);
    serial.note = `${serial8.attemptsPerAppend.toFixed(2)} transactions per append; latency p50 ${ms(serial8.p50)}, p99 ${ms(serial8.p99)}; ${each(ratios.serial)}`;
    const chain = compare('appends/s, one writer (advisory lock, chained, validated)', lock1.perSecond, 'appends/s', 'a bare INSERT loop of the same lines, one process', bare1.perSecond);
    chain.note = `bare INSERT p50 ${ms(bare1.p50)}; ${each(ratios.chain)}`;
    // On a shared machine the load moves between rounds: the ratio is the median of each round's own ratio.
    scale.ratio = median(ratios.scale);
    serial.ratio = median(ratios.serial);
    chain.ratio = median(ratios.chain);
    return [scale, serial, chain];
  },
};

export default suite;

const childArgs = process.env.MEMKIT_PGLEDGER_BENCH_CHILD;
if (childArgs) {
  const [mode, schema, worker] = childArgs.split(' ') as [Mode, string, string];
  await child(mode, schema, worker);
}
