// The store commands as whole processes, process start included, alternated pair by pair with an anchor
// (alternatePairs: the median of the pairs' ratios), on the 10,000 memory docs of bench/memory-docs.ts:
// - `memkit search DIR QUERY` on an index already built, every doc unchanged, against a bare Node script that
//   stats the same 10,000 files and runs the same FTS5 query with better-sqlite3 on a plain FTS5 table of the
//   same docs (target: at most 2x its time);
// - `memkit index DIR --store URL` of the 10,000 docs into an empty PostgreSQL schema, against `memkit index DIR
//   --engine wasm` of the same docs into a new SQLite file (target: at least half its throughput, i.e. at most
//   2x its time); only with MEMKIT_PG_URL (a real server), else the figure says why it is missing.
// Runs the built CLI (dist/cli/main.js), building the ESM files first when src/ is newer.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { RACY_MS } from '../src/adapters/node/fs-port.js';
import { BUILT_CLI, type BenchResult, type BenchSuite, ensureBuilt, alternatePairs, pairedTarget } from './harness.js';
import { memoryDocCorpus } from './memory-docs.js';

const root = join(import.meta.dirname, '..');
const cli = BUILT_CLI;
const N = 10_000;
const PAIRS = 7;
/** Two words of the corpus: most docs hold each, so both sides rank thousands of matches. */
const QUERY = ['ledger', 'verify'];
const url = process.env.MEMKIT_PG_URL;

/** Runs `node ...args` to its exit (stdout kept); a non-zero exit is an error, not a figure. */
function node(args: string[], env: NodeJS.ProcessEnv = process.env): string {
  const run = spawnSync(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 26 });
  if (run.status !== 0) throw new Error(`node ${args.join(' ')} exited ${run.status ?? run.signal}: ${run.stderr}${run.stdout.toString().slice(0, 2000)}`);
  return run.stdout.toString();
}

// The anchor: what a bare script does for the same answer. Every file under the memory folder is stat'ed (as
// a refresh that trusts unchanged files must), then one FTS5 query, ranked by bm25 with a snippet, top 10.
const ANCHOR = `import Database from 'better-sqlite3';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
const [dir, db, ...words] = process.argv.slice(2);
let files = 0;
for (const e of readdirSync(dir, { recursive: true, withFileTypes: true }))
  if (e.isFile() && e.name.endsWith('.md')) { statSync(join(e.parentPath, e.name)); files++; }
const conn = new Database(db, { readonly: true });
const hits = conn.prepare("SELECT path, snippet(docs, 1, '[', ']', '…', 12) AS s FROM docs WHERE docs MATCH ? ORDER BY bm25(docs) LIMIT 10").all(words.map((w) => '"' + w + '"').join(' '));
process.stdout.write(hits.map((h, i) => (i + 1) + '. ' + h.path + '\\n   ' + h.s + '\\n').join(''));
conn.close();
`;

const suite: BenchSuite = {
  name: 'process-store',
  async run(): Promise<BenchResult[]> {
    ensureBuilt();
    const work = mkdtempSync(join(tmpdir(), 'memkit-process-store-'));
    // The anchor script lives beside the suite, where better-sqlite3 resolves.
    const anchorScript = join(root, 'bench', 'data', `process-store-anchor-${process.pid}.mjs`);
    mkdirSync(dirname(anchorScript), { recursive: true });
    writeFileSync(anchorScript, ANCHOR);
    const results: BenchResult[] = [];
    try {
      const dir = join(work, 'memory');
      const docs = memoryDocCorpus(N);
      for (const d of docs) {
        mkdirSync(dirname(join(dir, d.path)), { recursive: true });
        writeFileSync(join(dir, d.path), d.text);
      }
      // The node file port vouches only for files older than its racy window: wait it out, so the index built
      // next records every file's fingerprint.
      await new Promise((r) => setTimeout(r, RACY_MS + 500));

      // --- search on an unchanged index
      node([cli, 'index', dir]);
      const anchorDb = join(work, 'anchor.sqlite');
      const db = new Database(anchorDb);
      db.exec('CREATE VIRTUAL TABLE docs USING fts5(path UNINDEXED, text)');
      const insert = db.prepare('INSERT INTO docs (path, text) VALUES (?, ?)');
      db.transaction(() => {
        for (const d of docs) insert.run(d.path, d.text);
      })();
      db.close();
      const memoryFolder = join(dir, '.thunderus', 'memory');
      const hits = node([cli, 'search', dir, ...QUERY, '--format', 'json']);
      const unchanged = JSON.parse(node([cli, 'index', dir, '--format', 'json'])) as { unchanged: number; added: string[]; updated: string[] };
      if (unchanged.unchanged !== N || unchanged.added.length + unchanged.updated.length > 0) throw new Error(`the index is not up to date: ${JSON.stringify(unchanged).slice(0, 200)}`);
      const search = await alternatePairs(
        () => node([cli, 'search', dir, ...QUERY]),
        () => node([anchorScript, memoryFolder, anchorDb, ...QUERY]),
        PAIRS,
      );
      results.push(
        pairedTarget(
          `memkit search DIR "${QUERY.join(' ')}" on ${N.toLocaleString('en-US')} unchanged docs`,
          search,
          'a bare script: stat every doc, one better-sqlite3 FTS5 query',
          2,
          `${(JSON.parse(hits) as { hits: unknown[] }).hits.length} hits; better-sqlite3 index opened in place`,
        ),
      );

      // --- PostgreSQL index of 10,000 docs against sqlite-wasm
      const name = `memkit index of ${N.toLocaleString('en-US')} docs into PostgreSQL (throughput)`;
      const anchorName = 'memkit index --engine wasm of the same docs';
      if (url === undefined) {
        results.push({ name: `${name} / ${anchorName}`, value: Number.NaN, unit: 'x', note: 'not measured: MEMKIT_PG_URL is not set (the figure needs a PostgreSQL server)' });
      } else {
        const pool = new pg.Pool({ connectionString: url, max: 2 });
        const schemas: string[] = [];
        let wasmRun = 0;
        try {
          const paired = await alternatePairs(
            () => {
              const schema = `bench_${randomBytes(6).toString('hex')}`;
              schemas.push(schema);
              node([cli, 'index', dir, '--store', url, '--schema', schema]);
            },
            () => node([cli, 'index', dir, '--engine', 'wasm', '--db', join(work, `wasm-${wasmRun++}.sqlite`)]),
            PAIRS,
          );
          const docsIn = await pool.query<{ n: string }>(`SELECT count(*)::text AS n FROM "${schemas.at(-1)!}".docs`);
          // Throughput: time inverted, so the target reads as at least half the anchor's.
          const r = pairedTarget(name, paired, anchorName, 2, `${docsIn.rows[0]!.n} docs in the last schema; PostgreSQL server over loopback (MEMKIT_PG_URL)`);
          results.push({ ...r, value: 1 / paired.ratio, target: '>= 0.5x', met: 1 / paired.ratio >= 0.5 });
        } finally {
          for (const s of schemas) await pool.query(`DROP SCHEMA IF EXISTS "${s}" CASCADE`);
          await pool.end();
        }
      }
    } finally {
      rmSync(work, { recursive: true, force: true });
      rmSync(anchorScript, { force: true });
    }
    return results;
  },
};

export default suite;
