// Defect (#34): the seed's §6 says how thread-store versions evolve, not what a version holds, yet
// `memkit check` held a store to memkit's own lineage: a store in the seed's shape at "2.0.0" got two
// schema.type errors (memkit's 2.0.0 makes `operator` an object), and at "1.1.0" warnings for an
// `updated_at` field memkit invented. Any version is checked against the seed's shape; memkit's own
// 2.0.0 stores (migrateThreadStore) still check clean; under --base a version bump smaller than the
// change §6's table asks for is threads.version-bump, a warning.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDirectory, sourceFromFilePort } from '../../src/engine/index.js';
import { checkAgainstBase } from '../../src/git.js';
import { memoryFiles } from '../../src/kernel/file-port.js';
import { migrateThreadStore } from '../../src/services/exchange/index.js';
import { type Reported, checkFiles } from './check-files.js';

const PATH = 'threads/thread-store.json';
const seedStore = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'fixtures', 'threads', 'valid.json'), 'utf8')) as Record<string, unknown>;
const text = (store: unknown) => `${JSON.stringify(store, null, 2)}\n`;
const at = (version: string, change: (s: Record<string, any>) => void = () => {}) => {
  const s = structuredClone(seedStore) as Record<string, any>;
  s.version = version;
  change(s);
  return text(s);
};
const codes = (ps: readonly Reported[]) => ps.map((p) => [p.code, p.severity, p.pointer]);

/** `memkit check --base` of the store `after` against `before`, as [code, severity, line] triples. */
async function againstBase(before: string, after: string) {
  const base = { read: async (p: string) => (p === PATH ? new TextEncoder().encode(before) : undefined), list: async () => [PATH] };
  const report = await checkAgainstBase(sourceFromFilePort(memoryFiles({ [PATH]: after })), base, { config: null });
  return report.problems.map((p) => [p.code, p.severity, p.line]);
}

describe('memkit check holds a thread store of any version to the seed shape, not to memkit’s lineage', () => {
  it('a store in the seed shape checks clean at every version, with fields of its own (2.0.0 was two errors, 1.1.0 two warnings)', { timeout: 30_000 }, async () => {
    expect(codes((await checkFiles({ [PATH]: at('1.0.0') }, ['--profile', 'strict'])).problems)).toEqual([]);
    for (const v of ['1.0.1', '1.1.0', '1.2.0', '2.0.0', '2.1.0', '3.0.0']) {
      const withSummary = at(v, (s) => {
        s.threads[Object.keys(s.threads)[0]!].summary = 'a field the seed does not name';
      });
      expect(codes((await checkFiles({ [PATH]: withSummary }, ['--profile', 'strict'])).problems), v).toEqual([]);
    }
  });

  it('what the seed requires is still an error at 2.0.0: a missing thread_count', async () => {
    const r = await checkFiles({
      [PATH]: at('2.0.0', (s) => {
        delete s.metadata.thread_count;
      }),
    });
    expect(codes(r.problems)).toEqual([['schema.required', 'error', '/metadata/thread_count']]);
  });

  it('a store memkit migrated to its own 2.0.0 still checks with no error', async () => {
    const m = migrateThreadStore(seedStore, '2.0.0');
    if (!m.ok) throw new Error('migration failed');
    const report = await checkDirectory(sourceFromFilePort(memoryFiles({ [PATH]: text(m.value) })), { config: null });
    expect(report.problems.filter((p) => p.severity === 'error')).toEqual([]);
  });
});

describe('--base: a version bump smaller than §6 asks for the change is threads.version-bump (a warning)', () => {
  /** Gives every operation a field of the user's own, `session`. */
  const withSession =
    (value: unknown = 'sess-1') =>
    (s: Record<string, any>) => {
      for (const op of s.operations as Record<string, unknown>[]) op.session = value;
    };
  const base = at('1.0.0', withSession());
  const line = (t: string) => t.split('\n').findIndex((l) => l.includes('"version"')) + 1;
  const bump = (t: string) => [['threads.version-bump', 'warning', line(t)]];

  it('a removed field needs MAJOR, a type change MAJOR, a new field at least PATCH', async () => {
    const removed = at('1.0.1');
    expect(await againstBase(base, removed)).toEqual(bump(removed));
    expect(await againstBase(base, at('2.0.0'))).toEqual([]);
    const restructured = at('1.1.0', withSession({ id: 'sess-1' }));
    expect(await againstBase(base, restructured)).toEqual(bump(restructured));
    expect(await againstBase(base, at('2.0.0', withSession({ id: 'sess-1' })))).toEqual([]);
    const added = (version: string) =>
      at(version, (s) => {
        withSession()(s);
        s.metadata.owner = 'ana';
      });
    expect(await againstBase(base, added('1.0.0'))).toEqual(bump(added('1.0.0')));
    expect(await againstBase(base, added('1.0.1'))).toEqual([]);
  });

  it('an ordinary edit is no schema change: tags given to a thread, a timestamp moved, a field the seed defines', async () => {
    const edited = at('1.0.0', (s) => {
      withSession()(s);
      s.threads.root.tags = ['release'];
      s.metadata.last_updated = '2026-03-01T00:00:00Z';
    });
    expect(await againstBase(base, edited)).toEqual([]);
  });
});
