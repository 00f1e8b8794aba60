// The search index is derived from the docs: an export leaves it out, so a bundle carries memory only
// and imports back through the default file port.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nodeFiles } from '../../src/adapters/node/index.js';
import { directoryMemory, exportToString, importBundle } from '../../src/services/exchange/index.js';
import { SEARCH_INDEX_PATH, isSearchIndexFile, memoryFiles } from '../../src/services/store/index.js';

const doc =
  '---\nid: fact.a\ntitle: A\nkind: fact\ntags: []\ncreated: 2026-12-02T00:00:00Z\nupdated: 2026-12-02T00:00:00Z\nprovenance: { events: [], patches: [] }\nverification: { last_verified_commit: null, status: unknown }\n---\n# A\n';

describe('the derived search index', () => {
  it('knows the index and its SQLite side files, and nothing else', () => {
    for (const p of [SEARCH_INDEX_PATH, `${SEARCH_INDEX_PATH}-wal`, `${SEARCH_INDEX_PATH}-shm`, `${SEARCH_INDEX_PATH}-journal`]) expect(isSearchIndexFile(p)).toBe(true);
    for (const p of [`${SEARCH_INDEX_PATH}-x`, `${SEARCH_INDEX_PATH}.bak`, 'indexes/memory.sqlite', '.thunderus/memory/indexes/manifest.json']) expect(isSearchIndexFile(p)).toBe(false);
  });

  it('stays out of an export, and the bundle imports through the default node port', async () => {
    const files = memoryFiles({ '.thunderus/memory/semantic/FACTS/a.md': doc, [SEARCH_INDEX_PATH]: new Uint8Array([0x53, 0x51, 0x4c, 0]), [`${SEARCH_INDEX_PATH}-wal`]: new Uint8Array([1]) });
    const bundle = await exportToString(directoryMemory(files), { agentId: 'test' });
    expect(bundle.ok).toBe(true);
    if (!bundle.ok) return;
    expect(bundle.value).toContain('semantic/FACTS/a.md');
    expect(bundle.value).not.toContain('memory.sqlite');
    const dir = mkdtempSync(join(tmpdir(), 'memkit-derived-'));
    try {
      const imported = await importBundle(bundle.value, directoryMemory(nodeFiles(dir)));
      expect(imported.ok).toBe(true);
      // The default port writes the index file too (what `memkit index` makes).
      await nodeFiles(dir).write(SEARCH_INDEX_PATH, new Uint8Array([7]));
      expect(readFileSync(join(dir, ...SEARCH_INDEX_PATH.split('/')))).toEqual(Buffer.from([7]));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
