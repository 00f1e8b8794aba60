// Deno runs the built package (dist/, through the `import` targets of the
// package's `exports`), with its dependencies from the repo's node_modules
// (nodeModulesDir "manual", offline), and must produce exactly Node's smoke
// result (.tmp/smoke/node.json, written by test/smoke/run-node.mjs).
// Run: npm run test:deno
import { deepStrictEqual, ok } from 'node:assert/strict';
import { SMOKE_SUBPATHS, smoke, smokeFailures } from '../smoke/smoke.js';

const root = new URL('../../', import.meta.url);
const pkg = JSON.parse(await Deno.readTextFile(new URL('package.json', root)));

/** The file the `import` condition of an `exports` entry points at. */
function importTarget(entry) {
  if (typeof entry === 'string') return entry;
  const t = entry.import ?? entry.default;
  return typeof t === 'string' ? t : t.default;
}

/** Loads `memkit` or `memkit/<name>` from dist/ the way the exports map says. */
function load(subpath) {
  return import(new URL(importTarget(pkg.exports[subpath]), root).href);
}

Deno.test('every module subpath of exports loads in Deno', async () => {
  const subpaths = Object.keys(pkg.exports).filter((s) => !s.includes('*') && s !== './package.json');
  ok(subpaths.length >= 10, 'exports lists the subpaths');
  for (const s of subpaths) {
    const mod = await load(s);
    ok(typeof mod === 'object', `${s} loads`);
  }
  const target = new URL(importTarget(pkg.exports['./package.json']), root).href;
  deepStrictEqual((await import(target, { with: { type: 'json' } })).default.name, 'memkit');
});

Deno.test('memkit/schemas/*.json resolves in Deno', async () => {
  const target = pkg.exports['./schemas/*.json'].replace('*', 'thread.schema');
  const schema = (await import(new URL(target, root).href, { with: { type: 'json' } })).default;
  deepStrictEqual(schema.$schema, 'https://json-schema.org/draft/2020-12/schema');
});

Deno.test("the smoke suite gives Node's results", async () => {
  const mods = {};
  for (const name of SMOKE_SUBPATHS) mods[name] = await load(name === 'core' ? '.' : `./${name}`);
  mods.fc = await import('fast-check');
  const result = JSON.parse(JSON.stringify(await smoke(mods)));
  deepStrictEqual(smokeFailures(result), []);
  const node = JSON.parse(await Deno.readTextFile(new URL('.tmp/smoke/node.json', root)));
  deepStrictEqual(result, node);
  console.log(`deno smoke: ${Object.keys(result.sections).length} sections equal to Node's (${Object.keys(result.sections).join(', ')}); skipped: ${result.skipped.join(', ') || 'none'}`);
});
