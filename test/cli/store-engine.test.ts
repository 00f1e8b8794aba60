// `memkit index/search --engine`: better-sqlite3 when it loads (auto), sqlite-wasm otherwise,
// one database file for both, and a silent fallback when the optional peer is missing.
import { describe, expect, it, vi } from 'vitest';
import { copyExample, runCli } from './helpers.js';

const json = (r: { stdout: string }) => JSON.parse(r.stdout);

describe('memkit index/search engines', () => {
  it('uses better-sqlite3 by default when installed; both engines share the database file', async () => {
    const ex = copyExample('agent-memory');
    try {
      const auto = await runCli(['index', ex.dir, '--format', 'json']);
      expect(auto.code).toBe(0);
      expect(json(auto)).toMatchObject({ ok: true, engine: 'better-sqlite3', docs: 6 });
      const wasm = await runCli(['index', ex.dir, '--engine', 'wasm', '--format', 'json']);
      expect(json(wasm)).toMatchObject({ ok: true, engine: 'sqlite-wasm', docs: 6, unchanged: 6 });
      const hits = (engine: string) => runCli(['search', ex.dir, 'vitest', '--engine', engine, '--format', 'json']).then((r) => json(r).hits);
      const native = await hits('native');
      expect(native[0].docId).toBe('fact.testing.vitest');
      expect(await hits('wasm')).toEqual(native);
      expect((await runCli(['index', ex.dir, '--engine', 'sqlite'])).code).toBe(2);
      expect((await runCli(['search', ex.dir, 'x', '--engine', 'fast'])).code).toBe(2);
    } finally {
      ex.done();
    }
  });

  it('falls back to sqlite-wasm silently when better-sqlite3 cannot be loaded; --engine native is then a usage error', async () => {
    vi.doMock('better-sqlite3', () => {
      throw new Error('Cannot find module better-sqlite3');
    });
    const ex = copyExample('agent-memory');
    try {
      const auto = await runCli(['index', ex.dir, '--format', 'json']);
      expect(auto.code).toBe(0);
      expect(auto.stderr).toBe('');
      expect(json(auto)).toMatchObject({ ok: true, engine: 'sqlite-wasm', docs: 6 });
      const search = await runCli(['search', ex.dir, 'vitest', '--format', 'json']);
      expect(json(search).hits[0].docId).toBe('fact.testing.vitest');
      expect((await runCli(['search', ex.dir, 'vitest', '--engine', 'native'])).code).toBe(2);
    } finally {
      vi.doUnmock('better-sqlite3');
      ex.done();
    }
  });
});
