// `npm run bench [-- NAME...]`: runs every bench/*.bench.ts (or those whose
// file name contains NAME), prints the figures and updates bench/results.json.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type BenchResult, type BenchSuite, medianOfProcesses } from './harness.js';

const dir = import.meta.dirname;
const filters = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort();

const resultsFile = join(dir, 'results.json');
const all: Record<string, { ranAt: string; node: string; results: BenchResult[] }> = existsSync(resultsFile) ? (JSON.parse(readFileSync(resultsFile, 'utf8')).suites ?? {}) : {};

const fmt = (n: number) => (n >= 100 ? Math.round(n).toLocaleString('en-US') : n.toPrecision(3));
const line = (r: BenchResult): string => {
  const cmp = r.anchor ? `  ${r.ratio!.toFixed(2)}x vs ${r.anchor.name} (${fmt(r.anchor.value)} ${r.unit})` : '';
  const target = r.target ? `  target ${r.target}: ${r.met ? 'met' : 'NOT met'}` : '';
  return `- ${r.name}: ${fmt(r.value)} ${r.unit}${cmp}${target}${r.note ? `  [${r.note}]` : ''}`;
};

// Each suite runs in a process of its own: a suite that leaves a large heap (the store's
// SQLite databases and minisearch index) would otherwise slow the garbage collection of the
// suites after it, and their figures would depend on which suites ran before.
const child = process.argv.indexOf('--suite');
if (child !== -1) {
  const [file, out] = [process.argv[child + 1]!, process.argv[child + 2]!];
  const suite = (await import(pathToFileURL(join(dir, file)).href)).default as BenchSuite;
  console.log(`\n## ${suite.name}`);
  const results = await suite.run();
  for (const r of results) console.log(line(r));
  writeFileSync(out, JSON.stringify({ name: suite.name, processes: suite.processes ?? 1, results }));
  process.exit(0);
}

const scratch = mkdtempSync(join(tmpdir(), 'memkit-bench-'));
let failed = false;
interface SuiteOutput {
  name: string;
  processes: number;
  results: BenchResult[];
}
// Runs one process of a suite; undefined when it failed.
const runSuite = (file: string, k: number): SuiteOutput | undefined => {
  const out = join(scratch, `${file}.${k}.json`);
  const run = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--suite', file, out], { stdio: 'inherit' });
  if (run.status !== 0 || !existsSync(out)) {
    console.error(`bench ${file} failed (exit ${run.status ?? run.signal})`);
    failed = true;
    return undefined;
  }
  return JSON.parse(readFileSync(out, 'utf8')) as SuiteOutput;
};
for (const file of files) {
  const first = runSuite(file, 0);
  if (first === undefined) continue;
  // A suite that asks for several processes runs again in fresh ones; each figure is then the median.
  const runs = [first.results];
  for (let k = 1; k < first.processes; k++) {
    const next = runSuite(file, k);
    if (next !== undefined) runs.push(next.results);
  }
  if (runs.length < first.processes) continue;
  const results = runs.length > 1 ? medianOfProcesses(runs) : first.results;
  if (runs.length > 1) {
    console.log(`\n## ${first.name}: median of ${runs.length} processes`);
    for (const r of results) console.log(line(r));
  }
  all[first.name] = { ranAt: new Date().toISOString(), node: process.version, results };
}
rmSync(scratch, { recursive: true, force: true });

writeFileSync(resultsFile, JSON.stringify({ machine: 'see docs/benchmarks.md', suites: all }, null, 2) + '\n');
console.log(`\nwrote ${resultsFile}`);
if (failed) process.exitCode = 1;
