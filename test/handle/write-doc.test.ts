// writeDoc (`memkit note`, the MCP `remember`): the gardener config's allowed kinds, dedup strategy, size caps and
// recap template hold on write through the checker (a write breaking one is refused, no byte changed); an update
// keeps the frontmatter byte for byte except the fields it sets, sets `updated`, keeps provenance, and the
// manifest follows.
import { describe, expect, it } from 'vitest';
import { exampleFiles } from './helpers.js';
import { openMemory } from '../../src/index.js';

const now = () => new Date('2026-12-02T12:00:00Z');
const GARDENER = '.thunderus/memory/gardener.toml';
const MANIFEST = '.thunderus/memory/indexes/manifest.json';
const TESTING = '.thunderus/memory/semantic/FACTS/testing.md';
const decoder = new TextDecoder();
const codes = (r: { problems?: { code: string }[] }) => (r.problems ?? []).map((p) => p.code);

async function setUp(edit?: (gardener: string) => string) {
  const files = exampleFiles();
  if (edit !== undefined) await files.write(GARDENER, new TextEncoder().encode(edit(decoder.decode(await files.read(GARDENER)))));
  const memory = openMemory({ files, now });
  const snapshot = async () => {
    const out: Record<string, string> = {};
    for (const path of await files.list('')) out[path] = decoder.decode(await files.read(path));
    return out;
  };
  return { files, memory, snapshot };
}

/** The write is refused with `code` among its problems, and no file changed. */
async function expectRefused(setup: Awaited<ReturnType<typeof setUp>>, input: Parameters<ReturnType<typeof openMemory>['writeDoc']>[0], code: string) {
  const before = await setup.snapshot();
  const refused = await setup.memory.writeDoc(input);
  expect(refused.ok).toBe(false);
  expect(codes(refused)[0]).toBe('memory.would-not-check-clean');
  expect(codes(refused)).toContain(code);
  expect(await setup.snapshot()).toEqual(before);
  return refused;
}

const RECAP_BODY = (sections: string[]) => `# Session recap 2026-12-02\n\n${sections.map((s) => `## ${s}\n\nSomething about ${s.toLowerCase()}.\n`).join('\n')}`;

describe('writeDoc under the gardener config', () => {
  it('refuses a kind outside allowed_kinds with check.gardener-kind-not-allowed, and writes an allowed one', async () => {
    const setup = await setUp((g) => g.replace('allowed_kinds = ["core", "fact", "adr", "playbook", "recap"]', 'allowed_kinds = ["core", "fact", "adr", "recap"]'));
    await expectRefused(setup, { id: 'playbook.deploy', title: 'Deploying', kind: 'playbook', body: '# Deploying\n\nRun the release script.\n' }, 'check.gardener-kind-not-allowed');
    const fact = await setup.memory.writeDoc({ id: 'fact.deploy', title: 'Deploying', kind: 'fact', body: '# Deploying\n\nRun the release script.\n' });
    expect(fact.ok, JSON.stringify(fact.problems)).toBe(true);
  });

  it('refuses a doc whose body another doc has in any case and spacing (dedup normalized-text)', async () => {
    const setup = await setUp();
    const copied = decoder.decode(await setup.files.read(TESTING)).split('\n---\n')[1]!;
    const shouted = copied.toUpperCase().replace(/ /g, '   ');
    const refused = await expectRefused(setup, { id: 'fact.testing-again', title: 'Testing, again', kind: 'fact', body: shouted }, 'check.gardener-duplicate-doc');
    // Reported at the later of the two in path order, naming the other: the one `memkit check` would report.
    const dup = refused.problems?.find((p) => p.code === 'check.gardener-duplicate-doc');
    expect([dup?.file, dup?.message].join(' ')).toContain('fact.testing-again.md');
    expect([dup?.file, dup?.message].join(' ')).toContain(TESTING);
  });

  it('refuses a doc with a title another doc has under dedup same-title', async () => {
    const setup = await setUp((g) => g.replace('strategy = "normalized-text"', 'strategy = "same-title"'));
    await expectRefused(setup, { id: 'fact.testing-2', title: '  testing CONVENTIONS ', kind: 'fact', body: '# Other\n\nA different body.\n' }, 'check.gardener-duplicate-doc');
  });

  it("holds a recap to the template's required sections and to a Provenance section", async () => {
    const setup = await setUp();
    await expectRefused(setup, { id: 'recap.2026-12-02', title: 'Recap', kind: 'recap', body: RECAP_BODY(['Summary', 'Provenance']) }, 'check.gardener-recap-section-missing');
    await expectRefused(setup, { id: 'recap.2026-12-02', title: 'Recap', kind: 'recap', body: RECAP_BODY(['Summary', 'Decisions']) }, 'check.recap-provenance');
    const written = await setup.memory.writeDoc({ id: 'recap.2026-12-02', title: 'Recap', kind: 'recap', body: RECAP_BODY(['Summary', 'Decisions', 'Provenance']) });
    expect(written.ok, JSON.stringify(written.problems)).toBe(true);
    // Placed as the recap template places recaps: episodic/<date>.md.
    expect(written.ok && written.value.changed.map((c) => c.path)).toContain('.thunderus/memory/episodic/2026-12-02.md');
    // An update that drops a required section is refused too.
    await expectRefused(setup, { id: 'recap.2026-12-02', body: RECAP_BODY(['Summary', 'Provenance']) }, 'check.gardener-recap-section-missing');
  });

  it("places a recap whose id has no date at today's episodic/<date>.md", async () => {
    const setup = await setUp();
    const written = await setup.memory.writeDocOrThrow({ id: 'recap.latest', title: 'Recap', kind: 'recap', body: RECAP_BODY(['Summary', 'Decisions', 'Provenance']) });
    expect(written.changed.map((c) => c.path)).toContain('.thunderus/memory/episodic/2026-12-02.md');
  });

  it('refuses a second core doc (max_docs_per_kind.core = 1) and a doc over max_doc_bytes', async () => {
    const setup = await setUp();
    const cap = await expectRefused(setup, { id: 'core.second', title: 'Another core', kind: 'core', body: '# Another core\n\nA second identity.\n' }, 'check.gardener-too-many-docs');
    expect(cap.problems?.find((p) => p.code === 'check.gardener-too-many-docs')?.file).toBe(GARDENER);
    await expectRefused(setup, { id: 'fact.huge', title: 'Huge', kind: 'fact', body: `# Huge\n\n${'word '.repeat(4000)}\n` }, 'check.gardener-doc-too-large');
  });
});

describe('writeDoc updates', () => {
  it('keeps every frontmatter byte but the fields it sets, sets updated, keeps provenance, and the manifest follows', async () => {
    const { files, memory } = await setUp();
    const before = decoder.decode(await files.read(TESTING));
    // Hand-written frontmatter: a comment, quoted scalars and a flow sequence stay as they are.
    const styled = before.replace('title: Testing conventions\n', '# curated by hand\ntitle: "Testing conventions"\n').replace('tags:\n  - testing\n  - vitest\n', "tags: ['testing', vitest]\n");
    await files.write(TESTING, new TextEncoder().encode(styled));
    const updated = await memory.writeDoc({ id: 'fact.testing.vitest', title: 'Testing with vitest' });
    expect(updated.ok, JSON.stringify(updated.problems)).toBe(true);
    if (!updated.ok) return;
    expect(updated.value).toMatchObject({ id: 'fact.testing.vitest', created: false });
    expect(updated.value.changed.map((c) => c.path).sort()).toEqual([MANIFEST, TESTING].sort());
    const after = decoder.decode(await files.read(TESTING));
    const expected = styled.replace(/^title: .*$/m, 'title: Testing with vitest').replace('updated: 2026-02-20T09:40:00Z', 'updated: 2026-12-02T12:00:00Z');
    expect(after).toBe(expected);
    const doc = await memory.readDocOrThrow({ id: 'fact.testing.vitest' });
    expect(doc.frontmatter.provenance).toEqual({ events: ['evt_0002', 'evt_0003', 'evt_0004'], patches: ['patch_0001'], commits: ['3f2a9c4e1b7d8a6f5e4c3b2a19081726354a5b6c'] });
    const manifest = JSON.parse(decoder.decode(await files.read(MANIFEST))) as { docs: { id: string; title: string; updated: string; provenance: unknown }[] };
    expect(manifest.docs.find((d) => d.id === 'fact.testing.vitest')).toMatchObject({ title: 'Testing with vitest', updated: '2026-12-02T12:00:00Z', provenance: doc.frontmatter.provenance });
    const report = await memory.check();
    expect(report.ok, JSON.stringify(report.problems)).toBe(true);
  });

  it('lists a created doc in the manifest with created = updated = now and empty provenance', async () => {
    const { files, memory } = await setUp();
    const written = await memory.writeDocOrThrow({ id: 'fact.new', title: 'New', kind: 'fact', tags: ['x'], body: '# New\n\nA new fact.\n' });
    expect(written.created).toBe(true);
    const doc = await memory.readDocOrThrow({ id: 'fact.new' });
    expect(doc.frontmatter).toMatchObject({ created: '2026-12-02T12:00:00Z', updated: '2026-12-02T12:00:00Z', provenance: { events: [], patches: [] } });
    const manifest = JSON.parse(decoder.decode(await files.read(MANIFEST))) as { docs: { id: string; path: string }[] };
    expect(manifest.docs.find((d) => d.id === 'fact.new')?.path).toBe('.thunderus/memory/semantic/FACTS/fact.new.md');
  });
});
