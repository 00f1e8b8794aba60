// Ledger benchmarks: streaming verification of a 1,000,000-entry ledger against a bare
// loop (JSON.parse + canonicalize + node:crypto SHA-256 per line) in the same run, each
// in its own child process so peak RSS is its own; Merkle proofs on a 1,000,000-leaf
// tree; the portable jsHasher against WebCrypto one digest at a time.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, mkdirSync, statSync, createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { canonicalize, jsHasher, toHex } from '../src/kernel/canonical/index.js';
import { MerkleTree, rootFromInclusionProof, verifyConsistency, verifyInclusion } from '../src/services/ledger/index.js';
import { nodeHasher, verifyLedgerFile } from '../src/adapters/node/index.js';
import { type BenchResult, type BenchSuite, compare, throughput } from './harness.js';

const N = Number(process.env.MEMKIT_BENCH_LEDGER_N ?? 1_000_000);
const dir = join(import.meta.dirname, 'data');
const file = process.env.MEMKIT_LEDGER_BENCH_FILE ?? join(dir, `decisionLog-${N}.md`);

/** Writes a valid decisionLog ledger of N entries (built directly: same bytes append would write). */
async function generate(): Promise<void> {
  if (existsSync(file)) return;
  mkdirSync(dir, { recursive: true });
  const out = createWriteStream(file + '.tmp');
  let prev = '0'.repeat(64);
  const t0 = Date.parse('2024-01-01T00:00:00Z');
  let buf: string[] = [];
  for (let i = 0; i < N; i++) {
    const ms = t0 + i * 87_000; // < 1000 entries a day
    const day = new Date(ms).toISOString().slice(0, 10).replaceAll('-', '');
    const dayStart = Date.parse(new Date(ms).toISOString().slice(0, 10) + 'T00:00:00Z');
    const nnn = Math.floor((ms - dayStart) / 87_000) + 1;
    const entry = {
      id: `DEC-${day}-${String(nnn).padStart(3, '0')}`,
      ts: new Date(ms).toISOString(),
      proposer_agent: 'ReaperOAK',
      rationale: `decision ${i}`,
      diff_hash: toHex(createHash('sha256').update(String(i)).digest()),
      tests_passed: i % 3 !== 0,
      predecessor_hash: prev,
    };
    const line = canonicalize(entry);
    prev = createHash('sha256').update(line).digest('hex');
    buf.push(line, '\n');
    if (buf.length >= 20_000) {
      if (!out.write(buf.join(''))) await new Promise<void>((r) => out.once('drain', () => r()));
      buf = [];
    }
  }
  out.write(buf.join(''));
  await new Promise<void>((r) => out.end(() => r()));
  const { renameSync } = await import('node:fs');
  renameSync(file + '.tmp', file);
}

/** The anchor: read the file, split lines, JSON.parse + canonicalize + SHA-256 each. */
async function bareLoop(path: string): Promise<number> {
  let rest = '';
  let n = 0;
  const decoder = new TextDecoder();
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) {
    const text = rest + decoder.decode(chunk as Uint8Array, { stream: true });
    let pos = 0;
    let nl = text.indexOf('\n');
    while (nl !== -1) {
      const line = text.slice(pos, nl);
      createHash('sha256')
        .update(canonicalize(JSON.parse(line)))
        .digest();
      n++;
      pos = nl + 1;
      nl = text.indexOf('\n', pos);
    }
    rest = text.slice(pos);
  }
  return n;
}

async function child(mode: string): Promise<void> {
  const start = performance.now();
  let entries: number;
  let problems = 0;
  if (mode === 'bare') entries = await bareLoop(file);
  else {
    const r = await verifyLedgerFile(file, { format: 'decision-log' });
    entries = r.entries;
    problems = r.problems.length;
  }
  const ms = performance.now() - start;
  process.stdout.write(JSON.stringify({ ms, entries, problems, maxRssMB: process.resourceUsage().maxRSS / 1024 }) + '\n');
}

/**
 * The children run memkit bundled (esbuild, dependencies external) under plain
 * node, so their peak RSS is memkit's and not the TypeScript loader's; with a
 * 64 MB old-space cap a leak would end in an out-of-memory crash, not a slow run.
 * Falls back to tsx when esbuild cannot be loaded.
 */
async function childCommand(): Promise<string[]> {
  const out = join(dir, 'ledger-bench-child.mjs');
  try {
    const esbuild = (await import('esbuild')) as typeof import('esbuild');
    esbuild.buildSync({
      entryPoints: [join(import.meta.dirname, 'ledger.bench.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      outfile: out,
      define: { __MEMKIT_VERSION__: '"bench"' },
      logLevel: 'warning',
    });
    return ['--max-old-space-size=64', out];
  } catch {
    return ['--import', 'tsx', join(import.meta.dirname, 'ledger.bench.ts')];
  }
}

function runChild(command: string[], mode: string): { ms: number; entries: number; problems: number; maxRssMB: number } {
  const r = spawnSync(process.execPath, command, {
    env: { ...process.env, MEMKIT_LEDGER_BENCH_CHILD: mode, MEMKIT_LEDGER_BENCH_FILE: file },
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  if (r.status !== 0) throw new Error(`bench child ${mode} failed: ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').pop()!);
}

function median(xs: number[]): number {
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

function timeEach<T>(inputs: T[], fn: (x: T) => unknown): number {
  return median(
    inputs.map((x) => {
      const t = performance.now();
      fn(x);
      return performance.now() - t;
    }),
  );
}

async function proofs(): Promise<BenchResult[]> {
  const tree = new MerkleTree(nodeHasher);
  const t0 = performance.now();
  const leaf = new Uint8Array(200);
  const view = new DataView(leaf.buffer);
  for (let i = 0; i < 1_000_000; i++) {
    view.setUint32(0, i);
    tree.append(leaf);
  }
  const buildMs = performance.now() - t0;
  const n = tree.size;
  const root = tree.root();
  const idx = Array.from({ length: 200 }, (_, k) => Math.floor(((k * 7919) % 1000) * (n / 1000)) + k);
  const incl = idx.map((i) => ({ i, proof: tree.inclusionProof(i, n), leaf: tree.leaf(i) }));
  const sizes = idx.map((m) => Math.max(1, m));
  const cons = sizes.map((m) => ({ m, proof: tree.consistencyProof(m, n), old: tree.root(m) }));
  for (const c of incl) if (!verifyInclusion(c.i, n, c.leaf, c.proof, root, nodeHasher)) throw new Error('inclusion proof failed');
  for (const c of cons) if (!verifyConsistency(c.m, n, c.proof, c.old, root, nodeHasher)) throw new Error('consistency proof failed');
  const inclGen = timeEach(idx, (i) => tree.inclusionProof(i, n));
  const inclVer = timeEach(incl, (c) => rootFromInclusionProof(c.i, n, c.leaf, c.proof, nodeHasher));
  const consGen = timeEach(sizes, (m) => tree.consistencyProof(m, n));
  const consGenPrefix = timeEach(sizes, (m) => tree.consistencyProof(m, n - 12345));
  const consVer = timeEach(cons, (c) => verifyConsistency(c.m, n, c.proof, c.old, root, nodeHasher));
  const res = (name: string, value: number, limit: number): BenchResult => ({
    name,
    value,
    unit: 'ms',
    target: `< ${limit} ms`,
    met: value < limit,
    note: `1,000,000-leaf cached tree (level arrays), median of 200`,
  });
  return [
    { name: 'build 1,000,000-leaf tree (nodeHasher)', value: buildMs, unit: 'ms', note: `${tree.size} leaves` },
    res('inclusion proof generation', inclGen, 50),
    res('inclusion proof verification', inclVer, 1),
    res('consistency proof generation (to the full tree)', consGen, 50),
    res('consistency proof generation (to an older tree size)', consGenPrefix, 50),
    res('consistency proof verification', consVer, 1),
  ];
}

async function hashers(): Promise<BenchResult[]> {
  const data = new Uint8Array(200).map((_, i) => i);
  const js = throughput(() => jsHasher.sha256(data), 1000);
  const node = throughput(() => nodeHasher.sha256(data), 1000);
  const count = 20_000;
  let t = performance.now();
  for (let i = 0; i < count; i++) await crypto.subtle.digest('SHA-256', data);
  const web = (count * 1000) / (performance.now() - t);
  t = performance.now();
  for (let i = 0; i < count; i += 1000) await Promise.all(Array.from({ length: 1000 }, () => crypto.subtle.digest('SHA-256', data)));
  const webBatch = (count * 1000) / (performance.now() - t);
  return [
    compare('jsHasher (sync, portable) 200-byte digests', js, 'digests/s', 'WebCrypto one at a time', web),
    compare('WebCrypto batched (Promise.all of 1000)', webBatch, 'digests/s', 'WebCrypto one at a time', web),
    compare('nodeHasher 200-byte digests', node, 'digests/s', 'WebCrypto one at a time', web),
  ];
}

const suite: BenchSuite = {
  name: 'ledger',
  async run() {
    await generate();
    const bytes = statSync(file).size;
    const command = await childCommand();
    // Interleaved runs, best of each: the machine is shared, so single runs are noisy.
    const runs = Number(process.env.MEMKIT_LEDGER_BENCH_RUNS ?? 2);
    const bares: ReturnType<typeof runChild>[] = [];
    const mines: ReturnType<typeof runChild>[] = [];
    for (let i = 0; i < runs; i++) {
      bares.push(runChild(command, 'bare'));
      mines.push(runChild(command, 'verify'));
    }
    const best = (xs: ReturnType<typeof runChild>[]) => xs.reduce((a, b) => (b.ms < a.ms ? b : a));
    const bare = best(bares);
    const mine = { ...best(mines), maxRssMB: Math.max(...mines.map((m) => m.maxRssMB)) };
    const secs = (xs: ReturnType<typeof runChild>[]) => xs.map((x) => (x.ms / 1000).toFixed(1)).join('/');
    if (mine.problems !== 0 || mine.entries !== N) throw new Error(`generated ledger did not verify: ${JSON.stringify(mine)}`);
    const perEntry = Math.round(bytes / N);
    const results: BenchResult[] = [
      {
        ...compare(
          `verify ${N.toLocaleString('en-US')}-entry ledger, streaming (schema + chain + ids + ts)`,
          (N * 1000) / mine.ms,
          'entries/s',
          'bare loop: JSON.parse + canonicalize + node:crypto SHA-256',
          (N * 1000) / bare.ms,
          0.5,
        ),
        note: `${perEntry} bytes/entry, ${(bytes / 1e6).toFixed(0)} MB; best of ${runs} interleaved runs (verify ${secs(mines)} s, bare ${secs(bares)} s); peak RSS verify ${mine.maxRssMB.toFixed(0)} MB, bare loop ${Math.max(...bares.map((b) => b.maxRssMB)).toFixed(0)} MB`,
      },
      {
        name: 'verify peak RSS',
        value: mine.maxRssMB,
        unit: 'MB',
        target: '< 150 MB',
        met: mine.maxRssMB < 150,
        note: `whole child process: ${command.includes('tsx') ? 'tsx loader' : 'memkit bundled, plain node, --max-old-space-size=64'}`,
      },
    ];
    results.push(...(await proofs()));
    results.push(...(await hashers()));
    return results;
  },
};

export default suite;

const mode = process.env.MEMKIT_LEDGER_BENCH_CHILD;
if (mode) await child(mode);
