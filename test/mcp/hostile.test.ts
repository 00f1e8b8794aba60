// Hostile tool calls against `memkit mcp --write` in a child process: each is a tool error carrying
// its Problem code, the server keeps answering, and nothing is written outside the served directory.
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemkitMcpServer } from '../../src/surfaces/mcp/index.js';
import { nodeCheckSource, nodeFiles, nodeHasher } from '../../src/adapters/node/index.js';
import { type Connected, call, codes, copyExample, readTree, stdioClient } from './helpers.js';

const DOC = (id: string) =>
  `---\nid: ${id}\ntitle: Secret\nkind: fact\ntags: []\ncreated: 2026-02-20T11:00:00Z\nupdated: 2026-02-20T11:00:00Z\nprovenance:\n  events: []\n  patches: []\nverification:\n  last_verified_commit: null\n  status: unknown\n---\n# Secret\n\nthe outside secret words\n`;

describe('hostile calls to memkit mcp --write', () => {
  let ex: ReturnType<typeof copyExample>;
  let outside: string;
  let c: Connected;
  let before: Record<string, string>;
  beforeAll(async () => {
    ex = copyExample('agent-memory');
    // Beside DIR: a memory doc and a directory that links from inside DIR lead to.
    outside = join(dirname(ex.dir), 'outside');
    mkdirSync(join(outside, 'dir'), { recursive: true });
    writeFileSync(join(outside, 'secret.md'), DOC('fact.secret'));
    symlinkSync(join(outside, 'secret.md'), join(ex.dir, '.thunderus/memory/semantic/FACTS/leak.md'));
    symlinkSync(join(outside, 'dir'), join(ex.dir, '.thunderus/memory/linked'));
    before = readTree(outside);
    c = await stdioClient(ex.dir, ['--write']);
  }, 60_000);
  afterAll(async () => {
    await c?.close();
    ex?.done();
  });

  // A tool error whose problems carry one of `expected` codes.
  const refused = async (name: string, args: Record<string, unknown>, expected: string[]) => {
    const r = await call(c.client, name, args);
    expect(r.isError, `${name} ${JSON.stringify(args).slice(0, 80)}`).toBe(true);
    expect(
      codes(r.value).filter((code) => expected.includes(code)),
      `${name}: ${codes(r.value).join(', ')}`,
    ).not.toEqual([]);
    return r.value;
  };

  it('paths with .. and absolute paths', async () => {
    await refused('read', { path: '../outside/secret.md' }, ['memory.not-memory-file']);
    await refused('read', { path: '/etc/passwd' }, ['memory.not-memory-file']);
    await refused('read', { path: '.thunderus/memory/../../../outside/secret.md' }, ['memory.not-memory-file']);
    await refused('verify', { ledger: '../outside/decisionLog.md' }, ['memory.not-memory-file']);
    await refused('history', { ledger: '/etc/passwd' }, ['memory.not-memory-file']);
    await refused('append', { ledger: '../memory-bank/activeContext.md', entry: { source_agent: 'Backend', source_chunks: [], summary_128: 'x' } }, ['memory.not-memory-file']);
    await refused('remember', { id: 'fact.escape', title: 'x', kind: 'fact', path: '../../escape.md' }, ['memory.bad-path']);
    await refused('remember', { id: 'fact.escape', title: 'x', kind: 'fact', path: '/tmp/escape.md' }, ['memory.bad-path']);
    await refused('remember', { id: 'fact.escape', title: 'x', kind: 'fact', path: '.thunderus/memory/../../../escape.md' }, ['fs.bad-path']);
    await refused('thread', { command: 'freeze', params: { thread_id: 'search-ui' }, store: '../outside/store.json' }, ['memory.not-found']);
  });

  it('symbolic links out of DIR are neither read nor written through', async () => {
    // The checker does not follow the link (so it is no memory file), and the port would refuse it.
    await refused('read', { path: '.thunderus/memory/semantic/FACTS/leak.md' }, ['memory.not-memory-file', 'fs.outside-root']);
    const hits = await call(c.client, 'search', { query: 'outside secret words' });
    expect(hits.isError).toBe(false);
    expect(hits.value.hits).toEqual([]);
    await refused('read', { id: 'fact.secret' }, ['memory.not-found']);
    await refused('remember', { id: 'fact.linked', title: 'x', kind: 'fact', path: '.thunderus/memory/linked/new.md' }, ['fs.outside-root']);
  });

  it('a 10 MB argument', { timeout: 60_000 }, async () => {
    const big = 'x'.repeat(10 * 1024 * 1024);
    await refused('remember', { id: 'fact.big', title: 'big', kind: 'fact', body: big }, ['mcp.arguments-too-large']);
    await refused('search', { query: big }, ['mcp.arguments-too-large']);
  });

  it('a deeply nested argument is input.too-deep with its depth, not "Infinity characters"', async () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 2_000; i++) deep = [deep];
    const v = await refused('search', { query: 'x', nested: deep }, ['input.too-deep']);
    const message = v.problems[0].message as string;
    expect(message).toContain('2001 levels deep; the limit is 64');
    expect(message).not.toContain('Infinity');
    // The server still answers.
    expect((await call(c.client, 'search', { query: 'x' })).isError).toBe(false);
  });

  it('wrong types and unknown fields', async () => {
    const v = await refused('search', { query: 5 }, ['mcp.invalid-arguments']);
    expect(v.problems[1]).toMatchObject({ code: expect.stringMatching(/^schema\./), pointer: '/query' });
    await refused('search', { query: 'x', limit: 'ten' }, ['mcp.invalid-arguments']);
    await refused('history', { ledger: 'memory-bank/decisionLog.md', offset: -1 }, ['mcp.invalid-arguments']);
    await refused('task', { id: '1.0', status: 'done' }, ['mcp.invalid-arguments']);
    await refused('task', { id: '1.2.2', status: 'finished' }, ['mcp.invalid-arguments']);
    await refused('append', { ledger: 'memory-bank/activeContext.md', entry: 'not an object' }, ['mcp.invalid-arguments']);
    await refused('read', { id: 'x', rm: true }, ['mcp.invalid-arguments']);
    await refused('append', { ledger: 'memory-bank/activeContext.md', entry: { source_agent: 7 } }, ['memory.no-writer']);
  });

  it('unknown tools', async () => {
    await refused('rm', {}, ['mcp.unknown-tool']);
    await refused('__proto__', {}, ['mcp.unknown-tool']);
    await refused('constructor', {}, ['mcp.unknown-tool']);
  });

  it('the server still answers, and nothing outside DIR changed', async () => {
    const checked = await call(c.client, 'check');
    expect(checked.isError).toBe(false);
    expect(readTree(outside)).toEqual(before);
    for (const p of ['escape.md', '../escape.md', 'outside/dir/new.md']) expect(existsSync(join(dirname(ex.dir), p))).toBe(false);
    expect(existsSync('/tmp/escape.md')).toBe(false);
  });
});

describe('deep arguments in-process', () => {
  it('100,000 levels of nesting are input.too-deep naming the depth, never "Infinity characters"', async () => {
    const ex = copyExample('agent-memory');
    try {
      const mcp = await createMemkitMcpServer({ files: nodeFiles(ex.dir), source: nodeCheckSource(ex.dir), hasher: nodeHasher });
      let deep: unknown = 'x';
      for (let i = 0; i < 100_000; i++) deep = { a: deep };
      const r = await mcp.call('search', { query: 'x', nested: deep });
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.problems[0]).toMatchObject({ code: 'input.too-deep', severity: 'error' });
      expect(r.problems[0]?.message).toContain('100001 levels deep; the limit is 64');
      expect(JSON.stringify(r.problems)).not.toContain('Infinity');
      await mcp.close();
    } finally {
      ex.done();
    }
  });
});
