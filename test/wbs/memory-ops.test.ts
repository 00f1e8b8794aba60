import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type FilePort, memoryFiles } from '../../src/kernel/file-port.js';
import { checkMemoryPath, checkWbsFiles, memoryRead, memoryUpdateJson, memoryWrite } from '../../src/services/wbs/index.js';
import { wbsFixture } from './arbitraries.js';

const text = (b: Uint8Array | undefined) => (b === undefined ? undefined : new TextDecoder().decode(b));

describe('checkMemoryPath', () => {
  it('accepts paths under .claude/memory/ with a text extension', () => {
    for (const ok of ['.claude/memory/task-index.json', '.claude/memory/tasks/1.2.json', '.claude/memory/notes/a b.md', '.claude/memory/x.txt', '.claude/memory/c.yaml', '.claude/memory/c.yml'])
      expect(checkMemoryPath(ok), ok).toEqual([]);
  });

  it('refuses each unsafe form with its own code', () => {
    const cases: [unknown, string][] = [
      ['notes.md', 'wbs.path-outside'],
      ['.claude/memoryx/a.md', 'wbs.path-outside'],
      ['.claude/other/a.md', 'wbs.path-outside'],
      [42, 'wbs.path-outside'],
      ['/etc/passwd.txt', 'wbs.path-absolute'],
      ['C:/x/.claude/memory/a.md', 'wbs.path-absolute'],
      ['~/.claude/memory/a.md', 'wbs.path-absolute'],
      ['.claude/memory/../secrets.json', 'wbs.path-traversal'],
      ['.claude/memory/tasks/../../../x.json', 'wbs.path-traversal'],
      ['.claude/memory/./a.md', 'wbs.path-traversal'],
      ['.claude/memory//a.md', 'wbs.path-traversal'],
      ['.claude\\memory\\a.md', 'wbs.path-traversal'],
      ['.claude/memory/a.md\u0000.json', 'wbs.path-nul'],
      ['.claude/memory/a\n.md', 'wbs.path-nul'],
      ['.claude/memory/run.sh', 'wbs.path-extension'],
      ['.claude/memory/task-index.json.tmp', 'wbs.path-extension'],
      ['.claude/memory/.json', 'wbs.path-extension'],
      ['.claude/memory/', 'wbs.path-traversal'],
    ];
    for (const [path, code] of cases)
      expect(
        checkMemoryPath(path).map((p) => p.code),
        JSON.stringify(path),
      ).toEqual([code]);
  });

  it('never accepts a path that escapes .claude/memory/', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('..', '.', '', 'a', 'memory', '.claude', 'x.json', '\\', '/'), { maxLength: 6 }), (parts) => {
        const path = '.claude/memory/' + parts.join('/');
        if (checkMemoryPath(path).length === 0) {
          expect(path.split('/')).not.toContain('..');
          expect(path.startsWith('.claude/memory/')).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('memoryWrite / memoryRead', () => {
  it('writes through a temp file, verifies, renames, and reads back', async () => {
    const files = memoryFiles();
    const calls: string[] = [];
    const spy: FilePort = {
      read: (p) => (calls.push(`read ${p}`), files.read(p)),
      write: (p, d) => (calls.push(`write ${p}`), files.write(p, d)),
      rename: (a, b) => (calls.push(`rename ${a} ${b}`), files.rename(a, b)),
      remove: (p) => (calls.push(`remove ${p}`), files.remove(p)),
      list: (p) => files.list(p),
    };
    expect(await memoryWrite(spy, '.claude/memory/notes.md', '# Notes\n')).toEqual({ ok: true, value: undefined });
    expect(calls).toEqual(['write .claude/memory/notes.md.tmp', 'read .claude/memory/notes.md.tmp', 'rename .claude/memory/notes.md.tmp .claude/memory/notes.md']);
    expect(await memoryRead(files, '.claude/memory/notes.md')).toEqual({ ok: true, value: '# Notes\n' });
    expect(await files.list('')).toEqual(['.claude/memory/notes.md']);
  });

  it('refuses invalid JSON, invalid task files, bad YAML and bad UTF-8, leaving the old file', async () => {
    const files = memoryFiles({ '.claude/memory/task-index.json': '{"version":"1.0.0","tasks":[]}' });
    const before = files.snapshot();
    const codes = async (path: string, content: string | Uint8Array) => {
      const r = await memoryWrite(files, path, content);
      return r.ok ? [] : r.problems.map((p) => p.code);
    };
    expect(await codes('.claude/memory/task-index.json', '{"version":')).toEqual(['input.not-json']);
    expect(await codes('.claude/memory/task-index.json', '{"version":"1","tasks":[]}')).toEqual(['schema.pattern']);
    expect(await codes('.claude/memory/tasks/1.2.json', '{"id":"1.2","type":"epic","status":"done"}')).toEqual(['wbs.type-depth']);
    expect(await codes('.claude/memory/tasks/1.2.json', '{"id":"1.3","type":"feature","status":"done"}')).toEqual(['wbs.entity-file-name']);
    expect(await codes('.claude/memory/c.yaml', 'a: [1, 2\n')).toEqual(['wbs.not-yaml']);
    expect(await codes('.claude/memory/a.md', new Uint8Array([0xff, 0xfe]))).toEqual(['wbs.not-text']);
    expect(await codes('.claude/memory/../x.md', 'x')).toEqual(['wbs.path-traversal']);
    expect(files.snapshot()).toEqual(before);
  });

  it('does not rename when the temp file reads back differently', async () => {
    const inner = memoryFiles();
    const lying: FilePort = {
      ...inner,
      read: async (p) => (p.endsWith('.tmp') ? new TextEncoder().encode('other') : inner.read(p)),
      write: inner.write,
      rename: inner.rename,
      remove: inner.remove,
      list: inner.list,
    };
    const r = await memoryWrite(lying, '.claude/memory/a.md', 'x');
    expect(r.ok ? [] : r.problems.map((p) => p.code)).toEqual(['wbs.verify-failed']);
    expect(await inner.list('')).toEqual([]);
  });

  it('leaves the old file, or none, and no temp file when any step of a write fails (fault injection)', async () => {
    for (const existing of [true, false]) {
      for (let fault = 1; fault <= 3; fault++) {
        const inner = memoryFiles(existing ? { '.claude/memory/a.md': 'old' } : {});
        const before = inner.snapshot();
        let k = 0;
        const step = () => ++k === fault;
        const faulty: FilePort = {
          ...inner,
          write: async (p, d) => {
            if (step()) throw new Error('disk full');
            return inner.write(p, d);
          },
          read: async (p) => {
            if (p.endsWith('.tmp') && step()) throw new Error('EIO');
            return inner.read(p);
          },
          rename: async (a, b) => {
            if (step()) throw new Error('EXDEV');
            return inner.rename(a, b);
          },
        };
        const r = await memoryWrite(faulty, '.claude/memory/a.md', 'new');
        expect(r.ok ? [] : r.problems.map((p) => p.code), `step ${fault}`).toEqual(['wbs.write-failed']);
        expect(inner.snapshot(), `step ${fault}`).toEqual(before);
      }
    }
  });

  it('reports a port that fails to read as wbs.read-failed, not as a missing file', async () => {
    const files = memoryFiles({ '.claude/memory/a.md': 'x' });
    const r = await memoryRead(
      {
        ...files,
        read: async () => {
          throw new Error('EIO');
        },
      },
      '.claude/memory/a.md',
    );
    expect(r.ok ? [] : r.problems.map((p) => p.code)).toEqual(['wbs.read-failed']);
  });

  it('reports missing files and bad paths on read', async () => {
    const files = memoryFiles();
    const r = await memoryRead(files, '.claude/memory/none.md');
    expect(r.ok ? [] : r.problems.map((p) => p.code)).toEqual(['wbs.file-missing']);
    const s = await memoryRead(files, '/etc/passwd.txt');
    expect(s.ok ? [] : s.problems.map((p) => p.code)).toEqual(['wbs.path-absolute']);
  });
});

describe('memoryUpdateJson', () => {
  const start = () => memoryFiles({ '.claude/memory/tasks/1.json': '{"id":"1","type":"epic","status":"pending"}\n' });

  it('applies a pure function to a copy and writes 2-space JSON', async () => {
    const files = start();
    const r = await memoryUpdateJson(files, '.claude/memory/tasks/1.json', (t) => ({ ...(t as object), status: 'done' }));
    expect(r).toEqual({ ok: true, value: { id: '1', type: 'epic', status: 'done' } });
    expect(text(await files.read('.claude/memory/tasks/1.json'))).toBe('{\n  "id": "1",\n  "type": "epic",\n  "status": "done"\n}\n');
  });

  it('applies a JSON Patch', async () => {
    const files = start();
    const r = await memoryUpdateJson(files, '.claude/memory/tasks/1.json', [{ op: 'add', path: '/title', value: 'Auth' }]);
    expect(r.ok && (r.value as { title: string }).title).toBe('Auth');
  });

  it('refuses updates that throw, are not JSON, or break the format, and keeps the file', async () => {
    const files = start();
    const before = files.snapshot();
    const codes = async (u: Parameters<typeof memoryUpdateJson>[2], path = '.claude/memory/tasks/1.json') => {
      const r = await memoryUpdateJson(files, path, u);
      return r.ok ? [] : r.problems.map((p) => p.code);
    };
    expect(
      await codes(() => {
        throw new Error('boom');
      }),
    ).toEqual(['wbs.update-failed']);
    expect(await codes(() => undefined)).toEqual(['wbs.update-failed']);
    expect(await codes(() => ({ n: 10n }))).toEqual(['wbs.update-failed']);
    expect(await codes((t) => ({ ...(t as object), status: 'finished' }))).toEqual(['schema.enum']);
    expect(await codes([{ op: 'remove', path: '/nope' }])).toEqual(['wbs.patch-failed']);
    expect(await codes(() => ({}), '.claude/memory/a.md')).toEqual(['wbs.path-extension']);
    expect(files.snapshot()).toEqual(before);
  });
});

describe('checkWbsFiles', () => {
  it('loads through the port and checks deliverables on disk', async () => {
    const [m] = fc.sample(
      wbsFixture.filter((x) => x.index.tasks.some((t) => t.deliverables)),
      { seed: 5, numRuns: 1 },
    );
    const init: Record<string, string> = { '.claude/memory/task-index.json': JSON.stringify(m!.index) };
    for (const [k, v] of Object.entries(m!.tasks)) init[`.claude/memory/${k}`] = JSON.stringify(v);
    const deliverables = m!.index.tasks.flatMap((t) => t.deliverables ?? []);
    for (const d of deliverables) init[d] = 'x';
    expect(await checkWbsFiles(memoryFiles(init))).toEqual([]);
    delete init[deliverables[0]!];
    init['.claude/memory/tasks/7.json'] = '{ broken';
    const problems = await checkWbsFiles(memoryFiles(init));
    expect(problems.map((p) => [p.code, p.file])).toEqual([
      ['wbs.entity-not-json', '.claude/memory/tasks/7.json'],
      ['wbs.deliverable-missing', '.claude/memory/task-index.json'],
    ]);
  });
});
