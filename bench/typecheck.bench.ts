// Type-check cost for a TypeScript consumer: `tsc -p` of a strict project (lib ES2022, types node,
// no DOM, no skipLibCheck) importing every entry of the built package (test/types/consumer/
// tsconfig.all.json) against the same project importing nothing (tsconfig.none.json). Each figure
// is a whole tsc process; the two alternate in pairs so both of a pair run under the same load,
// and the ratio is the median of the pairs' ratios. Needs the declarations built (`npx tsup`).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type BenchResult, type BenchSuite, loadNote, median } from './harness.js';

const root = join(import.meta.dirname, '..');
const consumer = join(root, 'test', 'types', 'consumer');
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');

interface Run {
  ms: number;
  instantiations: number;
  files: number;
}

// One tsc process; its wall time, and the counts `--extendedDiagnostics` prints.
function typecheck(config: string): Run {
  const start = performance.now();
  const run = spawnSync(process.execPath, [tsc, '-p', join(consumer, config), '--extendedDiagnostics'], { encoding: 'utf8', cwd: root });
  const ms = performance.now() - start;
  if (run.status !== 0) throw new Error(`tsc -p ${config} failed:\n${run.stdout}${run.stderr}`);
  const count = (label: string) => Number(new RegExp(`^${label}:\\s+(\\d+)`, 'm').exec(run.stdout)?.[1] ?? Number.NaN);
  return { ms, instantiations: count('Instantiations'), files: count('Files') };
}

const suite: BenchSuite = {
  name: 'typecheck',
  async run(): Promise<BenchResult[]> {
    // `npm ci` builds the ESM files only; the declarations this suite type-checks come from the full build.
    if (!existsSync(join(root, 'dist', 'index.d.ts'))) spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (!existsSync(join(root, 'dist', 'index.d.ts'))) throw new Error('the typecheck bench reads the built declarations, and `npm run build` did not write them');
    const pairs = 5;
    const all: Run[] = [];
    const none: Run[] = [];
    const ratios: number[] = [];
    typecheck('tsconfig.none.json'); // warm the file cache
    for (let i = 0; i < pairs; i++) {
      // Alternate which goes first, so neither always runs on a cooler machine.
      const everyFirst = i % 2 === 0;
      const n0 = everyFirst ? undefined : typecheck('tsconfig.none.json');
      const a = typecheck('tsconfig.all.json');
      const n = n0 ?? typecheck('tsconfig.none.json');
      all.push(a);
      none.push(n);
      ratios.push(a.ms / n.ms);
    }
    const ratio = median(ratios);
    const allMs = median(all.map((r) => r.ms));
    const noneMs = median(none.map((r) => r.ms));
    const sorted = [...ratios].sort((x, y) => x - y);
    const counts = `every entry: ${all[0]!.files} files, ${all[0]!.instantiations.toLocaleString('en-US')} instantiations; nothing: ${none[0]!.files} files, ${none[0]!.instantiations.toLocaleString('en-US')} instantiations`;
    const note = `${pairs} alternating pairs, ratios ${sorted[0]!.toFixed(2)}–${sorted.at(-1)!.toFixed(2)}x; ${counts}; ${loadNote()}`;
    const anchor = 'the same consumer importing nothing';
    return [
      { name: 'type-check time, consumer importing every entry / importing nothing', value: ratio, unit: 'x', target: '<= 3x', met: ratio <= 3, note },
      {
        name: 'type-check time, consumer importing every entry',
        value: allMs,
        unit: 'ms',
        anchor: { name: anchor, value: noneMs },
        ratio: noneMs / allMs,
        note: 'whole tsc process, median of the pairs',
      },
    ];
  },
};

export default suite;
