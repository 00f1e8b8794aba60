import { describe, expect, it } from 'vitest';
import { openSqliteStore, sqliteWasm } from '../../src/adapters/sqlite/index.js';
import { unwrap } from '../../src/kernel/problems/index.js';
import { type Store, docRecordFromFile, indexDrift, memoryFiles, memoryStore, rebuildSearchIndex, refreshIndex } from '../../src/services/store/index.js';
import { docFile } from './corpus.js';

const M = '.thunderus/memory';
const enc = (s: string) => new TextEncoder().encode(s);
const codes = (ps: { code: string }[]) => ps.map((p) => p.code).sort();

function repo() {
  return memoryFiles({
    [`${M}/core/CORE.md`]: docFile('core.main', 'The core memory of the project.', { kind: 'core', title: 'Core' }),
    [`${M}/semantic/FACTS/testing.md`]: docFile('fact.testing', 'Run the tests with vitest and check coverage.', { tags: ['testing', 'ci'] }),
    [`${M}/semantic/FACTS/build.md`]: docFile('fact.build', 'Build the bundle with tsup before publishing.'),
    [`${M}/episodic/2026-01-01.md`]: docFile('recap.2026-01-01', 'We fixed the flaky vitest run today.', { kind: 'recap' }),
    [`${M}/indexes/manifest.json`]: '{}',
    'README.md': 'not a memory doc',
  });
}

const stores: [string, () => Promise<Store>][] = [
  ['in-memory', async () => memoryStore()],
  ['sqlite-wasm', async () => unwrap(await openSqliteStore({ engine: sqliteWasm() }))],
];

describe.each(stores)('index refresh rule (%s)', (_name, open) => {
  it('rebuilds from the files and finds no drift', async () => {
    const s = await open();
    const files = repo();
    const report = await rebuildSearchIndex(s, files);
    expect(report.added).toEqual(['core.main', 'fact.build', 'fact.testing', 'recap.2026-01-01']);
    expect(report.problems).toEqual([]);
    expect(await indexDrift(s, files)).toEqual([]);
    const hits = unwrap(await s.search('vitest'));
    expect(hits.map((h) => h.docId).sort()).toEqual(['fact.testing', 'recap.2026-01-01']);
    const doc = await s.getDocRecord('fact.testing');
    expect(doc).toMatchObject({ title: 'Doc fact.testing', headings: ['Doc fact.testing'], tags: ['testing', 'ci'], path: `${M}/semantic/FACTS/testing.md` });
    expect(doc?.body).toContain('Run the tests with vitest');
    await s.close();
  });

  it('refresh touches only changed docs, adds new ones and removes deleted ones', async () => {
    const s = await open();
    const files = repo();
    await rebuildSearchIndex(s, files);
    await files.write(`${M}/semantic/FACTS/build.md`, enc(docFile('fact.build', 'Build with esbuild now.')));
    await files.remove(`${M}/core/CORE.md`);
    await files.write(`${M}/semantic/FACTS/lint.md`, enc(docFile('fact.lint', 'Lint with biome.')));
    // Drift sees all three before the refresh.
    expect(codes(await indexDrift(s, files))).toEqual(['store.drift-extra', 'store.drift-missing', 'store.drift-stale']);
    const report = await refreshIndex(s, files);
    expect(report).toEqual({ added: ['fact.lint'], updated: ['fact.build'], removed: ['core.main'], unchanged: 2, problems: [] });
    expect(await indexDrift(s, files)).toEqual([]);
    expect(unwrap(await s.search('esbuild')).map((h) => h.docId)).toEqual(['fact.build']);
    expect(unwrap(await s.search('tsup'))).toEqual([]);
    // Nothing changed: nothing touched.
    expect(await refreshIndex(s, files)).toEqual({ added: [], updated: [], removed: [], unchanged: 4, problems: [] });
    await s.close();
  });

  it('follows a moved file and reports files that do not parse or reuse an id', async () => {
    const s = await open();
    const files = repo();
    await rebuildSearchIndex(s, files);
    const text = new TextDecoder().decode(await files.read(`${M}/semantic/FACTS/testing.md`));
    await files.remove(`${M}/semantic/FACTS/testing.md`);
    await files.write(`${M}/semantic/testing.md`, enc(text));
    await files.write(`${M}/semantic/FACTS/zz-dup.md`, enc(docFile('fact.build', 'Same id as build.md')));
    await files.write(`${M}/semantic/FACTS/broken.md`, enc('---\nid: [unclosed\n---\nbody'));
    await files.write(`${M}/semantic/FACTS/invalid.md`, enc('---\nid: fact.invalid\n---\nno required fields'));
    const report = await refreshIndex(s, files);
    expect(report.updated).toEqual(['fact.testing']);
    expect((await s.getDoc('fact.testing'))?.path).toBe(`${M}/semantic/testing.md`);
    const files_ = report.problems.map((p) => p.file);
    expect(files_).toContain(`${M}/semantic/FACTS/zz-dup.md`);
    expect(files_).toContain(`${M}/semantic/FACTS/broken.md`);
    expect(files_).toContain(`${M}/semantic/FACTS/invalid.md`);
    expect(report.problems.find((p) => p.file?.endsWith('zz-dup.md'))?.code).toBe('store.duplicate-doc-id');
    expect((await s.getDocRecord('fact.build'))?.body).toContain('tsup');
    await s.close();
  });

  it('detects an index changed behind the files (store.drift-mismatch) and dangling edges', async () => {
    const s = await open();
    const files = repo();
    await rebuildSearchIndex(s, files);
    await s.addEdge('fact.testing', 'derives_from', 'recap.2026-01-01');
    const row = (await s.getDocRecord('fact.build'))!;
    await s.putDoc({ ...row, title: 'tampered' });
    const drift = await indexDrift(s, files);
    expect(codes(drift)).toEqual(['store.drift-mismatch']);
    expect(drift[0]!.message).toMatch(/title/);
    await files.remove(`${M}/episodic/2026-01-01.md`);
    await refreshIndex(s, files);
    expect(codes(await indexDrift(s, files))).toEqual(['store.drift-mismatch', 'store.edge-dangling']);
    expect((await s.stale('fact.testing')).map((e) => e.currentHash)).toEqual([null]);
    await rebuildSearchIndex(s, files);
    expect(codes(await indexDrift(s, files))).toEqual(['store.edge-dangling']);
    await s.close();
  });
});

describe('docRecordFromFile', () => {
  it('hashes the bytes and reads headings and plain body text', () => {
    const r = unwrap(docRecordFromFile(`${M}/a.md`, enc(docFile('fact.a', 'Some **bold** text.\n\n## Details\n\nMore `code`.'))));
    expect(r.contentHash).toMatch(/^[0-9a-f]{64}$/);
    expect(r.headings).toEqual(['Doc fact.a', 'Details']);
    expect(r.body).toContain('bold');
    expect(r.body).not.toContain('**');
  });

  it('refuses bad UTF-8 and missing frontmatter with located problems', () => {
    const bad = docRecordFromFile(`${M}/bad.md`, new Uint8Array([0xff, 0xfe, 0x00]));
    expect(!bad.ok && bad.problems.map((p) => [p.code, p.file])).toEqual([['input.invalid-utf8', `${M}/bad.md`]]);
    const none = docRecordFromFile(`${M}/none.md`, enc('# no frontmatter'));
    expect(!none.ok && none.problems[0]!.code).toBe('frontmatter.missing');
  });
});

// Defect: when a new file declared the doc id of an indexed file that comes
// later in path order, a refresh kept the indexed file and refused the new
// one, while a rebuild of the same files keeps the first by path: the index
// depended on its history. Now a refresh applies the rebuild's rule: the
// first file by path wins, the other is store.duplicate-doc-id.

describe('a refresh resolves a duplicate doc id by path order, as a rebuild does, not by history', () => {
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

// A refresh that replaced docs one by one (delete the old row, put the new one, next doc) made
// SQLite's FTS5 write a segment per doc: deleting a row older than one just written flushes the
// pending index data. The refresh now deletes every dropped doc first, then puts, so a refresh
// of ten changed docs writes one segment (and is about twice as fast at 10,000 docs).
const path = (i: number) => `${M}/semantic/FACTS/f${String(i).padStart(3, '0')}.md`;

describe('refreshIndex writes one full-text segment per refresh, not one per changed doc', () => {
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

// A refresh whose new version of a doc the store refuses (here a provenance event with a lone
// surrogate, which YAML's "\ud800" escape makes and canonical JSON cannot hold) reported the doc
// as updated, although the store kept the old version. A rebuild indexes no such doc; the refresh
// now ends the same way and reports the doc as removed, with the store's problem.
describe.each(stores)('refreshIndex reports a changed doc the store refuses as removed, not updated (%s)', (_name, open) => {
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
