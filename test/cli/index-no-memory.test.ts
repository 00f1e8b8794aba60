import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyExample, runCli, tempDir } from './helpers.js';

// Defect: `memkit search`/`index` pointed at a directory without memory silently created .thunderus/memory/indexes/memory.sqlite inside it.
describe('index and search on a directory holding no memory docs create nothing', () => {
  it.each([['index'], ['search', 'anything']])('%s: usage error (exit 2, nothing to index) and no file or folder is created', async (...args) => {
    const t = tempDir();
    try {
      writeFileSync(join(t.dir, 'README.md'), '# not memory\n');
      for (const format of ['text', 'json']) {
        const r = await runCli([args[0]!, t.dir, ...args.slice(1), '--format', format]);
        expect(r.code).toBe(2);
        expect(r.stdout).toBe('');
        expect(r.stderr).toContain('nothing to index');
      }
      expect(readdirSync(t.dir)).toEqual(['README.md']);
      // An explicit --db elsewhere is not created either.
      const db = join(t.dir, 'elsewhere.sqlite');
      expect((await runCli([args[0]!, t.dir, ...args.slice(1), '--db', db])).code).toBe(2);
      expect(existsSync(db)).toBe(false);
      // An empty .thunderus/memory folder holds no docs either.
      mkdirSync(join(t.dir, '.thunderus', 'memory'), { recursive: true });
      expect((await runCli([args[0]!, t.dir, ...args.slice(1)])).code).toBe(2);
      expect(readdirSync(join(t.dir, '.thunderus', 'memory'))).toEqual([]);
    } finally {
      t.done();
    }
  });

  it('a directory with memory docs is still indexed and searched (exit 0)', async () => {
    const ex = copyExample('agent-memory');
    try {
      expect((await runCli(['index', ex.dir])).code).toBe(0);
      expect(existsSync(join(ex.dir, '.thunderus/memory/indexes/memory.sqlite'))).toBe(true);
      expect((await runCli(['search', ex.dir, 'vitest'])).code).toBe(0);
    } finally {
      ex.done();
    }
  });
});
