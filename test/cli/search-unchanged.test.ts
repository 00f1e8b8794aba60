// `memkit search` and `memkit index` on an existing index: files whose fingerprint (device, inode, size, mtime,
// ctime) is the one recorded are trusted without being opened; a changed, added or removed file is picked up.
// Every open and read of a doc file is counted through a wrapped node:fs/promises.
import { mkdirSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { docFile } from '../store/corpus.js';
import { runCli, tempDir } from './helpers.js';

const opened = vi.hoisted(() => [] as string[]);

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>();
  const note = (p: unknown) => {
    if (String(p).endsWith('.md')) opened.push(String(p));
  };
  return {
    ...real,
    readFile: ((p: Parameters<typeof real.readFile>[0], ...rest: unknown[]) => (note(p), (real.readFile as (...a: unknown[]) => unknown)(p, ...rest))) as typeof real.readFile,
    open: ((p: Parameters<typeof real.open>[0], ...rest: unknown[]) => (note(p), (real.open as (...a: unknown[]) => unknown)(p, ...rest))) as typeof real.open,
  };
});

const M = '.thunderus/memory/semantic/FACTS';
const json = (r: { stdout: string }) => JSON.parse(r.stdout);

// The node file port vouches only for files changed more than a few seconds ago: the clock is moved on instead of waiting.
let now = Date.now();
const later = () => vi.setSystemTime((now += 60_000));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  later();
});
afterEach(() => {
  vi.useRealTimers();
});

describe.each(['native', 'wasm'])('memkit search/index on an unchanged index (--engine %s)', (engine) => {
  const setup = () => {
    const t = tempDir();
    mkdirSync(join(t.dir, M), { recursive: true });
    for (let i = 0; i < 5; i++) writeFileSync(join(t.dir, M, `f${i}.md`), docFile(`fact.f${i}`, `Body ${i} about ledgers and hashes.`));
    return t;
  };
  const search = async (dir: string, query: string) => {
    const r = await runCli(['search', dir, query, '--engine', engine, '--format', 'json']);
    expect(r.code, r.stderr).toBe(0);
    return (json(r).hits as { docId: string }[]).map((h) => h.docId).sort();
  };
  const index = async (dir: string) => {
    const r = await runCli(['index', dir, '--engine', engine, '--format', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const { added, updated, removed, unchanged } = json(r);
    return { added, updated, removed, unchanged };
  };

  it('opens no doc file when nothing changed, and leaves the index file as it is', async () => {
    const t = setup();
    try {
      expect(await index(t.dir)).toEqual({ added: ['fact.f0', 'fact.f1', 'fact.f2', 'fact.f3', 'fact.f4'], updated: [], removed: [], unchanged: 0 });
      expect(opened).toHaveLength(5);
      later();
      const db = join(t.dir, '.thunderus/memory/indexes/memory.sqlite');
      const before = statSync(db);
      opened.length = 0;
      expect(await search(t.dir, 'ledgers')).toEqual(['fact.f0', 'fact.f1', 'fact.f2', 'fact.f3', 'fact.f4']);
      expect(await index(t.dir)).toEqual({ added: [], updated: [], removed: [], unchanged: 5 });
      expect(opened).toEqual([]);
      const after = statSync(db);
      expect([after.ino, after.size, after.mtimeMs]).toEqual([before.ino, before.size, before.mtimeMs]);
    } finally {
      t.done();
    }
  });

  it('picks up a changed, an added and a removed file, reading only those', async () => {
    const t = setup();
    try {
      await index(t.dir);
      later();
      writeFileSync(join(t.dir, M, 'f1.md'), docFile('fact.f1', 'Now about merkle proofs.'));
      writeFileSync(join(t.dir, M, 'f9.md'), docFile('fact.f9', 'A new doc about merkle trees.'));
      rmSync(join(t.dir, M, 'f3.md'));
      later();
      opened.length = 0;
      expect(await search(t.dir, 'merkle')).toEqual(['fact.f1', 'fact.f9']);
      expect(opened.map((p) => p.slice(p.lastIndexOf('/') + 1)).sort()).toEqual(['f1.md', 'f9.md']);
      expect(await search(t.dir, 'ledgers')).toEqual(['fact.f0', 'fact.f2', 'fact.f4']);
      opened.length = 0;
      expect(await index(t.dir)).toEqual({ added: [], updated: [], removed: [], unchanged: 5 });
      expect(opened).toEqual([]);
      // Written in place or replaced whole, the database is one file again once the command ends (no journal left).
      expect(readdirSync(join(t.dir, '.thunderus/memory/indexes'))).toEqual(['memory.sqlite']);
    } finally {
      t.done();
    }
  });

  it('reads a touched file once (same bytes: unchanged), then trusts its new fingerprint', async () => {
    const t = setup();
    try {
      await index(t.dir);
      const p = join(t.dir, M, 'f2.md');
      const later2 = new Date(Date.now() + 5_000);
      utimesSync(p, later2, later2);
      later();
      opened.length = 0;
      expect(await index(t.dir)).toEqual({ added: [], updated: [], removed: [], unchanged: 5 });
      expect(opened.map((x) => x.slice(x.lastIndexOf('/') + 1))).toEqual(['f2.md']);
      opened.length = 0;
      expect(await search(t.dir, 'ledgers')).toHaveLength(5);
      expect(opened).toEqual([]);
    } finally {
      t.done();
    }
  });
});

describe('memkit search --kind', () => {
  it('lists in its help exactly the kinds the schema has', async () => {
    const { MEMORY_KINDS } = await import('../../src/schema/thunderus.js');
    const help = await runCli(['search', '--help']);
    expect(help.stdout).toContain(`only docs of kind K (${MEMORY_KINDS.join(', ')})`);
    const t = tempDir();
    try {
      mkdirSync(join(t.dir, M), { recursive: true });
      writeFileSync(join(t.dir, M, 'f.md'), docFile('fact.f', 'Body.'));
      const bad = await runCli(['search', t.dir, 'body', '--kind', 'note']);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain(`--kind must be one of ${MEMORY_KINDS.join(', ')}`);
      const good = await runCli(['search', t.dir, 'body', '--kind', 'fact', '--format', 'json']);
      expect(json(good).hits.map((h: { docId: string }) => h.docId)).toEqual(['fact.f']);
    } finally {
      t.done();
    }
  });
});
