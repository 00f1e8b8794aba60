// A refresh whose new version of a doc the store refuses (here a provenance event with a lone
// surrogate, which YAML's "\ud800" escape makes and canonical JSON cannot hold) reported the doc
// as updated, although the store kept the old version. A rebuild indexes no such doc; the refresh
// now ends the same way and reports the doc as removed, with the store's problem.
import { describe, expect, it } from 'vitest';
import { openSqliteStore, sqliteWasm } from '../../src/adapters/sqlite/index.js';
import { unwrap } from '../../src/problems/index.js';
import { type Store, memoryFiles, memoryStore, rebuildSearchIndex, refreshIndex } from '../../src/store/index.js';
import { docFile } from '../store/corpus.js';

const M = '.thunderus/memory';
const enc = (s: string) => new TextEncoder().encode(s);
const stores: [string, () => Promise<Store>][] = [
  ['in-memory', async () => memoryStore()],
  ['sqlite-wasm', async () => unwrap(await openSqliteStore({ engine: sqliteWasm() }))],
];

describe.each(stores)('refreshIndex when the store refuses a changed doc (%s)', (_name, open) => {
  it('removes the old version and reports the doc as removed, as a rebuild would leave it', async () => {
    const files = memoryFiles({ [`${M}/a.md`]: docFile('fact.a', 'Alpha.'), [`${M}/b.md`]: docFile('fact.b', 'Beta.') });
    const store = await open();
    try {
      await rebuildSearchIndex(store, files);
      await files.write(`${M}/a.md`, enc(docFile('fact.a', 'Alpha again.').replace('  events: [evt_a1]', '  events: ["evt_\\ud800"]')));
      const report = await refreshIndex(store, files);
      expect(report.updated).toEqual([]);
      expect(report.removed).toEqual(['fact.a']);
      expect(report.problems.map((p) => p.code)).toContain('store.doc-invalid');
      expect(await store.getDoc('fact.a')).toBeUndefined();
      expect((await store.listHashes()).map((d) => d.docId)).toEqual(['fact.b']);
      const rebuilt = await open();
      try {
        await rebuildSearchIndex(rebuilt, files);
        expect(await rebuilt.listHashes()).toEqual(await store.listHashes());
      } finally {
        await rebuilt.close();
      }
    } finally {
      await store.close();
    }
  });
});
