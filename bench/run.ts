// `npm run bench [-- NAME...]`: runs every bench/*.bench.ts (or those whose
// file name contains NAME), prints the figures and updates bench/results.json.
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BenchResult, BenchSuite } from './harness.js';

const dir = import.meta.dirname;
const filters = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort();

const resultsFile = join(dir, 'results.json');
const all: Record<string, { ranAt: string; node: string; results: BenchResult[] }> = existsSync(resultsFile)
  ? JSON.parse(readFileSync(resultsFile, 'utf8')).suites ?? {}
  : {};

const fmt = (n: number) => (n >= 100 ? Math.round(n).toLocaleString('en-US') : n.toPrecision(3));

for (const file of files) {
  const suite = (await import(pathToFileURL(join(dir, file)).href)).default as BenchSuite;
  console.log(`\n## ${suite.name}`);
  const results = await suite.run();
  for (const r of results) {
    const cmp = r.anchor ? `  ${r.ratio!.toFixed(2)}x vs ${r.anchor.name} (${fmt(r.anchor.value)} ${r.unit})` : '';
    const target = r.target ? `  target ${r.target}: ${r.met ? 'met' : 'NOT met'}` : '';
    console.log(`- ${r.name}: ${fmt(r.value)} ${r.unit}${cmp}${target}${r.note ? `  [${r.note}]` : ''}`);
  }
  all[suite.name] = { ranAt: new Date().toISOString(), node: process.version, results };
}

writeFileSync(resultsFile, JSON.stringify({ machine: 'see docs/benchmarks.md', suites: all }, null, 2) + '\n');
console.log(`\nwrote ${resultsFile}`);
