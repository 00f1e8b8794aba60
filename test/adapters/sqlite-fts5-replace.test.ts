// Found by running the store conformance suite on an FTS5-enabled sql.js build (SQLite 3.49):
// with `contentless_delete=1`, a deleted row kept counting in FTS5's IDF, so BM25 scores drifted
// after any replacement. The seed's plain contentless table with the 'delete' command does not.
import { describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../src/adapters/sqlite/index.js';
import { unwrap } from '../../src/kernel/problems/index.js';
import { record } from '../store/corpus.js';

import { fts5SqlJs } from '../conformance/sqlite-conformance.js';

const engine = await fts5SqlJs();

describe('BM25 scores do not drift after a replacement on SQLite 3.49 FTS5', () => {
  it('scores a replaced doc as a fresh index does', async () => {
    const docs = ['alpha beta', 'alpha gamma delta', 'beta beta gamma', 'delta epsilon', 'alpha alpha alpha beta'].map((b, i) => record(`doc.${i}`, b));
    const edited = unwrap(await openSqliteStore({ engine }));
    for (const d of docs) await edited.putDoc(d);
    await edited.deleteDoc('doc.1');
    await edited.putDoc({ ...docs[1]!, docId: 'doc.5' });
    const fresh = unwrap(await openSqliteStore({ engine }));
    for (const d of [docs[0]!, ...docs.slice(2), { ...docs[1]!, docId: 'doc.5' }]) await fresh.putDoc(d);
    expect(edited.capabilities.fulltext).toBe('fts5');
    const a = unwrap(await edited.search('gamma', { limit: 10 }));
    const b = unwrap(await fresh.search('gamma', { limit: 10 }));
    expect(a.map((h) => h.docId)).toEqual(b.map((h) => h.docId));
    a.forEach((h, i) => expect(h.score).toBeCloseTo(b[i]!.score, 12));
    await edited.close();
    await fresh.close();
  });
});
