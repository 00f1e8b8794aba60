// Size budget: each built entry bundled as a consumer's bundler would ship it
// (dependencies left external: memkit's own code only), minified, gzipped.
// Two figures are budgeted. What a consumer ships who imports the core's
// parsers and `validate` from `memkit` (tree-shaken: the package is free of side
// effects) must stay under 60 kB; the whole core entry, which carries the memory
// handle and with it the ledger, task, thread, exchange and check engines, under
// 150 kB. The other entries are printed for information. The CommonJS files together (entries and
// their shared chunks, as shipped) must stay under 2.5 MB: one copy of the library,
// where a copy inlined per entry was 14 MB. Run after the build (npm test does).
import { build } from 'esbuild';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Budgets in bytes (minified + gzipped, own code only). */
const BUDGETS = { index: 150_000, 'index (parsers)': 60_000 };
/** What a consumer of the core's parsers imports (tree-shaken from dist/index.js). */
const PARSERS_IMPORT =
  "export { validate, isValid, parseFormat, parseFrontmatter, stringifyFrontmatter, updateFrontmatter, parseJsonl, serializeJsonl, markdownOutline, canonicalize, hashJson, sha256Hex, readJson } from './dist/index.js';";
/** Budget in bytes of every dist/ `.cjs` file together (unminified, as shipped). */
const CJS_BUDGET = 2_500_000;

if (!existsSync(join(ROOT, 'dist/index.js'))) {
  console.error('size budget: dist/ is missing; run `npm run build` first');
  process.exit(1);
}

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const entries = Object.entries(pkg.exports)
  .filter(([k]) => !k.includes('*') && k !== './package.json')
  .map(([k, v]) => [k === '.' ? 'index' : k.slice(2), { entryPoints: [join(ROOT, v.import?.default ?? v.import ?? v.default)] }]);
entries.splice(1, 0, ['index (parsers)', { stdin: { contents: PARSERS_IMPORT, resolveDir: ROOT, loader: 'js' } }]);

let failed = false;
const rows = [];
for (const [name, input] of entries) {
  const result = await build({
    ...input,
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
    entry: name.startsWith('index') ? `memkit${name.slice(5)}` : `memkit/${name}`,
    'min (kB)': (code.length / 1000).toFixed(1),
    'min+gz (kB)': (gz / 1000).toFixed(1),
    budget: budget === undefined ? '' : `< ${budget / 1000} kB${over ? '  OVER' : ''}`,
  });
}
console.table(rows);
const cjsFiles = readdirSync(join(ROOT, 'dist'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.cjs') && !/^cli[\\/]/.test(f));
const cjsBytes = cjsFiles.reduce((sum, f) => sum + statSync(join(ROOT, 'dist', f)).size, 0);
const cjsOver = cjsFiles.length === 0 || cjsBytes >= CJS_BUDGET;
failed ||= cjsOver;
console.log(
  `CommonJS: ${cjsFiles.length} files, ${(cjsBytes / 1e6).toFixed(2)} MB (budget < ${CJS_BUDGET / 1e6} MB)${cjsFiles.length === 0 ? '  MISSING: run `npm run build`' : cjsOver ? '  OVER' : ''}`,
);
if (failed) {
  console.error('size budget: an entry is over its budget');
  process.exitCode = 1;
} else console.log('size budget: ok');
