// Files that used to sink `memkit mcp`: a FIFO named like a ledger (its reads blocked the thread
// pool), a 212 MB file (never answered), 50 concurrent reads of a 17 MB file (heap out of memory),
// a 12.5 MB doc (a result over the client's 10 MiB buffer dropped the connection) and a 4 MB
// argument echoed back. The server in a child process, the SDK's client over stdio.
import { execFileSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Connected, call, codes, stdioClient, tempDir } from './helpers.js';

const SDK_STDIO_BUFFER = 10 * 1024 * 1024;
const DOC_HEAD =
  '---\nid: fact.huge\ntitle: Huge\nkind: fact\ntags: []\ncreated: 2026-02-20T11:00:00Z\nupdated: 2026-02-20T11:00:00Z\nprovenance:\n  events: []\n  patches: []\nverification:\n  last_verified_commit: null\n  status: unknown\n---\n# Huge\n\n';
const hasMkfifo = process.platform !== 'win32';

/** The peak resident memory of process `pid` in bytes (Linux), or undefined. */
function peakRss(pid: number | null | undefined): number | undefined {
  if (pid == null || process.platform !== 'linux') return undefined;
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : undefined;
}

describe('memkit mcp on hostile files', () => {
  let t: ReturnType<typeof tempDir>;
  let c: Connected;
  let events: string;
  beforeAll(async () => {
    t = tempDir();
    mkdirSync(join(t.dir, 'memory-bank'));
    mkdirSync(join(t.dir, 'big'));
    mkdirSync(join(t.dir, '.thunderus/memory/semantic/FACTS'), { recursive: true });
    writeFileSync(join(t.dir, 'memory-bank/activeContext.md'), '');
    if (hasMkfifo) execFileSync('mkfifo', [join(t.dir, 'memory-bank/riskRegister.md')]);
    // 17 MB of JSON Lines, quotes and a multi-byte character on every line.
    const line = `{"v":1,"kind":"note","text":"ä \\"quoted\\" ${'x'.repeat(180)}"}\n`;
    events = line.repeat(Math.ceil((17 * 1024 * 1024) / line.length));
    writeFileSync(join(t.dir, 'events.jsonl'), events);
    // 212 MB, sparse: created in no time, and never to be read whole.
    const fd = openSync(join(t.dir, 'big/events.jsonl'), 'w');
    closeSync(fd);
    truncateSync(join(t.dir, 'big/events.jsonl'), 212 * 1024 * 1024);
    writeFileSync(join(t.dir, '.thunderus/memory/semantic/FACTS/huge.md'), DOC_HEAD + 'word '.repeat((12.5 * 1024 * 1024) / 5));
    c = await stdioClient(t.dir);
  }, 60_000);
  afterAll(async () => {
    await c?.close();
    t?.done();
  });

  // The raw text of a tool result, to measure what went over the wire.
  const raw = async (name: string, args: Record<string, unknown>) => {
    const r = (await c.client.callTool({ name, arguments: args })) as { isError?: boolean; content: { text: string }[] };
    return { isError: r.isError === true, text: r.content[0]!.text };
  };

  it.runIf(hasMkfifo)('4 reads of a FIFO named riskRegister.md are refused at once, and later calls are answered', { timeout: 10_000 }, async () => {
    const reads = await Promise.all(Array.from({ length: 4 }, () => call(c.client, 'read', { path: 'memory-bank/riskRegister.md' })));
    for (const r of reads) expect([r.isError, codes(r.value)]).toEqual([true, ['check.not-regular-file']]);
    const verify = await call(c.client, 'verify', { ledger: 'memory-bank/riskRegister.md' });
    expect(codes(verify.value)).toEqual(['check.not-regular-file']);
    const later = await call(c.client, 'read', { path: 'memory-bank/activeContext.md' });
    expect(later.value).toMatchObject({ path: 'memory-bank/activeContext.md', text: '' });
  });

  it('a read of a 212 MB file is answered at once: refused as too large, not read', { timeout: 10_000 }, async () => {
    const started = Date.now();
    const r = await call(c.client, 'read', { path: 'big/events.jsonl' });
    expect([r.isError, codes(r.value)]).toEqual([true, ['check.too-large']]);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('50 concurrent reads of a 17 MB file each get a page under 1 MiB, and the server answers after', { timeout: 30_000 }, async () => {
    const before = peakRss(c.pid);
    const pages = await Promise.all(Array.from({ length: 50 }, () => raw('read', { path: 'events.jsonl' })));
    const after = peakRss(c.pid);
    // The peak grows by the pages on their way out, not by copies of the file (several GB before the limits).
    if (before !== undefined && after !== undefined) expect(after - before).toBeLessThan(400 * 1024 * 1024);
    for (const p of pages) {
      expect(p.isError).toBe(false);
      expect(Buffer.byteLength(JSON.stringify(p.text))).toBeLessThanOrEqual(1024 * 1024);
      const v = JSON.parse(p.text);
      expect(v).toMatchObject({ path: 'events.jsonl', offset: 0, size: Buffer.byteLength(events), truncated: true });
      // A page ends at a line end, and `next` is where it ended.
      expect(v.text.endsWith('\n')).toBe(true);
      expect(v.next).toBe(Buffer.byteLength(v.text));
      expect(events.startsWith(v.text)).toBe(true);
    }
    const next = await call(c.client, 'read', { path: 'events.jsonl', offset: JSON.parse(pages[0]!.text).next });
    expect(next.value.offset).toBe(JSON.parse(pages[0]!.text).next);
    expect(events.slice(JSON.parse(pages[0]!.text).text.length).startsWith(next.value.text)).toBe(true);
    const later = await call(c.client, 'read', { path: 'memory-bank/activeContext.md' });
    expect(later.isError).toBe(false);
  });

  it('a 12.5 MB doc comes back as a page that says it is truncated, never as a result over the 10 MiB buffer', { timeout: 20_000 }, async () => {
    for (const args of [{ path: '.thunderus/memory/semantic/FACTS/huge.md' }, { id: 'fact.huge' }]) {
      const r = await raw('read', args);
      expect(r.isError).toBe(false);
      expect(Buffer.byteLength(r.text)).toBeLessThan(SDK_STDIO_BUFFER / 8);
      const v = JSON.parse(r.text);
      expect(v).toMatchObject({ path: '.thunderus/memory/semantic/FACTS/huge.md', format: 'memory-doc', offset: 0, truncated: true });
      expect(v.text.startsWith(DOC_HEAD)).toBe(true);
      expect(v.next).toBeGreaterThan(0);
    }
    const resource = c.client.readResource({ uri: 'memkit://doc/fact.huge' });
    await expect(resource).rejects.toThrow(/mcp\.result-too-large/);
  });

  it('a 4 MB argument is not echoed back', { timeout: 20_000 }, async () => {
    const big = 'p'.repeat(4_000_000);
    for (const args of [{ path: big }, { id: big }]) {
      const r = await raw('read', args);
      expect(r.isError).toBe(true);
      expect(r.text.length).toBeLessThan(4000);
    }
  });

  it('the server is still up', async () => {
    const r = await call(c.client, 'read', { path: 'memory-bank/activeContext.md' });
    expect(r.isError).toBe(false);
    expect(readFileSync(join(t.dir, 'memory-bank/activeContext.md'), 'utf8')).toBe('');
  });
});

describe('memkit mcp --max-file-size', () => {
  it('refuses files over the size given, as memkit check does, and reads those under it', { timeout: 30_000 }, async () => {
    const t = tempDir();
    mkdirSync(join(t.dir, 'memory-bank'));
    writeFileSync(join(t.dir, 'memory-bank/progress.md'), `| Task | Status |\n|---|---|\n${'| t | done |\n'.repeat(200)}`);
    writeFileSync(join(t.dir, 'memory-bank/activeContext.md'), '');
    const c = await stdioClient(t.dir, ['--max-file-size', '1k']);
    try {
      const big = await call(c.client, 'read', { path: 'memory-bank/progress.md' });
      expect([big.isError, codes(big.value)]).toEqual([true, ['check.too-large']]);
      const small = await call(c.client, 'read', { path: 'memory-bank/activeContext.md' });
      expect(small.isError).toBe(false);
    } finally {
      await c.close();
      t.done();
    }
  });
});
