// Headless Chromium (Debian's /usr/bin/chromium, driven by playwright-core)
// runs the built package from a page on 127.0.0.1 with an import map: every
// browser subpath loads, the smoke suite (WASM search included) gives exactly
// Node's result (.tmp/smoke/node.json), again under a Content-Security-Policy
// without 'unsafe-eval' (TypeBox falls back to its interpreter), and importing
// the core fetches no .wasm even under a policy that forbids WASM.
// Run: npm run test:browser
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { chromium } from 'playwright-core';
import { consumerFailures } from '../consumer/expected.mjs';
import { ROOT, browserSubpaths, buildImportMap } from './import-map.mjs';
import { startServer } from './server.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

let browser;
let server;

before(async () => {
  assert.ok(existsSync(join(ROOT, 'dist/index.js')), 'dist/ is missing: run `npm run build` first');
  assert.ok(existsSync(CHROMIUM), `no Chromium at ${CHROMIUM}: apt-get install -y chromium (.ci/run does)`);
  server = await startServer(await buildImportMap());
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS, timeout: 60_000 });
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/** Opens the page in a fresh context and returns its outcome and every URL it requested. */
async function run(mode, csp) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const requests = [];
  const logs = [];
  const wasmTypes = [];
  page.on('request', (r) => requests.push(new URL(r.url()).pathname));
  page.on('response', (r) => {
    if (r.url().endsWith('.wasm')) wasmTypes.push(r.headers()['content-type']);
  });
  page.on('console', (m) => logs.push(`${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => logs.push(`pageerror: ${e.message}`));
  try {
    await page.goto(`${server.url}/page.html?mode=${mode}&csp=${csp}`, { timeout: 90_000 });
    await page.waitForFunction(() => window.__memkit !== undefined, undefined, { timeout: 90_000 });
    const outcome = await page.evaluate(() => window.__memkit);
    assert.ok(outcome.ok, `page failed (${mode}, csp=${csp}): ${outcome.error}\n${logs.join('\n')}`);
    return { ...outcome.value, requests, wasmTypes };
  } finally {
    await context.close();
  }
}

const nodeResult = () => {
  const file = join(ROOT, '.tmp/smoke/node.json');
  assert.ok(existsSync(file), 'no Node result: run `node test/smoke/run-node.mjs` first (npm run test:browser does)');
  return JSON.parse(readFileSync(file, 'utf8'));
};

let plainRun;

test("every browser subpath of exports loads, and the smoke suite gives Node's results", async () => {
  plainRun = await run('smoke', 'none');
  assert.equal(plainRun.evalAllowed, true);
  assert.deepEqual(
    Object.keys(plainRun.loaded).sort(),
    browserSubpaths()
      .map((s) => (s === '.' ? 'memkit' : `memkit/${s.slice(2)}`))
      .sort(),
  );
  assert.deepEqual(plainRun.result, nodeResult());
  console.log(`chromium smoke: ${Object.keys(plainRun.result.sections).length} sections equal to Node's; skipped: ${plainRun.result.skipped.join(', ') || 'none'}`);
});

test('SQLite search fetches sqlite3.wasm, served as application/wasm, when memkit/sqlite is used', async () => {
  assert.ok(plainRun?.result.sections.sqlite?.scenario?.search, 'the smoke suite ran an SQLite search');
  assert.ok(
    plainRun.requests.some((p) => p.endsWith('/sqlite3.wasm')),
    'sqlite3.wasm was requested',
  );
  assert.deepEqual([...new Set(plainRun.wasmTypes)], ['application/wasm']);
});

test("under a CSP without unsafe-eval the validators still work and results equal Node's", async () => {
  const r = await run('smoke', 'no-eval');
  assert.equal(r.evalAllowed, false, 'the policy blocks eval (so TypeBox must fall back)');
  assert.deepEqual(r.result, nodeResult());
});

test('importing memkit (core) fetches no .wasm and nothing of sqlite, even under a CSP that forbids eval and WASM', async () => {
  const r = await run('core', 'strict');
  assert.equal(r.evalAllowed, false);
  assert.deepEqual(r.valid, []);
  assert.deepEqual(r.invalid, ['schema.enum /kind']);
  assert.deepEqual(
    r.requests.filter((p) => p.endsWith('.wasm') || p.includes('sqlite')),
    [],
  );
  assert.ok(r.requests.includes('/dist/index.js'));
});

test('the consumer job (test/consumer/programs/anywhere.mjs) runs through openMemory(memoryFiles()), under a CSP that forbids eval and WASM', async () => {
  const r = await run('consumer', 'strict');
  assert.equal(r.evalAllowed, false);
  assert.deepEqual(consumerFailures(r.summary), []);
  assert.equal(r.summary.checkpointSize, 3);
  assert.ok(r.requests.includes('/test/consumer/programs/anywhere.mjs'));
  assert.deepEqual(
    r.requests.filter((p) => p.endsWith('.wasm') || p.includes('sqlite')),
    [],
  );
  console.log(`chromium consumer: ${r.summary.entries} entries, checkpoint size ${r.summary.checkpointSize}, import wrote ${r.summary.importWritten}`);
});
