// Refresh benchmark: refreshIndex after changing 10 of the store suite's 10,000 memory docs, against a
// full rebuildIndex of the same files: in memory (every file read and hashed) and from files on disk
// through the node file port (unchanged files skipped by fingerprint).
// A suite of its own, in fresh processes: inside the store suite these ran after minisearch, three
// SQLite stores and the query rounds had filled the heap, and measured that heap's garbage collection
// (164 ms a refresh there, about 100 ms in a fresh process).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { openSqliteStore, sqliteWasm } from '../src/adapters/sqlite/index.js';
import { RACY_MS, nodeFiles } from '../src/adapters/node/fs-port.js';
import { nodeHasher } from '../src/adapters/node/hasher.js';
import { unwrap } from '../src/kernel/problems/index.js';
import { type FilePort, type IndexReport, type Store, memoryFiles, rebuildSearchIndex, refreshIndex } from '../src/services/store/index.js';
import { type BenchResult, type BenchSuite, median, timeOnce } from './harness.js';
import { generate } from './store.bench.js';

const ROUNDS = 5;
const REBUILDS = 3;

interface Rounds {
  ms: number;
  times: number[];
  report: IndexReport;
}

/** A refresh figure against a full rebuild of the same files (target: under 5% of it). */
function refreshResult(name: string, rounds: Rounds, anchorName: string, rebuilds: number[], where: string): BenchResult {
  const rebuildMs = median(rebuilds);
  const ratio = rounds.ms / rebuildMs;
  return {
    name,
    value: rounds.ms,
    unit: 'ms',
    anchor: { name: anchorName, value: rebuildMs },
    ratio,
    target: '< 5% of a full rebuild',
    met: ratio < 0.05,
    note: `${where}; ${rounds.report.updated.length} updated, ${rounds.report.unchanged} unchanged; median of ${ROUNDS} rounds (${rounds.times.map((t) => t.toFixed(0)).join(', ')} ms); rebuild median of ${REBUILDS} (${rebuilds.map((t) => t.toFixed(0)).join(', ')} ms); ${(ratio * 100).toFixed(2)}% of rebuild`,
  };
}

const suite: BenchSuite = {
  name: 'refresh',
  // A refresh is about 100 ms, so one garbage collection more or less moves it by several percent, and
  // a rebuild's time moves from process to process too: five fresh processes, each figure the median.
  processes: 5,
  async run(): Promise<BenchResult[]> {
    const docs = generate();
    // The corpus on disk, written first so that by the time it is indexed its files are older than
    // the port's racy window (fingerprints vouch only for those).
    const diskRoot = mkdtempSync(join(tmpdir(), 'memkit-refresh-bench-'));
    for (const d of docs) {
      mkdirSync(dirname(join(diskRoot, d.record.path)), { recursive: true });
      writeFileSync(join(diskRoot, d.record.path), d.file);
    }
    const diskWrittenAt = Date.now();
    const engine = sqliteWasm();
    const opts = { hasher: nodeHasher };
    // Each anchor is the median of three full rebuilds into the same store (the first into an empty one),
    // all before the refresh rounds: timed between them, the rounds after each rebuild paid for collecting
    // its garbage (from disk 4.95% of a rebuild against 3.94–4.50% this way).
    const rebuilds = async (store: Store, port: FilePort) => {
      const times: number[] = [];
      for (let k = 0; k < REBUILDS; k++) times.push(await timeOnce(() => rebuildSearchIndex(store, port, opts)));
      return times;
    };
    // Five rounds, ten other docs changed before each; the figure is the median round.
    const refreshRounds = async (store: Store, port: FilePort, write: (path: string, text: string) => Promise<void> | void): Promise<Rounds> => {
      const times: number[] = [];
      let last: IndexReport | undefined;
      for (let round = 0; round < ROUNDS; round++) {
        for (let i = 0; i < 10; i++) {
          const d = docs[i * 997 + round]!;
          await write(d.record.path, d.file.replace('\n# ', `\nChanged paragraph ${round}.\n\n# `));
        }
        times.push(await timeOnce(async () => (last = await refreshIndex(store, port, opts))));
      }
      return { ms: median(times), times, report: last! };
    };
    const results: BenchResult[] = [];

    // --- in memory: no fingerprints, every file read and hashed (in a function of its own, so that
    // its files and store are garbage before the refresh from disk)
    const inMemory = async () => {
      const enc = new TextEncoder();
      const files = memoryFiles(Object.fromEntries(docs.map((d) => [d.record.path, d.file])));
      const store = unwrap(await openSqliteStore({ engine }));
      const times = await rebuilds(store, files);
      const rounds = await refreshRounds(store, files, (path, text) => files.write(path, enc.encode(text)));
      await store.close();
      return refreshResult('refreshIndex after changing 10 of 10k docs', rounds, 'full rebuildIndex', times, 'in-memory file port (no fingerprints: every file read and hashed)');
    };
    results.push(await inMemory());

    // --- from files on disk through the node file port (what `memkit index` runs)
    await new Promise((res) => setTimeout(res, Math.max(0, diskWrittenAt + RACY_MS + 500 - Date.now())));
    const onDisk = nodeFiles(diskRoot);
    const diskStore = unwrap(await openSqliteStore({ engine }));
    const diskRebuilds = await rebuilds(diskStore, onDisk);
    const disk = await refreshRounds(diskStore, onDisk, (path, text) => writeFileSync(join(diskRoot, path), text));
    await diskStore.close();
    rmSync(diskRoot, { recursive: true, force: true });
    results.push(
      refreshResult('refreshIndex from files on disk after changing 10 of 10k docs (node file port, fingerprints)', disk, 'full rebuildIndex from the same files', diskRebuilds, 'node file port'),
    );
    return results;
  },
};

export default suite;
