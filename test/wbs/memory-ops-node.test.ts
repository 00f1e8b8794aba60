// The seed's file operations (memory_write, memory_read, memory_update_json) over memkit/node's default file
// port on a real directory: the `file.tmp` staging the seed names is allowed next to its file only, the seed's
// text extensions (.yaml and .yml among them) are written, and a failed write leaves neither a change nor a temp.
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { nodeFiles } from '../../src/adapters/node/index.js';
import { MemkitError } from '../../src/kernel/problems/index.js';
import { memoryRead, memoryUpdateJson, memoryWrite } from '../../src/services/wbs/index.js';

const base = mkdtempSync(join(tmpdir(), 'memkit-memory-ops-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));
let n = 0;
const fresh = () => {
  const dir = join(base, `root${n++}`);
  mkdirSync(dir, { recursive: true });
  return dir;
};
const enc = (s: string) => new TextEncoder().encode(s);
const codes = (r: { ok: boolean; problems?: { code: string }[] }) => (r.problems ?? []).map((p) => p.code);
const thrown = async (p: Promise<unknown>) => {
  const e = await p.then(
    () => undefined,
    (x: unknown) => x,
  );
  return e instanceof MemkitError ? e.problems[0]!.code : e === undefined ? 'no error' : String(e);
};
/** Every file under `dir`, relative, sorted. */
const tree = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) =>
      join(e.parentPath, e.name)
        .slice(dir.length + 1)
        .split('\\')
        .join('/'),
    )
    .sort();

describe('memoryWrite over nodeFiles (the default extensions)', () => {
  it('stages notes.md.tmp, renames it into place, and reads the note back', async () => {
    const root = fresh();
    const files = nodeFiles(root);
    const r = await memoryWrite(files, '.claude/memory/notes.md', '# Notes\n');
    expect(r).toEqual({ ok: true, value: undefined });
    expect(readFileSync(join(root, '.claude/memory/notes.md'), 'utf8')).toBe('# Notes\n');
    expect(await memoryRead(files, '.claude/memory/notes.md')).toEqual({ ok: true, value: '# Notes\n' });
    expect(tree(root)).toEqual(['.claude/memory/notes.md']);
  });

  it('writes each of the seed’s text extensions, .yaml and .yml included', async () => {
    const root = fresh();
    const files = nodeFiles(root);
    const contents: Record<string, string> = {
      '.claude/memory/a.json': '{"a":1}\n',
      '.claude/memory/b.md': '# B\n',
      '.claude/memory/c.txt': 'c\n',
      '.claude/memory/d.yaml': 'd: 1\n',
      '.claude/memory/e.yml': 'e: [1, 2]\n',
    };
    for (const [path, text] of Object.entries(contents)) expect(await memoryWrite(files, path, text), path).toEqual({ ok: true, value: undefined });
    for (const [path, text] of Object.entries(contents)) expect(readFileSync(join(root, path), 'utf8')).toBe(text);
    expect(tree(root)).toEqual(Object.keys(contents).sort());
  });

  it('updates a task file with a function and with a JSON Patch', async () => {
    const root = fresh();
    mkdirSync(join(root, '.claude/memory/tasks'), { recursive: true });
    writeFileSync(join(root, '.claude/memory/tasks/1.json'), '{"id":"1","type":"epic","status":"pending"}\n');
    const files = nodeFiles(root);
    const byFunction = await memoryUpdateJson(files, '.claude/memory/tasks/1.json', (t) => ({ ...(t as object), status: 'in-progress' }));
    expect(byFunction.ok && byFunction.value).toEqual({ id: '1', type: 'epic', status: 'in-progress' });
    const byPatch = await memoryUpdateJson(files, '.claude/memory/tasks/1.json', [{ op: 'add', path: '/title', value: 'Auth' }]);
    expect(byPatch.ok).toBe(true);
    expect(JSON.parse(readFileSync(join(root, '.claude/memory/tasks/1.json'), 'utf8'))).toEqual({ id: '1', type: 'epic', status: 'in-progress', title: 'Auth' });
    expect(tree(root)).toEqual(['.claude/memory/tasks/1.json']);
  });

  it('refuses a write its verify hook finds errors in, before any file (temp or target) is touched', async () => {
    const root = fresh();
    const files = nodeFiles(root);
    await memoryWrite(files, '.claude/memory/a.md', 'old\n');
    const r = await memoryWrite(files, '.claude/memory/a.md', 'new\n', {
      verify: () => [{ code: 'x.refused', severity: 'error', message: 'no' }],
    });
    expect(codes(r)).toEqual(['x.refused']);
    const warned = await memoryWrite(files, '.claude/memory/a.md', 'newer\n', { verify: () => [{ code: 'x.note', severity: 'warning', message: 'fyi' }] });
    expect(warned.ok && codes(warned)).toEqual(['x.note']);
    expect(readFileSync(join(root, '.claude/memory/a.md'), 'utf8')).toBe('newer\n');
    expect(tree(root)).toEqual(['.claude/memory/a.md']);
  });

  it('leaves the old file and no temp when the rename fails', async () => {
    const root = fresh();
    mkdirSync(join(root, '.claude/memory'), { recursive: true });
    writeFileSync(join(root, '.claude/memory/a.md'), 'old\n');
    const files = nodeFiles(root);
    const r = await memoryWrite(
      { ...files, read: files.read, write: files.write, remove: files.remove, list: files.list, rename: async () => Promise.reject(new Error('EXDEV')) },
      '.claude/memory/a.md',
      'new\n',
    );
    expect(codes(r)).toEqual(['wbs.write-failed']);
    expect(readFileSync(join(root, '.claude/memory/a.md'), 'utf8')).toBe('old\n');
    expect(tree(root)).toEqual(['.claude/memory/a.md']);
  });
});

describe('nodeFiles: the staging name <file>.tmp', () => {
  it('is allowed only after an allowed extension, and never listed', async () => {
    const root = fresh();
    const files = nodeFiles(root);
    await files.write('notes.md.tmp', enc('x'));
    expect(new TextDecoder().decode(await files.read('notes.md.tmp'))).toBe('x');
    expect(await files.list('')).toEqual([]);
    await files.remove('notes.md.tmp');
    expect(tree(root)).toEqual([]);
    for (const bad of ['run.sh.tmp', 'x.tmp', '.tmp', 'a.md.tmp.tmp', 'a.exe.tmp']) expect(await thrown(files.write(bad, enc('x'))), bad).toBe('fs.extension-not-allowed');
  });

  it('renames a staging file onto its own file only, and nothing onto a staging name', async () => {
    const root = fresh();
    const files = nodeFiles(root);
    await files.write('a.md', enc('a'));
    await files.write('a.md.tmp', enc('staged'));
    expect(await thrown(files.rename('a.md.tmp', 'b.md'))).toBe('fs.extension-not-allowed');
    expect(await thrown(files.rename('a.md', 'b.md.tmp'))).toBe('fs.extension-not-allowed');
    expect(await thrown(files.rename('a.md.tmp', 'a.md.tmp'))).toBe('fs.extension-not-allowed');
    expect(tree(root)).toEqual(['a.md', 'a.md.tmp']);
    await files.rename('a.md.tmp', 'a.md');
    expect(readFileSync(join(root, 'a.md'), 'utf8')).toBe('staged');
    expect(tree(root)).toEqual(['a.md']);
  });

  it('is an ordinary name when the port allows .tmp or any extension', async () => {
    const root = fresh();
    const any = nodeFiles(root, { extensions: null });
    await any.write('a.md.tmp', enc('x'));
    await any.rename('a.md.tmp', 'b.md.tmp');
    expect(await any.list('')).toEqual(['b.md.tmp']);
  });
});
