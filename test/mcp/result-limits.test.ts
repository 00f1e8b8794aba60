// Every MCP result fits the server's result limit: `read` pages any file (and the pages put back
// together are the file), `history` and `check` shorten with a count of what was left off, problem
// lists and echoed values are cut, and the concurrency limit holds. In-process, over memkit/node's ports.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { type MemkitMcpServer, createMemkitMcpServer } from '../../src/surfaces/mcp/index.js';
import { Gate } from '../../src/surfaces/mcp/gate.js';
import { boundedResult, fittingPrefix, wireBytes } from '../../src/surfaces/mcp/limits.js';
import { nodeCheckSource, nodeFiles, nodeHasher } from '../../src/adapters/node/index.js';
import { error, fail, ok } from '../../src/kernel/problems/index.js';
import { tempDir } from './helpers.js';

const open: { done(): void }[] = [];
afterEach(() => {
  for (const x of open.splice(0)) x.done();
});

/** A directory with `files` (path → text) served with a result limit of `maxResultBytes`. */
async function serve(files: Record<string, string>, maxResultBytes: number): Promise<{ dir: string; mcp: MemkitMcpServer }> {
  const t = tempDir();
  open.push(t);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(t.dir, path, '..'), { recursive: true });
    writeFileSync(join(t.dir, path), text);
  }
  const mcp = await createMemkitMcpServer({
    files: nodeFiles(t.dir, { extensions: null, recover: false }),
    source: nodeCheckSource(t.dir, { maxFileBytes: 64 << 20 }),
    hasher: nodeHasher,
    limits: { maxResultBytes },
  });
  return { dir: t.dir, mcp };
}

/** Reads `path` page by page from offset 0; every page's wire size is at most `limit`. */
async function readAllPages(mcp: MemkitMcpServer, path: string, limit: number): Promise<{ text: string; pages: number }> {
  let text = '';
  let offset: number | null = 0;
  let pages = 0;
  while (offset !== null) {
    const r = await mcp.call('read', { path, offset });
    if (!r.ok) throw new Error(JSON.stringify(r.problems));
    expect(wireBytes(r.value)).toBeLessThanOrEqual(limit);
    const v = r.value as { text: string; next?: number | null; offset?: number; truncated?: boolean };
    // A file that fits comes back whole, without the page fields.
    if (v.truncated === undefined) return { text: v.text, pages: 1 };
    expect(v.offset).toBe(offset);
    text += v.text;
    offset = v.next ?? null;
    pages++;
    expect(pages).toBeLessThan(10_000);
  }
  return { text, pages };
}

describe('read pages a file larger than a result', () => {
  it('the pages, read on from each next, are the file: quotes, control characters, multi-byte and astral characters', async () => {
    const line = (i: number) => `{"i":${i},"s":"é \\"q\\" \\\\ \u0001 😀 ${'ü'.repeat(i % 7)}"}\n`;
    const text = Array.from({ length: 400 }, (_, i) => line(i)).join('');
    const { mcp } = await serve({ 'events.jsonl': text }, 2048);
    const pages = await readAllPages(mcp, 'events.jsonl', 2048);
    expect(pages.text).toBe(text);
    expect(pages.pages).toBeGreaterThan(5);
  });

  it('a page ends at a line end when a line end fits', async () => {
    const text = Array.from({ length: 100 }, (_, i) => `${i} ${'x'.repeat(50)}\n`).join('');
    const { mcp } = await serve({ 'events.jsonl': text }, 1024);
    const r = await mcp.call('read', { path: 'events.jsonl' });
    expect(r.ok && (r.value as { text: string }).text.endsWith('\n')).toBe(true);
    expect(r.ok && r.value).toMatchObject({ offset: 0, size: text.length, truncated: true });
  });

  it('a line longer than a page is cut inside it and continues on the next page', async () => {
    const text = `${'y'.repeat(5000)}\n`;
    const { mcp } = await serve({ 'events.jsonl': text }, 1024);
    expect((await readAllPages(mcp, 'events.jsonl', 1024)).text).toBe(text);
  });

  it('an offset inside a character moves on to the next character', async () => {
    const { mcp } = await serve({ 'events.jsonl': 'ü{}\n' }, 1024);
    const r = await mcp.call('read', { path: 'events.jsonl', offset: 1 });
    expect(r.ok && r.value).toMatchObject({ offset: 2, text: '{}\n', next: null, truncated: true });
  });

  it('an offset past the end gives an empty last page', async () => {
    const { mcp } = await serve({ 'events.jsonl': '{}\n' }, 1024);
    const r = await mcp.call('read', { path: 'events.jsonl', offset: 99 });
    expect(r.ok && r.value).toMatchObject({ text: '', next: null });
  });

  it('a small file still comes back whole, a doc parsed', async () => {
    const doc =
      '---\nid: fact.small\ntitle: Small\nkind: fact\ntags: []\ncreated: 2026-02-20T11:00:00Z\nupdated: 2026-02-20T11:00:00Z\nprovenance:\n  events: []\n  patches: []\nverification:\n  last_verified_commit: null\n  status: unknown\n---\n# Small\n';
    const { mcp } = await serve({ '.thunderus/memory/semantic/FACTS/small.md': doc }, 64 * 1024);
    const r = await mcp.call('read', { path: '.thunderus/memory/semantic/FACTS/small.md' });
    expect(r.ok && r.value).toMatchObject({ id: 'fact.small', format: 'memory-doc', body: '# Small\n' });
    expect(r.ok && 'truncated' in (r.value as object)).toBe(false);
  });

  it('any text, under any small limit, reads back whole through its pages', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 2000 }), fc.integer({ min: 300, max: 700 }), async (s, limit) => {
        // Lone surrogates have no UTF-8 form; the file holds what a writer could have written.
        const text = Buffer.from(s, 'utf8').toString('utf8');
        const { mcp } = await serve({ 'events.jsonl': text }, limit);
        expect((await readAllPages(mcp, 'events.jsonl', limit)).text).toBe(text);
        open.splice(0).forEach((x) => x.done());
      }),
      { numRuns: 25 },
    );
  });
});

describe('results that are lists', () => {
  it('check on 1,000 broken docs fits the limit and counts what it left off', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 1000; i++) files[`.thunderus/memory/semantic/FACTS/broken-${i}.md`] = `---\nid: [unclosed\n---\n`;
    const { mcp } = await serve(files, 16 * 1024);
    const r = await mcp.call('check');
    if (!r.ok) throw new Error(JSON.stringify(r.problems));
    const v = r.value as { ok: boolean; truncated: boolean; problems: unknown[]; checked: unknown[]; leftOff: { problems: number; checked: number } };
    expect(wireBytes(v)).toBeLessThanOrEqual(16 * 1024);
    expect(v).toMatchObject({ ok: false, truncated: true });
    expect(v.problems.length).toBeGreaterThan(10);
    expect(v.checked.length + v.leftOff.checked).toBe(1000);
    expect(v.leftOff.problems).toBeGreaterThan(0);
  });

  it('history gives fewer entries than asked for when they do not fit, and next says where to go on', async () => {
    // history pages entries as stored; the chain is verify's business.
    const text = Array.from({ length: 40 }, (_, i) => `${JSON.stringify({ id: `DEC-20260101-${String(i).padStart(3, '0')}`, decision: `d${i} ${'z'.repeat(400)}` })}\n`).join('');
    const { mcp } = await serve({ 'memory-bank/decisionLog.md': text, 'memory-bank/activeContext.md': '' }, 4096);
    const r = await mcp.call('history', { ledger: 'memory-bank/decisionLog.md', limit: 40 });
    if (!r.ok) throw new Error(JSON.stringify(r.problems));
    const v = r.value as { entries: unknown[]; next: number; total: number };
    expect(wireBytes(v)).toBeLessThanOrEqual(4096);
    expect(v.entries.length).toBeGreaterThan(0);
    expect(v.entries.length).toBeLessThan(40);
    expect(v.next).toBe(v.entries.length);
  });

  it('a failure with 40,000 problems is cut to the limit, with the count left off', () => {
    const problems = Array.from({ length: 40_000 }, (_, i) => error('wbs.parent-mismatch', `task ${i} has the wrong parent`, { file: `tasks/${i}.json` }));
    const r = boundedResult(fail(problems), 64 * 1024, 'task');
    expect(r.isError).toBe(true);
    expect(wireBytes(r.value)).toBeLessThanOrEqual(64 * 1024);
    const v = r.value as { problems: unknown[]; leftOff: number; truncated: boolean };
    expect(v.truncated).toBe(true);
    expect(v.problems.length + v.leftOff).toBe(40_000);
  });

  it('a value too large for any page is refused with mcp.result-too-large', () => {
    const r = boundedResult(ok({ ready: 'x'.repeat(100_000) }), 4096, 'ready');
    expect(r.isError).toBe(true);
    expect((r.value as { problems: { code: string }[] }).problems.map((p) => p.code)).toEqual(['mcp.result-too-large']);
  });

  it('a long message, file or pointer is cut, whatever raised it', () => {
    const r = boundedResult(fail([error('mcp.internal-error', 'm'.repeat(1_000_000), { file: 'f'.repeat(1_000_000), pointer: `/${'p'.repeat(1_000_000)}` })]), 1 << 20, 'x');
    expect(JSON.stringify(r.value).length).toBeLessThan(3000);
  });
});

describe('through the SDK', () => {
  it('resources/list comes in pages that fit the limit; the pages together are every resource', async () => {
    const doc = (i: number) =>
      `---\nid: fact.page.${i}\ntitle: Page ${i}\nkind: fact\ntags: []\ncreated: 2026-02-20T11:00:00Z\nupdated: 2026-02-20T11:00:00Z\nprovenance:\n  events: []\n  patches: []\nverification:\n  last_verified_commit: null\n  status: unknown\n---\n# Page ${i}\n`;
    const files = Object.fromEntries(Array.from({ length: 120 }, (_, i) => [`.thunderus/memory/semantic/FACTS/p${i}.md`, doc(i)]));
    const { mcp } = await serve(files, 4096);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await mcp.server.connect(serverSide);
    const client = new Client({ name: 'memkit-test', version: '1.0.0' });
    await client.connect(clientSide);
    try {
      // One page at a time: each is small.
      const uris: string[] = [];
      let cursor: string | undefined = '0';
      let pages = 0;
      while (cursor !== undefined && pages < 100) {
        const page = await client.listResources({ cursor });
        expect(wireBytes(page.resources)).toBeLessThanOrEqual(4096);
        uris.push(...page.resources.map((r) => r.uri));
        cursor = page.nextCursor;
        pages++;
      }
      expect(pages).toBeGreaterThan(1);
      const all = Array.from({ length: 120 }, (_, i) => `memkit://doc/fact.page.${i}`).sort();
      expect(uris.filter((u) => u.startsWith('memkit://doc/')).sort()).toEqual(all);
      // Without a cursor the SDK's client walks every page itself.
      const walked = await client.listResources();
      expect(walked.resources.map((r) => r.uri)).toEqual(uris);
      // A tool result over the wire: the same page the in-process call gives.
      const r = (await client.callTool({ name: 'check', arguments: {} })) as { content: { text: string }[] };
      expect(Buffer.byteLength(JSON.stringify(r.content[0]!.text))).toBeLessThanOrEqual(4096);
    } finally {
      await client.close();
    }
  });
});

describe('echoed arguments', () => {
  it('a 1 MB path or id is named by a short prefix', async () => {
    const { mcp } = await serve({ 'events.jsonl': '{}\n' }, 1 << 20);
    for (const args of [{ path: 'a'.repeat(1_000_000) }, { id: 'b'.repeat(1_000_000) }, { path: 'events.jsonl', [`${'k'.repeat(100_000)}`]: 1 }]) {
      const r = await mcp.call('read', args);
      expect(r.ok).toBe(false);
      const shown = boundedResult(r, 1 << 20, 'read');
      expect(JSON.stringify(shown.value).length).toBeLessThan(4000);
      if (!r.ok) for (const p of r.problems) expect(p.message.length + (p.file?.length ?? 0) + (p.pointer?.length ?? 0)).toBeLessThan(1700);
    }
  });
});

describe('the concurrency limit', () => {
  it('runs at most its slots at once, in arrival order, and frees a slot when a call throws', async () => {
    const gate = new Gate(3);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const work = (i: number) =>
      gate.run(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 5));
        order.push(i);
        running--;
        if (i % 4 === 0) throw new Error('boom');
        return i;
      });
    const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => work(i)));
    expect(most).toBe(3);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(5);
    expect(await gate.run(async () => 'after')).toBe('after');
    expect(order.slice(0, 3).sort()).toEqual([0, 1, 2]);
  });

  it('server calls share the gate: 30 reads of a large file never run more than maxConcurrentCalls at once', async () => {
    const t = tempDir();
    open.push(t);
    writeFileSync(join(t.dir, 'events.jsonl'), '{}\n'.repeat(200_000));
    const source = nodeCheckSource(t.dir, { maxFileBytes: 64 << 20 });
    let running = 0;
    let most = 0;
    const counted = {
      list: (scope?: never) => source.list(scope),
      read: (path: string) => source.read(path),
      async slice(path: string, offset: number, length: number) {
        running++;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 2));
        try {
          return await source.slice!(path, offset, length);
        } finally {
          running--;
        }
      },
    };
    const mcp = await createMemkitMcpServer({ files: nodeFiles(t.dir, { extensions: null, recover: false }), source: counted, hasher: nodeHasher, limits: { maxConcurrentCalls: 2 } });
    const reads = await Promise.all(Array.from({ length: 30 }, () => mcp.call('read', { path: 'events.jsonl' })));
    expect(reads.every((r) => r.ok)).toBe(true);
    expect(most).toBe(2);
  });
});

describe('fittingPrefix', () => {
  it('counts what a string costs on the wire, escaped twice', () => {
    for (const s of ['plain', 'a"b\\c', 'line\nbreak\ttab', '\u0001\u001f', 'é😀', '\ud800x']) {
      const wire = wireBytes(s);
      // wireBytes of a string counts its quotes (2 then 4 escaped): the prefix of the whole string fits exactly.
      expect(fittingPrefix(s, wire - 6)).toBe(s.length);
      expect(fittingPrefix(s, wire - 7)).toBeLessThan(s.length);
    }
  });
});
