// Reported: a memory manifest listing absolute paths
// (/home/me/repo/.thunderus/memory/…) said each doc was "not a memory doc on
// disk" though every file existed. An absolute path is now read as the doc
// its .thunderus/ part names, with one warning saying paths are relative.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkDirectory, sourceFromFilePort } from '../../src/engine/index.js';
import type { Problem } from '../../src/kernel/problems/index.js';
import { buildManifest, checkManifest, isAbsolutePath, memoryFiles, relativeFromAbsolute } from '../../src/services/store/index.js';
import { docFile } from './corpus.js';
import { copyExample, runCli } from '../cli/helpers.js';

const MANIFEST = '.thunderus/memory/indexes/manifest.json';
const codes = (problems: readonly Problem[]) => problems.map((p) => p.code);
let cleanup = () => {};
afterEach(() => cleanup());

/** The example memory directory with its manifest's paths rewritten by `rewrite`. */
async function checkExampleWith(rewrite: (path: string) => string) {
  const ex = copyExample('agent-memory');
  cleanup = ex.done;
  const file = join(ex.dir, MANIFEST);
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as { docs: { path: string }[] };
  for (const d of manifest.docs) d.path = rewrite(d.path);
  writeFileSync(file, JSON.stringify(manifest, null, 2) + '\n');
  const run = await runCli(['check', ex.dir, '--format', 'json']);
  return { run, report: JSON.parse(run.stdout) as { ok: boolean; problems: Problem[] }, count: manifest.docs.length };
}

describe('a manifest with absolute paths to existing docs is read, not reported missing', () => {
  it('the example checks clean as it is (the fixture is right)', async () => {
    const { run } = await checkExampleWith((p) => p);
    expect(run.code).toBe(0);
  });

  it.each([
    ['POSIX', (p: string) => `/home/someone/repo/${p}`],
    ['Windows', (p: string) => `C:\\Users\\someone\\repo\\${p.replace(/\//g, '\\')}`],
  ])('memkit check: %s absolute paths to docs that exist are warnings, not missing docs', async (_name, rewrite) => {
    const { run, report, count } = await checkExampleWith(rewrite);
    expect(codes(report.problems)).not.toContain('check.manifest-missing-doc');
    expect(codes(report.problems)).not.toContain('check.manifest-unlisted-doc');
    expect(report.problems.filter((p) => p.code === 'check.manifest-absolute-path')).toHaveLength(count);
    expect(report.problems.every((p) => p.code === 'check.manifest-absolute-path' && p.severity === 'warning' && p.file === MANIFEST && p.line !== undefined)).toBe(true);
    expect(run.code).toBe(0);
  });

  it('memkit check: an absolute path to a doc that is not there is still missing, and says how it was read', async () => {
    const { report } = await checkExampleWith((p) => `/elsewhere/${p.replace('.md', '-gone.md')}`);
    expect(codes(report.problems)).toContain('check.manifest-missing-doc');
    expect(report.problems.find((p) => p.code === 'check.manifest-missing-doc')!.message).toContain('read as .thunderus/');
  });

  it('memkit check: an absolute path outside any .thunderus directory is missing', async () => {
    const { report } = await checkExampleWith((p) => `/tmp/${p.split('/').at(-1)}`);
    expect(codes(report.problems)).toContain('check.manifest-missing-doc');
    expect(codes(report.problems)).toContain('check.manifest-unlisted-doc');
  });

  it('checkManifest (store): absolute paths to existing docs give only warnings', async () => {
    const M = '.thunderus/memory';
    const f = memoryFiles({ [`${M}/core/CORE.md`]: docFile('core.main', 'core', { kind: 'core' }), [`${M}/semantic/FACTS/b.md`]: docFile('fact.b', 'b') });
    const { manifest } = await buildManifest(f, { now: () => new Date('2026-01-01T00:00:00Z') });
    expect(await checkManifest(manifest, f)).toEqual([]);
    for (const d of manifest.docs) d.path = `/srv/repo/${d.path}`;
    const problems = await checkManifest(manifest, f);
    expect(problems.map((p) => [p.code, p.severity, p.pointer])).toEqual([
      ['store.manifest-absolute-path', 'warning', '/docs/0/path'],
      ['store.manifest-absolute-path', 'warning', '/docs/1/path'],
    ]);
  });

  it('the directory checker on a port agrees', async () => {
    const M = '.thunderus/memory';
    const f = memoryFiles({ [`${M}/core/CORE.md`]: docFile('core.main', 'core', { kind: 'core' }) });
    const { manifest } = await buildManifest(f, { now: () => new Date('2026-01-01T00:00:00Z') });
    manifest.docs[0]!.path = `/srv/repo/${manifest.docs[0]!.path}`;
    await f.write(MANIFEST, new TextEncoder().encode(JSON.stringify(manifest, null, 2) + '\n'));
    const report = await checkDirectory(sourceFromFilePort(f));
    expect(report.problems.filter((p) => p.code.startsWith('check.manifest')).map((p) => p.code)).toEqual(['check.manifest-absolute-path']);
  });

  it('path helpers', () => {
    expect(['/a/b', 'C:\\a', 'c:/a', '\\\\server\\share\\a'].every(isAbsolutePath)).toBe(true);
    expect(['.thunderus/memory/a.md', './a', 'a/b', 'C:a'].some(isAbsolutePath)).toBe(false);
    expect(relativeFromAbsolute('/home/x/.thunderus/memory/old/.thunderus/memory/a.md')).toBe('.thunderus/memory/a.md');
    expect(relativeFromAbsolute('D:\\repo\\.thunderus\\memory\\a.md')).toBe('.thunderus/memory/a.md');
    expect(relativeFromAbsolute('/home/x/a.md')).toBeUndefined();
  });
});
