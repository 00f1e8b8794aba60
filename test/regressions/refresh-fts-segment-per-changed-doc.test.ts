// A refresh that replaced docs one by one (delete the old row, put the new one, next doc) made
// SQLite's FTS5 write a segment per doc: deleting a row older than one just written flushes the
// pending index data. The refresh now deletes every dropped doc first, then puts, so a refresh
// of ten changed docs writes one segment (and is about twice as fast at 10,000 docs).
import { describe, expect, it } from 'vitest';
import { openSqliteStore, sqliteWasm } from '../../src/adapters/sqlite/index.js';
import { unwrap } from '../../src/problems/index.js';
import { memoryFiles, rebuildSearchIndex, refreshIndex } from '../../src/store/index.js';
import { docFile } from '../store/corpus.js';

const M = '.thunderus/memory';
const enc = (s: string) => new TextEncoder().encode(s);
const path = (i: number) => `${M}/semantic/FACTS/f${String(i).padStart(3, '0')}.md`;

describe('refreshIndex writes one full-text segment per refresh', () => {
  it('ten changed docs of a hundred add at most one FTS5 segment', async () => {
    const files = memoryFiles(Object.fromEntries(Array.from({ length: 100 }, (_, i) => [path(i), docFile(`fact.f${i}`, `Doc number ${i} about vitest and tsup.`)])));
    const store = unwrap(await openSqliteStore({ engine: sqliteWasm() }));
    try {
      await rebuildSearchIndex(store, files);
      const segments = () => Number(store.engine.query('SELECT count(DISTINCT segid) AS n FROM docs_fts_idx')[0]!.n);
      // Merging is switched off so every segment a refresh writes stays countable.
      store.engine.exec("INSERT INTO docs_fts (docs_fts, rank) VALUES ('automerge', 0)");
      const before = segments();
      for (let i = 0; i < 100; i += 10) await files.write(path(i), enc(docFile(`fact.f${i}`, `Doc number ${i} rewritten about esbuild.`)));
      const report = await refreshIndex(store, files);
      expect(report.updated).toHaveLength(10);
      expect(segments()).toBeLessThanOrEqual(before + 1);
      expect(
        unwrap(await store.search('esbuild', { limit: 20 }))
          .map((h) => h.docId)
          .sort(),
      ).toEqual(Array.from({ length: 10 }, (_, k) => `fact.f${k * 10}`).sort());
      expect(unwrap(await store.search('tsup', { limit: 100 }))).toHaveLength(90);
    } finally {
      await store.close();
    }
  });
});
