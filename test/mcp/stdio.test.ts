// `memkit mcp` over stdio in a real child process, driven by the SDK's own client: every tool on a
// copy of examples/agent-memory, each answer compared with the library's functions on the same files.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../src/kernel/canonical/index.js';
import { checkDirectory } from '../../src/engine/index.js';
import { verifyText } from '../../src/services/ledger/index.js';
import { nodeCheckSource, nodeFiles, nodeHasher } from '../../src/adapters/node/index.js';
import { parseFrontmatter } from '../../src/syntax/index.js';
import { parseLedgerText } from '../../src/formats/memory-bank/ledger-text.js';
import { memoryStore, refreshIndex } from '../../src/services/store/index.js';
import { checkThreadStore } from '../../src/services/threads/index.js';
import { checkWbs, loadWbs, readyTasks } from '../../src/services/wbs/index.js';
import { runCli } from '../cli/helpers.js';
import { type Connected, call, codes, copyExample, stdioClient } from './helpers.js';

const READ_TOOLS = ['search', 'read', 'check', 'verify', 'history', 'ready'];
const WRITE_TOOLS = ['remember', 'append', 'task', 'thread'];

describe('memkit mcp over stdio, read-write, on a copy of examples/agent-memory', () => {
  let ex: ReturnType<typeof copyExample>;
  let c: Connected;
  beforeAll(async () => {
    ex = copyExample('agent-memory');
    c = await stdioClient(ex.dir, ['--write']);
  }, 60_000);
  afterAll(async () => {
    await c?.close();
    ex?.done();
  });
  const text = (rel: string) => readFileSync(join(ex.dir, rel), 'utf8');

  it('lists every tool, each with a one-line description and an object input schema', async () => {
    const { tools } = await c.client.listTools();
    expect(tools.map((t) => t.name)).toEqual([...READ_TOOLS, ...WRITE_TOOLS]);
    for (const t of tools) {
      expect(t.description).toMatch(/^[^\n]{10,100}$/);
      expect(t.inputSchema.type).toBe('object');
      expect(t.annotations?.readOnlyHint === true).toBe(READ_TOOLS.includes(t.name));
    }
  });

  it('search gives the hits the store gives for the same files', async () => {
    const r = await call(c.client, 'search', { query: 'vitest', limit: 5 });
    expect(r.isError).toBe(false);
    const store = memoryStore();
    await refreshIndex(store, nodeFiles(ex.dir), { hasher: nodeHasher });
    const lib = await store.search('vitest', { limit: 5 });
    expect(lib.ok).toBe(true);
    expect(r.value.hits.map((h: { id: string }) => h.id)).toEqual(lib.ok ? lib.value.map((h) => h.docId) : []);
    expect(r.value.hits[0]).toMatchObject({ path: expect.any(String), title: expect.any(String), snippet: expect.any(String), score: expect.any(Number) });
    const kinds = await call(c.client, 'search', { query: 'vitest', kind: 'recap' });
    expect(kinds.value.hits.every((h: { kind: string }) => h.kind === 'recap')).toBe(true);
  });

  it('read gives a doc by id or path as its frontmatter and body, and other memory files as text', async () => {
    const path = '.thunderus/memory/semantic/FACTS/build.md';
    const parsed = parseFrontmatter(text(path));
    expect(parsed.ok).toBe(true);
    for (const args of [{ id: 'fact.build.tsup' }, { path }]) {
      const r = await call(c.client, 'read', args);
      expect(r.isError).toBe(false);
      expect(r.value).toMatchObject({ id: 'fact.build.tsup', path, format: 'memory-doc' });
      if (parsed.ok) expect([r.value.frontmatter, r.value.body]).toEqual([parsed.value.data, parsed.value.body]);
    }
    const ledger = await call(c.client, 'read', { path: 'memory-bank/decisionLog.md' });
    expect(ledger.value).toEqual({
      path: 'memory-bank/decisionLog.md',
      format: 'decision-log',
      text: text('memory-bank/decisionLog.md'),
      verified: { ok: true, entries: 3, head: expect.stringMatching(/^[0-9a-f]{64}$/), firstProblem: null, problems: 0 },
    });
    expect(codes((await call(c.client, 'read', { id: 'no.such.doc' })).value)).toEqual(['memory.not-found']);
    expect(codes((await call(c.client, 'read', {})).value)).toEqual(['mcp.invalid-arguments']);
  });

  it('check reports what checkDirectory and `memkit check --format json` report', async () => {
    const r = await call(c.client, 'check');
    const lib = await checkDirectory(nodeCheckSource(ex.dir), { hasher: nodeHasher });
    expect(r.value).toEqual({ ok: lib.ok, root: '.', checked: lib.checked, problems: lib.problems });
    const cli = JSON.parse((await runCli(['check', '.', '--format', 'json'], { cwd: ex.dir })).stdout);
    expect([r.value.ok, r.value.checked, r.value.problems]).toEqual([cli.ok, cli.checked, cli.problems]);
  });

  it('verify gives the entries, head, checkpoint and first problem verifyText gives', async () => {
    for (const ledger of ['memory-bank/decisionLog.md', 'memory-bank/activeContext.md', 'memory-bank/riskRegister.md']) {
      const r = await call(c.client, 'verify', { ledger });
      const lib = verifyText(text(ledger), { file: ledger, hasher: nodeHasher, checkpointAll: true });
      expect(r.value).toMatchObject({ ledger, ok: true, entries: lib.entries, head: lib.head, checkpoint: lib.checkpoint, firstProblem: null });
    }
    const feedback = await call(c.client, 'verify', { ledger: 'memory-bank/feedback-log.md' });
    expect(feedback.value).toMatchObject({ format: 'feedback-log', ok: true });
    expect(codes((await call(c.client, 'verify', { ledger: '.claude/memory/task-index.json' })).value)).toEqual(['memory.not-found']);
  });

  it('history pages a ledger newest first', async () => {
    const ledger = 'memory-bank/decisionLog.md';
    const entries = parseLedgerText(text(ledger))
      .entries.map((e) => e.value)
      .reverse();
    const first = await call(c.client, 'history', { ledger, limit: 2 });
    expect(first.value).toMatchObject({ total: entries.length, offset: 0, next: 2 });
    expect(first.value.entries.map((e: { entry: unknown }) => e.entry)).toEqual(entries.slice(0, 2));
    const second = await call(c.client, 'history', { ledger, limit: 2, offset: 2 });
    expect(second.value.entries.map((e: { entry: unknown }) => e.entry)).toEqual(entries.slice(2, 4));
    expect(second.value.next).toBe(null);
  });

  it('ready gives what readyTasks gives', async () => {
    const loaded = await loadWbs(nodeFiles(ex.dir));
    for (const leaves of [false, true]) {
      const r = await call(c.client, 'ready', { leaves });
      expect(r.value).toEqual(readyTasks(loaded.index as never, { leavesOnly: leaves }));
    }
  });

  it('remember creates a doc and updates it in place; the manifest and the index follow', async () => {
    const created = await call(c.client, 'remember', { id: 'fact.mcp.server', title: 'The MCP server', kind: 'fact', tags: ['mcp'], body: '# MCP\n\nmemkit serves memory over stdio.\n' });
    expect(created.isError).toBe(false);
    const path = '.thunderus/memory/semantic/FACTS/fact.mcp.server.md';
    expect(created.value.changed.map((x: { path: string }) => x.path)).toEqual([path, '.thunderus/memory/indexes/manifest.json']);
    expect(created.value.changed[0].hash).toBe(sha256Hex(readFileSync(join(ex.dir, path)), nodeHasher));
    expect(JSON.parse(text('.thunderus/memory/indexes/manifest.json')).docs.some((d: { id: string }) => d.id === 'fact.mcp.server')).toBe(true);
    const updated = await call(c.client, 'remember', { id: 'fact.build.tsup', tags: ['build', 'tsup'] });
    expect(updated.value).toMatchObject({ created: false, changed: [{ path: '.thunderus/memory/semantic/FACTS/build.md' }, { path: '.thunderus/memory/indexes/manifest.json' }] });
    const doc = parseFrontmatter(text('.thunderus/memory/semantic/FACTS/build.md'));
    expect(doc.ok && doc.value.data.tags).toEqual(['build', 'tsup']);
    expect(doc.ok && doc.value.body).toContain('`tsup` writes ESM and CommonJS');
    const hit = await call(c.client, 'search', { query: 'serves memory over stdio' });
    expect(hit.value.hits.map((h: { id: string }) => h.id)).toEqual(['fact.mcp.server']);
  });

  it('append fills id, ts and predecessor_hash; the chain verifies and its head is the hash returned', async () => {
    const ledger = 'memory-bank/riskRegister.md';
    const r = await call(c.client, 'append', {
      ledger,
      entry: { reporter_agent: 'Security', threat_type: 'Tampering', severity: 'LOW', description: 'a client edits a ledger by hand', mitigation: 'verify', status: 'OPEN' },
    });
    expect(r.isError).toBe(false);
    expect(r.value.entry.risk_id).toMatch(/^RISK-\d{8}-\d{3}$/);
    const after = verifyText(text(ledger), { format: 'risk-register', hasher: nodeHasher });
    expect(after.problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(r.value.changed).toEqual([{ path: ledger, hash: after.head }]);
  });

  it('task sets a leaf status and the parents roll up; the WBS memory checks clean', async () => {
    const r = await call(c.client, 'task', { id: '1.2.2', status: 'done' });
    expect(r.isError).toBe(false);
    const loaded = await loadWbs(nodeFiles(ex.dir));
    expect(checkWbs(loaded.index, loaded.tasks).filter((p) => p.severity === 'error')).toEqual([]);
    const status = Object.fromEntries((loaded.index as { tasks: { id: string; status: string }[] }).tasks.map((t) => [t.id, t.status]));
    expect([status['1.2.2'], status['1.2'], status['1']]).toEqual(['done', 'done', 'done']);
    const added = await call(c.client, 'task', { id: '1.3', title: 'Serve memory over MCP', dependencies: ['1.2'] });
    expect(added.isError).toBe(false);
    const again = await loadWbs(nodeFiles(ex.dir));
    expect(checkWbs(again.index, again.tasks).filter((p) => p.severity === 'error')).toEqual([]);
    expect((again.index as { tasks: { id: string; status: string }[] }).tasks.find((t) => t.id === '1')?.status).toBe('in-progress');
    expect(codes((await call(c.client, 'task', { id: '1.2', status: 'pending' })).value)).toEqual(['memory.status-derived']);
  });

  it('thread applies an operation under the transition rules', async () => {
    const r = await call(c.client, 'thread', { command: 'spawn', operator: 'agent', params: { parent_id: 'memkit-main', child_id: 'mcp-server', objective: 'Serve memory over MCP' } });
    expect(r.isError).toBe(false);
    const store = JSON.parse(text('threads/thread-store.json'));
    expect(store.threads['mcp-server'].status).toBe('active');
    expect(checkThreadStore(store).filter((p) => p.severity === 'error')).toEqual([]);
    expect(codes((await call(c.client, 'thread', { command: 'freeze', params: { thread_id: 'store-index' } })).value)).toEqual(['threads.transition-invalid']);
  });

  it('after every write the directory still checks clean', async () => {
    const r = await call(c.client, 'check');
    expect(r.value.problems.filter((p: { severity: string }) => p.severity === 'error')).toEqual([]);
    expect(r.value.ok).toBe(true);
  });

  it('lists each doc, the manifest and each ledger head and checkpoint as resources, and reads them', async () => {
    const { resources } = await c.client.listResources();
    const uris = resources.map((r) => r.uri);
    expect(uris).toContain('memkit://doc/fact.build.tsup');
    expect(uris).toContain('memkit://manifest');
    expect(uris).toContain('memkit://ledger/memory-bank%2FdecisionLog.md/head');
    expect(uris).toContain('memkit://ledger/memory-bank%2FdecisionLog.md/checkpoint');
    const doc = await c.client.readResource({ uri: 'memkit://doc/fact.build.tsup' });
    expect((doc.contents[0] as { text: string }).text).toBe(text('.thunderus/memory/semantic/FACTS/build.md'));
    const lib = verifyText(text('memory-bank/decisionLog.md'), { hasher: nodeHasher, checkpointAll: true });
    const head = JSON.parse(((await c.client.readResource({ uri: 'memkit://ledger/memory-bank%2FdecisionLog.md/head' })).contents[0] as { text: string }).text);
    expect(head).toMatchObject({ entries: lib.entries, head: lib.head, ok: true });
    const cp = JSON.parse(((await c.client.readResource({ uri: 'memkit://ledger/memory-bank%2FdecisionLog.md/checkpoint' })).contents[0] as { text: string }).text);
    expect(cp).toMatchObject(lib.checkpoint!);
    await expect(c.client.readResource({ uri: 'memkit://doc/no.such' })).rejects.toThrow();
  });
});

describe('memkit mcp, read-only, and on a directory with fewer formats', () => {
  it('offers no write tool without --write, and refuses a write call with mcp.read-only', { timeout: 60_000 }, async () => {
    const ex = copyExample('agent-memory');
    const c = await stdioClient(ex.dir);
    try {
      expect((await c.client.listTools()).tools.map((t) => t.name)).toEqual(READ_TOOLS);
      const before = readFileSync(join(ex.dir, 'memory-bank/activeContext.md'), 'utf8');
      const r = await call(c.client, 'append', { ledger: 'memory-bank/activeContext.md', entry: { source_agent: 'Backend', source_chunks: [], summary_128: 'x' } });
      expect([r.isError, codes(r.value)]).toEqual([true, ['mcp.read-only']]);
      expect(readFileSync(join(ex.dir, 'memory-bank/activeContext.md'), 'utf8')).toBe(before);
    } finally {
      await c.close();
      ex.done();
    }
  });

  it('offers only the tools that apply: memory docs alone give no verify, history, ready, task, append or thread', { timeout: 60_000 }, async () => {
    const ex = copyExample('agent-memory');
    const { rmSync } = await import('node:fs');
    for (const d of ['memory-bank', '.claude', 'threads', 'exports']) rmSync(join(ex.dir, d), { recursive: true });
    const c = await stdioClient(ex.dir, ['--write']);
    try {
      expect((await c.client.listTools()).tools.map((t) => t.name)).toEqual(['search', 'read', 'check', 'remember']);
      expect(codes((await call(c.client, 'task', { id: '1', status: 'done' })).value)).toEqual(['mcp.unknown-tool']);
    } finally {
      await c.close();
      ex.done();
    }
  });
});
