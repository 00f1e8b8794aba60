// Size budget: each built entry bundled as a consumer's bundler would ship it
// (dependencies left external: memkit's own code only), minified, gzipped.
// The core entry `memkit` (dist/index.js) must stay under 60 kB; the other
// entries are printed for information. Run after the build (npm test does).
import { build } from 'esbuild';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Budgets in bytes (minified + gzipped, own code only). */
const BUDGETS = { index: 60_000 };

if (!existsSync(join(ROOT, 'dist/index.js'))) {
  console.error('size budget: dist/ is missing; run `npm run build` first');
  process.exit(1);
}

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const entries = Object.entries(pkg.exports)
  .filter(([k]) => !k.includes('*') && k !== './package.json')
  .map(([k, v]) => [k === '.' ? 'index' : k.slice(2), v.import?.default ?? v.import ?? v.default]);

let failed = false;
const rows = [];
for (const [name, target] of entries) {
  const result = await build({
    entryPoints: [join(ROOT, target)],
    absWorkingDir: ROOT,
    bundle: true,
    minify: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
    packages: 'external',
    external: ['node:*'],
    outfile: join(ROOT, '.tmp/size.js'),
    logLevel: 'silent',
  });
  const code = result.outputFiles.find((f) => f.path.endsWith('.js')).contents;
  const gz = gzipSync(code, { level: 9 }).length;
  const budget = BUDGETS[name];
  const over = budget !== undefined && gz >= budget;
  failed ||= over;
  rows.push({
    entry: name === 'index' ? 'memkit' : `memkit/${name}`,
    'min (kB)': (code.length / 1000).toFixed(1),
    'min+gz (kB)': (gz / 1000).toFixed(1),
    budget: budget === undefined ? '' : `< ${budget / 1000} kB${over ? '  OVER' : ''}`,
  });
}
console.table(rows);
if (failed) {
  console.error('size budget: an entry is over its budget');
  process.exitCode = 1;
} else console.log('size budget: ok');
