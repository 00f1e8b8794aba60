// A file another writer replaces by an atomic rename after the listing is read as it is now, not dropped:
// a busy writer must not make a memory file vanish from a check or from the formats a server offers.
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { nodeCheckSource } from '../../src/adapters/node/check-source.js';
import { checkDirectory } from '../../src/engine/index.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('nodeCheckSource and a file replaced after the listing', () => {
  it('reads the replacement', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'memkit-replaced-'));
    dirs.push(dir);
    writeFileSync(join(dir, 'a.json'), '{"v":1}\n');
    const source = nodeCheckSource(dir);
    expect((await source.list()).files.map((f) => f.path)).toEqual(['a.json']);
    writeFileSync(join(dir, 'a.json.tmp'), '{"v":2}\n');
    renameSync(join(dir, 'a.json.tmp'), join(dir, 'a.json'));
    const read = await source.read('a.json');
    expect(read.ok).toBe(true);
    expect(read.ok && new TextDecoder().decode(read.value)).toBe('{"v":2}\n');
  });

  it('keeps the file among the formats a check finds when a writer replaces it meanwhile', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'memkit-replaced-'));
    dirs.push(dir);
    const store = (n: number) => `${JSON.stringify({ version: '1.0.0', metadata: { last_updated: '2026-01-01T00:00:00Z', thread_count: 0 }, threads: {}, operations: [], relations: {}, n })}\n`;
    writeFileSync(join(dir, 'thread-store.json'), store(0));
    const source = nodeCheckSource(dir);
    const list = source.list.bind(source);
    // Replace the store between the listing and the read, as a concurrent `memkit threads apply` does.
    source.list = async (scope) => {
      const listing = await list(scope);
      writeFileSync(join(dir, 'thread-store.json.tmp'), store(1));
      renameSync(join(dir, 'thread-store.json.tmp'), join(dir, 'thread-store.json'));
      return listing;
    };
    const report = await checkDirectory(source, { config: null });
    expect(report.checked.map((c) => c.format)).toContain('thread-store');
    expect(report.problems.filter((p) => p.code === 'check.unreadable')).toEqual([]);
  });
});
