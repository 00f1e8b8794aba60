import { mkdtempSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { nodeFiles, nodeFs } from '../../src/adapters/node/index.js';
import { checkRelativePath } from '../../src/adapters/node/fs-port.js';
import { MemkitError } from '../../src/kernel/problems/index.js';
import { expectLikeModel, fileOp } from '../store/file-port-model.js';

const base = mkdtempSync(join(tmpdir(), 'memkit-fs-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));
let n = 0;
const fresh = () => {
  const dir = join(base, `root${n++}`);
  mkdirSync(dir, { recursive: true });
  return dir;
};
const enc = (s: string) => new TextEncoder().encode(s);
const code = async (p: Promise<unknown>) => {
  const e = await p.then(
    () => undefined,
    (x: unknown) => x,
  );
  return e instanceof MemkitError ? e.problems[0]!.code : e === undefined ? 'no error' : String(e);
};

describe('nodeFiles', () => {
  it('behaves like memoryFiles over any sequence of writes, renames and removes (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fileOp, { maxLength: 12 }), async (ops) => {
        await expectLikeModel(nodeFiles(fresh()), ops);
      }),
      { numRuns: 40 },
    );
  });

  it('reads, writes, lists, renames and removes files under the root', async () => {
    const root = fresh();
    const files = nodeFiles(root);
    expect(await files.read('a/missing.md')).toBeUndefined();
    await files.write('.thunderus/memory/CORE.md', enc('core'));
    await files.write('.thunderus/memory/semantic/FACTS/x.md', enc('x'));
    await files.write('b.json', enc('{}'));
    expect(readFileSync(join(root, '.thunderus/memory/CORE.md'), 'utf8')).toBe('core');
    expect(new TextDecoder().decode(await files.read('.thunderus/memory/CORE.md'))).toBe('core');
    expect(await files.list('')).toEqual(['.thunderus/memory/CORE.md', '.thunderus/memory/semantic/FACTS/x.md', 'b.json']);
    expect(await files.list('.thunderus/memory/semantic')).toEqual(['.thunderus/memory/semantic/FACTS/x.md']);
    expect(await files.list('nope')).toEqual([]);
    await files.write('b.json', enc('{"v":2}'));
    expect(readFileSync(join(root, 'b.json'), 'utf8')).toBe('{"v":2}');
    await files.rename('b.json', 'c/d.json');
    expect(await files.read('b.json')).toBeUndefined();
    expect(await code(files.rename('b.json', 'e.json'))).toBe('fs.not-found');
    await files.remove('c/d.json');
    await files.remove('c/d.json');
    expect(await files.list('c')).toEqual([]);
  });

  it('removeEmptyDir removes only an empty directory inside the root; listDirectories lists one level', async () => {
    const root = fresh();
    mkdirSync(join(root, 'a', 'empty'), { recursive: true });
    mkdirSync(join(root, 'b'));
    writeFileSync(join(root, 'b', 'x.md'), 'x');
    const files = nodeFiles(root);
    expect(await files.listDirectories('')).toEqual(['a', 'b']);
    expect(await files.listDirectories('a')).toEqual(['a/empty']);
    await files.removeEmptyDir('b'); // not empty: stays, no error
    expect(readFileSync(join(root, 'b', 'x.md'), 'utf8')).toBe('x');
    await files.removeEmptyDir('a/empty');
    await files.removeEmptyDir('a/missing');
    expect(await files.listDirectories('a')).toEqual([]);
    expect(await code(files.removeEmptyDir('../outside'))).toBe('fs.bad-path');
  });

  it('refuses .., absolute paths, NUL bytes, backslashes and empty segments', async () => {
    const files = nodeFiles(fresh());
    for (const bad of ['../x.md', 'a/../../x.md', '/etc/passwd.md', 'C:/x.md', 'a\0b.md', 'a\\b.md', 'a//b.md', './a.md', '']) {
      expect(await code(files.read(bad)), bad).toBe('fs.bad-path');
      expect(await code(files.write(bad, enc('x'))), bad).toBe('fs.bad-path');
    }
    expect(await code(files.rename('ok.md', '../out.md'))).toBe('fs.bad-path');
  });

  it('does not list inside .git or node_modules unless asked to', async () => {
    const root = fresh();
    for (const d of ['.git', 'node_modules/x', 'notes']) mkdirSync(join(root, d), { recursive: true });
    for (const f of ['.git/config.md', 'node_modules/x/a.md', 'notes/a.md']) writeFileSync(join(root, f), 'x');
    expect(await nodeFiles(root).list('')).toEqual(['notes/a.md']);
    expect(await nodeFiles(root, { ignoreDirs: [] }).list('')).toEqual(['.git/config.md', 'node_modules/x/a.md', 'notes/a.md']);
  });

  it('accepts only allowlisted extensions (configurable)', async () => {
    const root = fresh();
    const files = nodeFiles(root);
    expect(await code(files.write('x.exe', enc('x')))).toBe('fs.extension-not-allowed');
    expect(await code(files.read('x.sh'))).toBe('fs.extension-not-allowed');
    writeFileSync(join(root, 'script.sh'), 'x');
    expect(await files.list('')).toEqual([]);
    const any = nodeFiles(root, { extensions: null });
    expect(await any.list('')).toEqual(['script.sh']);
    const onlyMd = nodeFiles(root, { extensions: ['.md'] });
    expect(await code(onlyMd.write('a.json', enc('{}')))).toBe('fs.extension-not-allowed');
  });

  it('refuses symbolic links that leave the root, follows those that stay', async () => {
    const root = fresh();
    const outside = fresh();
    writeFileSync(join(outside, 'secret.md'), 'secret');
    writeFileSync(join(root, 'inside.md'), 'inside');
    symlinkSync(join(outside, 'secret.md'), join(root, 'leak.md'));
    symlinkSync(outside, join(root, 'outdir'));
    symlinkSync(join(root, 'inside.md'), join(root, 'alias.md'));
    const files = nodeFiles(root);
    expect(await code(files.read('leak.md'))).toBe('fs.outside-root');
    expect(await code(files.read('outdir/secret.md'))).toBe('fs.outside-root');
    expect(await code(files.write('outdir/new.md', enc('x')))).toBe('fs.outside-root');
    expect(await code(files.write('outdir/deeper/new.md', enc('x')))).toBe('fs.outside-root');
    expect(readdirSync(outside)).toEqual(['secret.md']);
    expect(new TextDecoder().decode(await files.read('alias.md'))).toBe('inside');
    expect(await files.list('')).toEqual(['alias.md', 'inside.md']);
  });

  it('listFingerprints lists what list lists; a fingerprint changes with the file, and is missing for a file changed moments ago', async () => {
    const root = fresh();
    const outside = fresh();
    for (const d of ['a/b', '.git', 'c']) mkdirSync(join(root, d), { recursive: true });
    for (const f of ['a/b/x.md', 'a/y.json', '.git/z.md', 'c/w.exe', 'top.md']) writeFileSync(join(root, f), f);
    writeFileSync(join(outside, 'secret.md'), 'secret');
    symlinkSync(join(outside, 'secret.md'), join(root, 'leak.md'));
    symlinkSync(join(root, 'top.md'), join(root, 'alias.md'));
    const files = nodeFiles(root);
    const fresh1 = await files.listFingerprints('');
    expect(fresh1.map(([p]) => p)).toEqual(await files.list(''));
    expect(await files.listFingerprints('a')).toEqual([
      ['a/b/x.md', undefined],
      ['a/y.json', undefined],
    ]);
    expect(fresh1.every(([, f]) => f === undefined)).toBe(true);
    // Files seen as a minute old have fingerprints; rewriting one changes its own only.
    const aged = nodeFiles(root, {
      fs: { ...nodeFs, stat: async (p) => ((st) => ({ dev: st.dev, ino: st.ino, size: st.size, mtimeMs: st.mtimeMs - 60_000, ctimeMs: st.ctimeMs - 60_000 }))(await nodeFs.stat!(p)) },
    });
    const before = new Map(await aged.listFingerprints(''));
    expect([...before.values()].every((f) => typeof f === 'string')).toBe(true);
    writeFileSync(join(root, 'a/b/x.md'), 'other');
    const after = new Map(await aged.listFingerprints(''));
    for (const [p, f] of after) expect(f === before.get(p), p).toBe(p !== 'a/b/x.md');
  });

  it('never resolves a checked path outside the root (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', '..', '.', '', 'b.md', '\0', '\\', '/', 'C:'), { maxLength: 6 }), (parts) => {
        const p = parts.join('/');
        if (checkRelativePath(p) === undefined) {
          const segs = p.split('/');
          expect(segs.every((s) => s !== '..' && s !== '.' && s !== '' && !s.includes('\0'))).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});
