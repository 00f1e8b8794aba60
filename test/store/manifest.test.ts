import { describe, expect, it } from 'vitest';
import { validate } from '../../src/schema/index.js';
import { MANIFEST_PATH, buildManifest, checkManifest, manifestText, memoryFiles } from '../../src/services/store/index.js';
import { docFile } from './corpus.js';

const M = '.thunderus/memory';
const now = () => new Date('2026-03-04T05:06:07.890Z');
const files = () =>
  memoryFiles({
    [`${M}/semantic/FACTS/b.md`]: docFile('fact.b', 'b', { tags: ['x'] }),
    [`${M}/core/CORE.md`]: docFile('core.main', 'core', { kind: 'core' }),
    [`${M}/semantic/FACTS/bad.md`]: 'no frontmatter',
  });

describe('memory manifest', () => {
  it('is generated deterministically from the files, sorted by path, and valid', async () => {
    const a = await buildManifest(files(), { now });
    const b = await buildManifest(files(), { now });
    expect(manifestText(a.manifest)).toBe(manifestText(b.manifest));
    expect(a.manifest.generated_at).toBe('2026-03-04T05:06:07Z');
    expect(a.manifest.docs.map((d) => d.path)).toEqual([`${M}/core/CORE.md`, `${M}/semantic/FACTS/b.md`]);
    expect(a.manifest.docs[1]).toEqual({
      path: `${M}/semantic/FACTS/b.md`,
      id: 'fact.b',
      kind: 'fact',
      title: 'Doc fact.b',
      tags: ['x'],
      updated: '2026-01-02T00:00:00Z',
      provenance: { events: ['evt_a1'], patches: [] },
    });
    expect(validate('memory-manifest', a.manifest)).toEqual([]);
    expect(a.problems.map((p) => [p.code, p.file])).toEqual([['frontmatter.missing', `${M}/semantic/FACTS/bad.md`]]);
    expect(manifestText(a.manifest).endsWith('}\n')).toBe(true);
  });

  it('checks clean against the files it came from', async () => {
    const f = files();
    const { manifest } = await buildManifest(f, { now });
    expect(await checkManifest(manifest, f)).toEqual([]);
    expect(await checkManifest(JSON.parse(manifestText(manifest)), f)).toEqual([]);
  });

  it('reports each way a manifest can disagree with the files', async () => {
    const f = files();
    const { manifest } = await buildManifest(f, { now });
    const m = structuredClone(manifest);
    m.docs[1]!.title = 'Old title';
    m.docs.push({ ...m.docs[0]!, path: `${M}/gone.md`, id: 'gone' });
    m.docs.splice(0, 1);
    const problems = await checkManifest(m, f);
    expect(problems.map((p) => [p.code, p.pointer ?? p.file])).toEqual([
      ['store.manifest-stale', '/docs/0/title'],
      ['store.manifest-order', '/docs/1'],
      ['store.manifest-missing-doc', '/docs/1/path'],
      ['store.manifest-unlisted-doc', `${M}/core/CORE.md`],
    ]);
    const invalid = await checkManifest({ version: 2, docs: 'x' }, f);
    expect(invalid[0]).toMatchObject({ code: 'store.manifest-invalid', file: MANIFEST_PATH });
  });
});
