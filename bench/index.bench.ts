// Indexing benchmark (issue 24): rebuildSearchIndex of 10,000 memory doc files, end to end
// (read, hash, frontmatter, validation, headings and body text, index), against putting the
// same records into the same kind of store without any parsing (the index-only anchor).
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { openSqliteStore, sqliteWasm } from '../src/adapters/sqlite/index.js';
import { nodeFiles } from '../src/adapters/node/fs-port.js';
import { nodeHasher } from '../src/adapters/node/hasher.js';
import { unwrap } from '../src/kernel/problems/index.js';
import { type DocRecord, type FilePort, memoryFiles, rebuildSearchIndex } from '../src/services/store/index.js';
import { type BenchResult, type BenchSuite, compare, median } from './harness.js';
import { memoryDocCorpus } from './memory-docs.js';

const N = Number(process.env.MEMKIT_BENCH_DOCS ?? '') || 10_000;
const ROUNDS = 3;

const engine = sqliteWasm();

// Index only: the records of the files put into a fresh store in one transaction, as rebuildSearchIndex does.
async function indexOnly(records: readonly DocRecord[]): Promise<number> {
  const store = unwrap(await openSqliteStore({ engine }));
  const t0 = performance.now();
  await store.listHashes();
  await store.transaction(async (tx) => {
    await tx.clearDocs();
    for (const r of records) await tx.putDoc(r);
  });
  const ms = performance.now() - t0;
  await store.close();
  return ms;
}

async function endToEnd(files: FilePort): Promise<{ ms: number; added: number; problems: number }> {
  const store = unwrap(await openSqliteStore({ engine }));
  const t0 = performance.now();
  const report = await rebuildSearchIndex(store, files, { hasher: nodeHasher });
  const ms = performance.now() - t0;
  await store.close();
  return { ms, added: report.added.length, problems: report.problems.filter((p) => p.severity === 'error').length };
}

const suite: BenchSuite = {
  name: 'index',
  processes: 3,
  async run(): Promise<BenchResult[]> {
    const corpus = memoryDocCorpus(N);
    const inMemory = memoryFiles(Object.fromEntries(corpus.map((d) => [d.path, d.text])));
    const root = mkdtempSync(join(tmpdir(), 'memkit-index-bench-'));
    for (const d of corpus) {
      mkdirSync(dirname(join(root, d.path)), { recursive: true });
      writeFileSync(join(root, d.path), d.text);
    }
    const onDisk = nodeFiles(root);
    // The anchor's records: exactly what the end-to-end run indexes.
    const store = unwrap(await openSqliteStore({ engine }));
    const first = await rebuildSearchIndex(store, inMemory, { hasher: nodeHasher });
    if (first.added.length !== N || first.problems.some((p) => p.severity === 'error')) throw new Error(`bench corpus does not index cleanly: ${JSON.stringify(first.problems.slice(0, 3))}`);
    const records: DocRecord[] = [];
    for (const id of first.added) records.push((await store.getDocRecord(id))!);
    await store.close();

    // Interleaved rounds, so a change of load on the machine hits both alike.
    const only: number[] = [];
    const e2e: number[] = [];
    const disk: number[] = [];
    let last = { ms: 0, added: 0, problems: 0 };
    for (let k = 0; k < ROUNDS; k++) {
      only.push(await indexOnly(records));
      last = await endToEnd(inMemory);
      e2e.push(last.ms);
      disk.push((await endToEnd(onDisk)).ms);
    }
    rmSync(root, { recursive: true, force: true });
    const [onlyMs, e2eMs, diskMs] = [median(only), median(e2e), median(disk)];
    return [
      {
        // As for every time figure, the ratio is anchor / value: >= 0.5x is "at most twice the index-only time".
        ...compare(`rebuildSearchIndex of ${N.toLocaleString('en-US')} memory doc files, end to end`, e2eMs, 'ms', 'index only (same records, same store, no parsing)', onlyMs, 0.5, false),
        note: `${last.added} docs; ${Math.round((N * 1000) / e2eMs)} docs/s; ${(e2eMs / onlyMs).toFixed(2)}x the index-only time; files from an in-memory port; median of ${ROUNDS} interleaved rounds`,
      },
      {
        ...compare('rebuildSearchIndex from files on disk (nodeFiles)', diskMs, 'ms', 'index only', onlyMs, undefined, false),
        note: 'reference, no target: adds listing and reading 10,000 files through the file system',
      },
    ];
  },
};

export default suite;
