// `npm run bench [-- NAME...]`: runs every bench/*.bench.ts (or those whose
// file name contains NAME), prints the figures and updates bench/results.json.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BenchResult, formatResult, medianOfProcesses } from './harness.js';

const dir = import.meta.dirname;
const filters = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort();

const resultsFile = join(dir, 'results.json');
const all: Record<string, { ranAt: string; node: string; results: BenchResult[] }> = existsSync(resultsFile) ? (JSON.parse(readFileSync(resultsFile, 'utf8')).suites ?? {}) : {};

// Each suite runs in a process of its own: a suite that leaves a large heap (the store's
// SQLite databases and minisearch index) would otherwise slow the garbage collection of the
// suites after it, and their figures would depend on which suites ran before.
//
// That process runs the suite bundled by esbuild under plain node, as the package is built
// (tsup is esbuild too): tsx compiles with keepNames, which wraps every function created in a
// loop in a `__name(...)` call that the built package does not have, so figures taken through
// tsx measure the loader as well as memkit (checkWbs at 100k: 1.3x slower through tsx).
// The bundle is written next to the suites so their `import.meta.dirname` still names bench/.
const version = JSON.parse(readFileSync(join(dir, '..', 'package.json'), 'utf8')).version as string;
const bundle = async (file: string): Promise<string> => {
  const { build } = await import('esbuild');
  const outfile = join(dir, `.${file.replace(/\.ts$/, '')}.bundle.mjs`);
  await build({
    stdin: {
      contents: `import suite from './${file}';\nimport { runSuiteProcess } from './harness.js';\nawait runSuiteProcess(suite, process.argv[2]);\n`,
      resolveDir: dir,
      sourcefile: `${file}.entry.ts`,
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outfile,
    define: { __MEMKIT_VERSION__: JSON.stringify(version) },
    // Bundled CommonJS helpers (if any) still find `require`.
    banner: { js: "import { createRequire as __benchRequire } from 'node:module'; const require = __benchRequire(import.meta.url);" },
    logLevel: 'warning',
  });
  return outfile;
};

const scratch = mkdtempSync(join(tmpdir(), 'memkit-bench-'));
let failed = false;
interface SuiteOutput {
  name: string;
  processes: number;
  results: BenchResult[];
}
// Runs one process of a suite; undefined when it failed.
const runSuite = (bundled: string, file: string, k: number): SuiteOutput | undefined => {
  const out = join(scratch, `${file}.${k}.json`);
  const run = spawnSync(process.execPath, [bundled, out], { stdio: 'inherit' });
  if (run.status !== 0 || !existsSync(out)) {
    console.error(`bench ${file} failed (exit ${run.status ?? run.signal})`);
    failed = true;
    return undefined;
  }
  return JSON.parse(readFileSync(out, 'utf8')) as SuiteOutput;
};
for (const file of files) {
  const bundled = await bundle(file);
  const first = runSuite(bundled, file, 0);
  if (first === undefined) continue;
  // A suite that asks for several processes runs again in fresh ones; each figure is then the median.
  const runs = [first.results];
  for (let k = 1; k < first.processes; k++) {
    const next = runSuite(bundled, file, k);
    if (next !== undefined) runs.push(next.results);
  }
  if (runs.length < first.processes) continue;
  const results = runs.length > 1 ? medianOfProcesses(runs) : first.results;
  if (runs.length > 1) {
    console.log(`\n## ${first.name}: median of ${runs.length} processes`);
    for (const r of results) console.log(formatResult(r));
  }
  all[first.name] = { ranAt: new Date().toISOString(), node: process.version, results };
  rmSync(bundled, { force: true });
}
rmSync(scratch, { recursive: true, force: true });

writeFileSync(resultsFile, JSON.stringify({ machine: 'see docs/benchmarks.md', suites: all }, null, 2) + '\n');
console.log(`\nwrote ${resultsFile}`);
if (failed) process.exitCode = 1;
