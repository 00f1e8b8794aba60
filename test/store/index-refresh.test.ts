import { describe, expect, it } from 'vitest';
import { openSqliteStore, sqliteWasm } from '../../src/adapters/sqlite/index.js';
import { unwrap } from '../../src/problems/index.js';
import { type Store, docRecordFromFile, indexDrift, memoryFiles, memoryStore, rebuildSearchIndex, refreshIndex } from '../../src/store/index.js';
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
