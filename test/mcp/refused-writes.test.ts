// Writes whose result would not check clean are refused with the problems, and a refused write
// leaves every file as it was. In-process (createMemkitMcpServer over memkit/node's ports); the
// same server the CLI runs, without a transport.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../src/kernel/canonical/index.js';
import type { LedgerFormatId } from '../../src/services/ledger/index.js';
import { type MemkitMcpServer, createMemkitMcpServer } from '../../src/surfaces/mcp/index.js';
import { appendEntry, nodeCheckSource, nodeFiles, nodeHasher } from '../../src/adapters/node/index.js';
import { copyExample, readTree } from './helpers.js';

const open: { done(): void }[] = [];
afterEach(() => {
  for (const x of open.splice(0)) x.done();
});

async function serve(write = true): Promise<{ dir: string; mcp: MemkitMcpServer }> {
  const ex = copyExample('agent-memory');
  open.push(ex);
  const mcp = await createMemkitMcpServer({
    files: nodeFiles(ex.dir, { extensions: null }),
    source: nodeCheckSource(ex.dir),
    write,
    appendLedger: (rel: string, draft: Record<string, unknown>, format: LedgerFormatId) => appendEntry(join(ex.dir, rel), draft as never, { format }) as never,
    hasher: nodeHasher,
  });
  return { dir: ex.dir, mcp };
}

/** Calls a tool and expects a refusal carrying `code`, with no file under `dir` changed. */
async function refusedUnchanged(dir: string, mcp: MemkitMcpServer, name: string, args: Record<string, unknown>, code: string): Promise<string[]> {
  const before = readTree(dir);
  const r = await mcp.call(name, args);
  expect(r.ok, JSON.stringify(r).slice(0, 300)).toBe(false);
  const codes = r.ok ? [] : r.problems.map((p) => p.code);
  expect(codes).toContain(code);
  expect(readTree(dir)).toEqual(before);
  return codes;
}

describe('a write that would not check clean is refused and changes nothing', () => {
  it('task: a dependency on a task that does not exist', async () => {
    const { dir, mcp } = await serve();
    const codes = await refusedUnchanged(dir, mcp, 'task', { id: '1.3', title: 'Depends on nothing real', dependencies: ['9'] }, 'memory.would-not-check-clean');
    expect(codes.some((c) => c.startsWith('wbs.'))).toBe(true);
  });

  it('remember: a new doc without a title', async () => {
    const { dir, mcp } = await serve();
    const codes = await refusedUnchanged(dir, mcp, 'remember', { id: 'fact.untitled', kind: 'fact', body: 'no title\n' }, 'memory.would-not-check-clean');
    expect(codes).toContain('schema.required');
  });

  it('append: a productContext payload whose hash does not match', async () => {
    const { dir, mcp } = await serve();
    await refusedUnchanged(
      dir,
      mcp,
      'append',
      { ledger: 'memory-bank/productContext.md', entry: { author_agent: 'ProductManager', summary: 'vision v2', payload_hash: 'a'.repeat(64), payload_loc: 'payloads/product-vision.json' } },
      'ledger.payload-hash-mismatch',
    );
  });

  it('append: an entry its schema refuses', async () => {
    const { dir, mcp } = await serve();
    const entry = { reporter_agent: 'Security', threat_type: 'Tampering', severity: 'HUGE', description: 'd', mitigation: '', status: 'OPEN' };
    const codes = await refusedUnchanged(dir, mcp, 'append', { ledger: 'memory-bank/riskRegister.md', entry }, 'schema.enum');
    expect(codes).not.toContain('mcp.internal-error');
  });

  it("append: the config's writer roster replaces the seed's", async () => {
    const { dir, mcp } = await serve();
    writeFileSync(join(dir, 'memkit.config.json'), JSON.stringify({ memoryBank: { writers: { 'activeContext.md': ['Planner'] } } }));
    await refusedUnchanged(dir, mcp, 'append', { ledger: 'memory-bank/activeContext.md', entry: { source_agent: 'Backend', source_chunks: [], summary_128: 'x' } }, 'ledger.writer-denied');
    const ok = await mcp.call('append', { ledger: 'memory-bank/activeContext.md', entry: { source_agent: 'Planner', source_chunks: [], summary_128: 'planned' } });
    expect(ok.ok).toBe(true);
  });

  it('thread: an operation the transition rules forbid', async () => {
    const { dir, mcp } = await serve();
    await refusedUnchanged(dir, mcp, 'thread', { command: 'freeze', params: { thread_id: 'store-index' } }, 'threads.transition-invalid');
  });

  it('a write on a read-only server', async () => {
    const { dir, mcp } = await serve(false);
    expect(mcp.tools).not.toContain('remember');
    await refusedUnchanged(dir, mcp, 'remember', { id: 'fact.x', title: 'x', kind: 'fact' }, 'mcp.read-only');
  });

  it('errors already in the directory do not block a write that adds none', async () => {
    const { dir, mcp } = await serve();
    writeFileSync(join(dir, '.thunderus/memory/semantic/FACTS/broken.md'), '---\nid: fact.broken\n---\nno title, no kind\n');
    const r = await mcp.call('remember', { id: 'fact.fine', title: 'Fine', kind: 'fact' });
    expect(r.ok, JSON.stringify(r).slice(0, 300)).toBe(true);
    // …but one that adds an error of the same kind is still refused.
    await refusedUnchanged(dir, mcp, 'remember', { id: 'fact.untitled', kind: 'fact' }, 'memory.would-not-check-clean');
  });

  it('an accepted write returns each changed path with the SHA-256 of its new bytes', async () => {
    const { dir, mcp } = await serve();
    const r = await mcp.call('remember', { id: 'fact.new', title: 'New', kind: 'fact' });
    expect(r.ok).toBe(true);
    const changed = (r as { value: { changed: { path: string; hash: string }[] } }).value.changed;
    expect(changed.map((c) => c.path)).toEqual(['.thunderus/memory/semantic/FACTS/fact.new.md', '.thunderus/memory/indexes/manifest.json']);
    for (const { path, hash } of changed) expect(hash).toBe(sha256Hex(readFileSync(join(dir, path)), nodeHasher));
  });
});

describe('no call crashes the server', () => {
  it('any tool name and any arguments give a result, never a throw', { timeout: 120_000 }, async () => {
    const { mcp } = await serve(false);
    const names = fc.oneof(fc.constantFrom('search', 'read', 'check', 'verify', 'history', 'ready', 'remember', 'append', 'task', 'thread', '__proto__', 'toString'), fc.string());
    await fc.assert(
      fc.asyncProperty(names, fc.anything(), async (name, args) => {
        const r = await mcp.call(name, args);
        expect(typeof r.ok).toBe('boolean');
        if (!r.ok) expect(r.problems.length).toBeGreaterThan(0);
      }),
      { numRuns: 150 },
    );
  });
});
