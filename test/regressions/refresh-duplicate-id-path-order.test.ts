import { describe, expect, it } from 'vitest';
import { memoryFiles, memoryStore, rebuildSearchIndex, refreshIndex } from '../../src/store/index.js';
import { docFile } from '../store/corpus.js';

// Defect: when a new file declared the doc id of an indexed file that comes
// later in path order, a refresh kept the indexed file and refused the new
// one, while a rebuild of the same files keeps the first by path: the index
// depended on its history. Now a refresh applies the rebuild's rule: the
// first file by path wins, the other is store.duplicate-doc-id.

const M = '.thunderus/memory';
const enc = (s: string) => new TextEncoder().encode(s);

describe('refresh-duplicate-id-path-order', () => {
  it('a new file earlier in path order takes the doc id from an indexed one, as a rebuild would', async () => {
    const files = memoryFiles({ [`${M}/b.md`]: docFile('fact.same', 'The indexed one.') });
    const s = memoryStore();
    await rebuildSearchIndex(s, files);
    await files.write(`${M}/a.md`, enc(docFile('fact.same', 'The new one, first by path.')));
    const report = await refreshIndex(s, files);
    expect(report.updated).toEqual(['fact.same']);
    expect(report.problems.map((p) => `${p.file} ${p.code}`)).toEqual([`${M}/b.md store.duplicate-doc-id`]);
    expect((await s.getDoc('fact.same'))?.path).toBe(`${M}/a.md`);
    const fresh = memoryStore();
    const rebuilt = await rebuildSearchIndex(fresh, files);
    expect(rebuilt.problems.map((p) => `${p.file} ${p.code}`)).toEqual([`${M}/b.md store.duplicate-doc-id`]);
    expect(await s.listDocs()).toEqual(await fresh.listDocs());
    // Steady: the next refresh changes nothing and reports the same duplicate.
    const again = await refreshIndex(s, files);
    expect([again.added, again.updated, again.removed]).toEqual([[], [], []]);
    expect(again.problems.map((p) => `${p.file} ${p.code}`)).toEqual([`${M}/b.md store.duplicate-doc-id`]);
  });
});
