// addArtifact: the manifest entry of a file, its sha256 from the file's bytes; updated in place, created with the
// workflow state's session and phase; refused (no byte changed) for a denied writer, a missing or outside path,
// or a manifest that would not check clean.
import { describe, expect, it } from 'vitest';
import { memoryFiles, openMemory } from '../../src/index.js';
import { sha256Hex } from '../../src/kernel/canonical/index.js';
import { exampleFiles } from './helpers.js';

const MANIFEST = 'memory-bank/artifacts-manifest.json';
const now = () => new Date('2026-12-02T10:00:00Z');
const enc = (s: string) => new TextEncoder().encode(s);
const codes = (r: { problems?: { code: string }[] }) => (r.problems ?? []).map((p) => p.code);
const manifestOf = async (files: { read(p: string): Promise<Uint8Array | undefined> }) =>
  JSON.parse(new TextDecoder().decode(await files.read(MANIFEST))) as { session_id: string; artifacts: Record<string, unknown>[]; dependency_graph: Record<string, string[]> };

describe('addArtifact', () => {
  it('appends an entry with the file’s sha256, the writer, the current phase and now; check stays clean', async () => {
    const files = exampleFiles();
    await files.write('src/store/sqlite.ts', enc('export const store = 1;\n'));
    const memory = openMemory({ files, now });
    const added = await memory.addArtifact({ path: 'src/store/sqlite.ts', dependsOn: ['memory-bank/decisionLog.md'] });
    expect(added.ok, JSON.stringify(added.problems)).toBe(true);
    if (!added.ok) return;
    const entry = { path: 'src/store/sqlite.ts', sha256: sha256Hex(enc('export const store = 1;\n')), created_by: 'ReaperOAK', phase: 'VALIDATE', created_at: '2026-12-02T10:00:00Z' };
    expect(added.value).toMatchObject({ manifest: MANIFEST, created: true, artifact: entry });
    const manifest = await manifestOf(files);
    expect(manifest.artifacts).toHaveLength(3);
    expect(manifest.artifacts[2]).toEqual(entry);
    expect(manifest.dependency_graph['src/store/sqlite.ts']).toEqual(['memory-bank/decisionLog.md']);
    expect((await memory.check()).ok).toBe(true);
  });

  it('updates the entry of a path in place when its bytes changed, and writes nothing when they did not', async () => {
    const files = exampleFiles();
    const memory = openMemory({ files, now });
    const path = 'memory-bank/productContext.md';
    // The example's entry already holds the file's hash and phase: nothing to write.
    const before = files.snapshot();
    const same = await memory.addArtifact({ path, phase: 'SPEC' });
    expect(same.ok && same.value).toMatchObject({ changed: [], created: false, artifact: { created_by: 'ProductManager' } });
    expect(files.snapshot()).toEqual(before);
    await files.write('docs/spec.md', enc('# Spec\n'));
    expect((await memory.addArtifact({ path: 'docs/spec.md', phase: 'SPEC' })).ok).toBe(true);
    await files.write('docs/spec.md', enc('# Spec, second draft\n'));
    const later = () => new Date('2026-12-03T08:00:00Z');
    const updated = await openMemory({ files, now: later }).addArtifact({ path: 'docs/spec.md', as: 'ReaperOAK' });
    expect(updated.ok && updated.value.created).toBe(false);
    const manifest = await manifestOf(files);
    expect(manifest.artifacts.map((a) => a.path)).toEqual(['memory-bank/productContext.md', 'memory-bank/decisionLog.md', 'docs/spec.md']);
    expect(manifest.artifacts[2]).toEqual({ path: 'docs/spec.md', sha256: sha256Hex(enc('# Spec, second draft\n')), created_by: 'ReaperOAK', phase: 'VALIDATE', created_at: '2026-12-03T08:00:00Z' });
  });

  it('creates the manifest for the open session when there is none', async () => {
    const files = memoryFiles({
      'memory-bank/workflow-state.json': JSON.stringify({
        session_id: 'SESSION-20261202-090000',
        started_at: '2026-12-02T09:00:00Z',
        overall_status: 'active',
        current_phase: 'BUILD',
        phases: {},
        fix_loop_count: 0,
        blockers: [],
      }),
      'out/app.js': 'console.log(1)\n',
    });
    const added = await openMemory({ files, now }).addArtifact({ path: 'out/app.js' });
    expect(added.ok, JSON.stringify(added.problems)).toBe(true);
    expect(await manifestOf(files)).toEqual({
      session_id: 'SESSION-20261202-090000',
      artifacts: [{ path: 'out/app.js', sha256: sha256Hex(enc('console.log(1)\n')), created_by: 'ReaperOAK', phase: 'BUILD', created_at: '2026-12-02T10:00:00Z' }],
      dependency_graph: {},
    });
  });

  it('refuses a writer the policy denies with ledger.writer-denied, nothing written', async () => {
    const files = exampleFiles();
    const before = files.snapshot();
    const denied = await openMemory({ files, now }).addArtifact({ path: 'memory-bank/productContext.md', as: 'Backend' });
    expect(codes(denied)).toEqual(['ledger.writer-denied']);
    expect(files.snapshot()).toEqual(before);
  });

  it('refuses a path that is missing, outside the directory, or the manifest itself', async () => {
    const files = exampleFiles();
    const before = files.snapshot();
    const memory = openMemory({ files, now });
    expect(codes(await memory.addArtifact({ path: 'nope/missing.ts' }))).toEqual(['memory.not-found']);
    for (const path of ['../outside.ts', '/etc/passwd', 'a//b.ts', 'C:/x.ts', '']) expect(codes(await memory.addArtifact({ path })), path).toEqual(['memory.bad-path']);
    expect(codes(await memory.addArtifact({ path: MANIFEST }))).toEqual(['memory.invalid-request']);
    expect(files.snapshot()).toEqual(before);
  });

  it('refuses an entry that would not check clean, no byte changed', async () => {
    const files = exampleFiles();
    await files.write('docs/spec.md', enc('# Spec\n'));
    const before = files.snapshot();
    // A clock past year 9999 gives a created_at that is no RFC 3339 date-time: the manifest fails its schema.
    const refused = await openMemory({ files, now: () => new Date('+010000-01-01T00:00:00Z') }).addArtifact({ path: 'docs/spec.md' });
    expect(refused.ok).toBe(false);
    expect(codes(refused)[0]).toBe('memory.would-not-check-clean');
    expect(files.snapshot()).toEqual(before);
  });

  it('asks for a phase or a session when neither the input nor the workflow state gives one', async () => {
    const files = memoryFiles({ 'memory-bank/decisionLog.md': '', 'a.txt': 'a' });
    const memory = openMemory({ files, now });
    expect((await memory.addArtifact({ path: 'a.txt', phase: 'BUILD' })).problems?.[0]).toMatchObject({ code: 'memory.invalid-request', pointer: '/session' });
    expect((await memory.addArtifact({ path: 'a.txt', session: 'SESSION-20261202-090000' })).problems?.[0]).toMatchObject({ code: 'memory.invalid-request', pointer: '/phase' });
    expect((await memory.addArtifact({ path: 'a.txt', session: 'SESSION-20261202-090000', phase: 'BUILD' })).ok).toBe(true);
  });
});
