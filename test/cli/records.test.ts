// memkit progress and memkit artifact add: written and exit 0, refused with the problem and no byte changed
// (exit 1), a denied writer, usage errors (exit 2), and concurrent processes adding to one manifest.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { validate } from '../../src/schema/index.js';
import { ROOT, readTree, runCli } from './helpers.js';
import { exampleCopies } from './example-copies.js';

const run = promisify(execFile);
const example = exampleCopies();

const codesOf = (stdout: string) => (JSON.parse(stdout) as { problems: { code: string }[] }).problems.map((p) => p.code);
const progressText = (dir: string) => readFileSync(join(dir, 'memory-bank', 'progress.md'), 'utf8');
const manifest = (dir: string) =>
  JSON.parse(readFileSync(join(dir, 'memory-bank', 'artifacts-manifest.json'), 'utf8')) as { artifacts: { path: string; sha256: string; created_by: string; phase: string }[] };
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('memkit progress', () => {
  it('sets a row’s status, only that row changes, and check stays clean', async () => {
    const dir = example();
    const before = progressText(dir);
    const r = await runCli(['progress', '.', '1.2.2', '--status', 'REVIEW', '--as', 'Frontend', '--format', 'json'], { cwd: dir });
    expect(r.code, r.stdout).toBe(0);
    const out = JSON.parse(r.stdout) as { ok: boolean; written: boolean; path: string; row: Record<string, string> };
    expect(out).toMatchObject({ ok: true, written: true, path: 'memory-bank/progress.md', row: { task_id: '1.2.2', status: 'REVIEW' } });
    const after = progressText(dir);
    const changed = before.split('\n').filter((l, i) => l !== after.split('\n')[i]);
    expect(changed).toEqual(['| 1.2.2 | IN_PROGRESS | Frontend | MEDIUM | 2026-02-21T10:00:00Z |']);
    expect(after.split('\n').find((l) => l.startsWith('| 1.2.2 '))).toMatch(/^\| 1\.2\.2 \| REVIEW \| Frontend \| MEDIUM \| \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ \|$/);
    expect((await runCli(['check', '.'], { cwd: dir })).code).toBe(0);
  });

  it('moves a milestone to DONE only with an approver: others exit 1 with ledger.writer-denied, nothing written', async () => {
    const dir = example();
    const before = readTree(dir);
    for (const as of [[], ['--as', 'Frontend']]) {
      const denied = await runCli(['progress', '.', '1.2.1', '--status', 'DONE', ...as, '--format', 'json'], { cwd: dir });
      expect(denied.code).toBe(1);
      expect(codesOf(denied.stdout)).toContain('ledger.writer-denied');
    }
    expect(readTree(dir)).toEqual(before);
    const approved = await runCli(['progress', '.', '1.2.1', '--status', 'DONE', '--as', 'CIReviewer'], { cwd: dir });
    expect(approved.code, approved.stdout).toBe(0);
    expect(progressText(dir)).toMatch(/\| 1\.2\.1 \| DONE \| Frontend \| HIGH \|/);
  });

  it('refuses a row the table does not have, and any write while the config cannot be used: exit 1, no byte changed', async () => {
    const dir = example();
    const before = readTree(dir);
    const r = await runCli(['progress', '.', '9.9.9', '--status', 'REVIEW', '--format', 'json'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(codesOf(r.stdout)).toEqual(['memory.not-found']);
    // A config the directory cannot use refuses every write.
    writeFileSync(join(dir, 'memkit.config.json'), '{"profile":"nonsense"}');
    const snapshot = readTree(dir);
    const bad = await runCli(['progress', '.', '1.2.2', '--status', 'REVIEW', '--format', 'json'], { cwd: dir });
    expect(bad.code).toBe(1);
    expect(codesOf(bad.stdout)).toEqual(['schema.enum']);
    expect(readTree(dir)).toEqual(snapshot);
    expect(Object.keys(snapshot).filter((k) => !(k in before))).toEqual(['memkit.config.json']);
  });

  it('is a usage error without --status, with a status that is not one, or without a ROW', async () => {
    const dir = example();
    expect((await runCli(['progress', '.', '1.2.2'], { cwd: dir })).code).toBe(2);
    expect((await runCli(['progress', '.', '1.2.2', '--status', 'done'], { cwd: dir })).code).toBe(2);
    expect((await runCli(['progress', '.'], { cwd: dir })).code).toBe(2);
  });
});

describe('memkit progress, concurrently', () => {
  it('4 processes × 5 status changes, each to its own row: every row ends as its last change, the rest of the file kept', async () => {
    const main = join(ROOT, 'dist', 'cli', 'main.js');
    expect(existsSync(main), 'dist/cli/main.js: run npm run build first (npm test does)').toBe(true);
    const dir = example();
    const before = progressText(dir);
    const rows = ['1.1.1', '1.1.2', '1.2.1', '1.2.2'];
    const writer = async (row: string) => {
      for (let i = 0; i < 5; i++) await run(process.execPath, [main, 'progress', '.', row, '--status', i % 2 === 0 ? 'BLOCKED' : 'IN_PROGRESS', '--as', 'CIReviewer'], { cwd: dir });
    };
    await Promise.all(rows.map(writer));
    const after = progressText(dir);
    const strip = (t: string) => t.replace(/\| [A-Z_]+ \| (\w+) \| (\w+) \| [0-9TZ:-]+ \|/g, '| S | $1 | $2 | T |');
    expect(strip(after)).toBe(strip(before));
    for (const row of rows) expect(after).toMatch(new RegExp(`\\| ${row.replace(/\./g, '\\.')} \\| BLOCKED \\|`));
    expect((await runCli(['check', '.'], { cwd: dir })).code).toBe(0);
  }, 120_000);
});

describe('memkit artifact add', () => {
  it('adds a file with its sha256 and the current phase; check stays clean', async () => {
    const dir = example();
    mkdirSync(join(dir, 'src', 'store'), { recursive: true });
    writeFileSync(join(dir, 'src', 'store', 'sqlite.ts'), 'export const x = 1;\n');
    const r = await runCli(['artifact', 'add', '.', 'src/store/sqlite.ts', '--depends-on', 'memory-bank/decisionLog.md', '--format', 'json'], { cwd: dir });
    expect(r.code, r.stdout).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: true, written: true, created: true, manifest: 'memory-bank/artifacts-manifest.json' });
    const entry = manifest(dir).artifacts.find((a) => a.path === 'src/store/sqlite.ts');
    expect(entry).toMatchObject({ sha256: sha256('export const x = 1;\n'), created_by: 'ReaperOAK', phase: 'VALIDATE' });
    expect((await runCli(['check', '.'], { cwd: dir })).code).toBe(0);
    // Again with the same bytes: nothing to write.
    const again = await runCli(['artifact', 'add', '.', 'src/store/sqlite.ts', '--depends-on', 'memory-bank/decisionLog.md', '--format', 'json'], { cwd: dir });
    expect(JSON.parse(again.stdout)).toMatchObject({ ok: true, written: false });
  });

  it('refuses a denied writer (ledger.writer-denied), a missing file (memory.not-found) and a result that would not check, exit 1, nothing written', async () => {
    const dir = example();
    writeFileSync(join(dir, 'notes.txt'), 'n\n');
    const before = readTree(dir);
    const denied = await runCli(['artifact', 'add', '.', 'notes.txt', '--as', 'Backend', '--format', 'json'], { cwd: dir });
    expect(denied.code).toBe(1);
    expect(codesOf(denied.stdout)).toContain('ledger.writer-denied');
    const missing = await runCli(['artifact', 'add', '.', 'nope.txt', '--format', 'json'], { cwd: dir });
    expect(missing.code).toBe(1);
    expect(codesOf(missing.stdout)).toEqual(['memory.not-found']);
    // An empty phase is refused before anything is computed; a blank one the schema would refuse too.
    const blank = await runCli(['artifact', 'add', '.', 'notes.txt', '--phase', ' ', '--format', 'json'], { cwd: dir });
    expect(blank.code).toBe(1);
    expect(codesOf(blank.stdout)).toEqual(['memory.invalid-request']);
    expect(readTree(dir)).toEqual(before);
  });

  it('is a usage error for a PATH outside DIR, a missing action or PATH', async () => {
    const dir = example();
    expect((await runCli(['artifact', 'add', 'memory-bank', 'README.md'], { cwd: dir })).code).toBe(2);
    expect((await runCli(['artifact', 'add', '.', '../elsewhere.txt'], { cwd: dir })).code).toBe(2);
    expect((await runCli(['artifact', 'remove', '.', 'x.txt'], { cwd: dir })).code).toBe(2);
    expect((await runCli(['artifact', 'add', '.'], { cwd: dir })).code).toBe(2);
  });

  it('4 processes × 25 adds of distinct files into one manifest: every entry present, the manifest valid', async () => {
    const main = join(ROOT, 'dist', 'cli', 'main.js');
    expect(existsSync(main), 'dist/cli/main.js: run npm run build first (npm test does)').toBe(true);
    const dir = example();
    mkdirSync(join(dir, 'out'), { recursive: true });
    const name = (w: number, i: number) => `out/w${w}-${i}.txt`;
    for (let w = 0; w < 4; w++) for (let i = 0; i < 25; i++) writeFileSync(join(dir, name(w, i)), `writer ${w} file ${i}\n`);
    const before = manifest(dir).artifacts.length;
    const writer = async (w: number) => {
      for (let i = 0; i < 25; i++) await run(process.execPath, [main, 'artifact', 'add', '.', name(w, i), '--phase', 'BUILD'], { cwd: dir });
    };
    await Promise.all([0, 1, 2, 3].map(writer));
    const after = manifest(dir);
    expect(validate('artifacts-manifest', after)).toEqual([]);
    expect(after.artifacts).toHaveLength(before + 100);
    for (let w = 0; w < 4; w++) for (let i = 0; i < 25; i++) expect(after.artifacts.find((a) => a.path === name(w, i))?.sha256, name(w, i)).toBe(sha256(`writer ${w} file ${i}\n`));
    expect((await runCli(['check', '.'], { cwd: dir })).code).toBe(0);
  }, 300_000);
});
