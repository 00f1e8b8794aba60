// `memkit mcp --http` in a real child process, driven by the SDK's Streamable HTTP client; and the
// token cost of the whole tools/list answer, measured with the cl100k_base tokenizer.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { encode } from 'gpt-tokenizer/encoding/cl100k_base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDirectory } from '../../src/engine/index.js';
import { verifyText } from '../../src/services/ledger/index.js';
import { nodeCheckSource, nodeFiles, nodeHasher } from '../../src/adapters/node/index.js';
import { parseFrontmatter } from '../../src/syntax/index.js';
import { parseLedgerText } from '../../src/formats/memory-bank/ledger-text.js';
import { memoryStore, refreshIndex } from '../../src/services/store/index.js';
import { loadWbs, readyTasks } from '../../src/services/wbs/index.js';
import { call, codes, copyExample, httpClient } from './helpers.js';

/** The budget the issue sets for the whole tools/list answer. */
const TOKEN_BUDGET = 2500;

describe('memkit mcp --http on 127.0.0.1', () => {
  let ex: ReturnType<typeof copyExample>;
  let c: Awaited<ReturnType<typeof httpClient>>;
  beforeAll(async () => {
    ex = copyExample('agent-memory');
    c = await httpClient(ex.dir, ['--write']);
  }, 60_000);
  afterAll(async () => {
    await c?.close();
    ex?.done();
  });

  it('binds the loopback address only', () => {
    expect(new URL(c.url).hostname).toBe('127.0.0.1');
  });

  it(`answers tools/list in under ${TOKEN_BUDGET} cl100k tokens`, async () => {
    const listed = await c.client.listTools();
    expect(listed.tools).toHaveLength(10);
    const tokens = encode(JSON.stringify({ tools: listed.tools })).length;
    console.log(`tools/list: ${listed.tools.length} tools, ${tokens} cl100k tokens, ${JSON.stringify({ tools: listed.tools }).length} characters`);
    expect(tokens).toBeLessThan(TOKEN_BUDGET);
  });

  it('search, check and verify agree with the library', async () => {
    const store = memoryStore();
    await refreshIndex(store, nodeFiles(ex.dir), { hasher: nodeHasher });
    const lib = await store.search('release', { limit: 10 });
    const hits = await call(c.client, 'search', { query: 'release' });
    expect(hits.value.hits.map((h: { id: string }) => h.id)).toEqual(lib.ok ? lib.value.map((h) => h.docId) : null);
    const checked = await call(c.client, 'check');
    const report = await checkDirectory(nodeCheckSource(ex.dir), { hasher: nodeHasher });
    expect(checked.value).toEqual({ ok: report.ok, root: '.', checked: report.checked, problems: report.problems });
    const ledger = 'memory-bank/productContext.md';
    const v = verifyText(readFileSync(join(ex.dir, ledger), 'utf8'), { file: ledger, hasher: nodeHasher, checkpointAll: true });
    expect((await call(c.client, 'verify', { ledger })).value).toMatchObject({ entries: v.entries, head: v.head, checkpoint: v.checkpoint });
  });

  it('writes through HTTP, and refuses a writer the policy denies', async () => {
    const ledger = 'memory-bank/activeContext.md';
    const ok = await call(c.client, 'append', { ledger, entry: { source_agent: 'Frontend', source_chunks: [], summary_128: 'over HTTP' } });
    expect(ok.isError).toBe(false);
    expect(verifyText(readFileSync(join(ex.dir, ledger), 'utf8'), { file: ledger, hasher: nodeHasher }).head).toBe(ok.value.changed[0].hash);
    const denied = await call(c.client, 'append', {
      ledger: 'memory-bank/riskRegister.md',
      entry: { reporter_agent: 'Frontend', threat_type: 'Tampering', severity: 'HIGH', description: 'd', mitigation: '', status: 'OPEN' },
    });
    expect([denied.isError, codes(denied.value)]).toEqual([true, ['ledger.writer-denied']]);
  });

  it('every other tool answers over HTTP as the library does', async () => {
    const loaded = await loadWbs(nodeFiles(ex.dir));
    expect((await call(c.client, 'ready', {})).value).toEqual(readyTasks(loaded.index as never));
    const doc = await call(c.client, 'read', { id: 'playbook.release' });
    const parsed = parseFrontmatter(readFileSync(join(ex.dir, doc.value.path), 'utf8'));
    expect(parsed.ok && [doc.value.frontmatter, doc.value.body]).toEqual(parsed.ok && [parsed.value.data, parsed.value.body]);
    const ledger = 'memory-bank/decisionLog.md';
    const entries = parseLedgerText(readFileSync(join(ex.dir, ledger), 'utf8')).entries.map((e) => e.value);
    expect((await call(c.client, 'history', { ledger, limit: 1 })).value.entries[0].entry).toEqual(entries[entries.length - 1]);
    const remembered = await call(c.client, 'remember', { id: 'fact.http', title: 'Over HTTP', kind: 'fact' });
    expect(remembered.isError).toBe(false);
    expect(readFileSync(join(ex.dir, remembered.value.changed[0].path), 'utf8')).toContain('id: fact.http');
    const task = await call(c.client, 'task', { id: '1.2.2', status: 'done' });
    expect([task.isError, task.value.task.status]).toEqual([false, 'done']);
    const thread = await call(c.client, 'thread', { command: 'archive', params: { thread_id: 'search-ui' } });
    expect(thread.isError).toBe(false);
    expect(JSON.parse(readFileSync(join(ex.dir, 'threads/thread-store.json'), 'utf8')).threads['search-ui'].status).toBe('archived');
    expect((await call(c.client, 'check')).value.ok).toBe(true);
  });

  it('lists and reads resources', async () => {
    const { resources } = await c.client.listResources();
    expect(resources.some((r) => r.uri === 'memkit://manifest')).toBe(true);
    const manifest = await c.client.readResource({ uri: 'memkit://manifest' });
    expect((manifest.contents[0] as { text: string }).text).toBe(readFileSync(join(ex.dir, '.thunderus/memory/indexes/manifest.json'), 'utf8'));
  });

  it('refuses a request whose Host is not localhost (DNS rebinding)', async () => {
    // fetch drops a Host header; node:http sends it as given.
    const { request } = await import('node:http');
    const url = new URL(c.url);
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const status = (host: string) =>
      new Promise<number>((resolve, reject) => {
        const req = request(
          { host: '127.0.0.1', port: url.port, path: '/mcp', method: 'POST', headers: { host, 'content-type': 'application/json', accept: 'application/json, text/event-stream' } },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.once('error', reject);
        req.end(body);
      });
    const res = { status: await status('evil.example') };
    expect(res.status).toBe(403);
  });
});
