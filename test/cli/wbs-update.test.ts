// memkit wbs update FILE --patch -: a JSON Patch applied through the seed's memory_update_json, the result checked
// as `check` checks the WBS memory; refused (exit 1, no byte changed) when the patch fails or the result does not
// check; concurrent processes patching one file each land.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ROOT, readTree, runCli } from './helpers.js';
import { exampleCopies } from './example-copies.js';

const run = promisify(execFile);
const example = exampleCopies();

const TASK = '.claude/memory/tasks/1.2.2.json';
const task = (dir: string) => JSON.parse(readFileSync(join(dir, TASK), 'utf8')) as Record<string, unknown>;
const codesOf = (stdout: string) => (JSON.parse(stdout) as { problems: { code: string }[] }).problems.map((p) => p.code);
const patch = (...ops: unknown[]) => JSON.stringify(ops);

describe('memkit wbs update', () => {
  it('applies a JSON Patch from stdin, writes 2-space JSON, leaves no temp file, and check stays clean', async () => {
    const dir = example();
    const r = await runCli(['wbs', 'update', TASK, '--patch', '-', '--format', 'json'], { cwd: dir, stdin: patch({ op: 'replace', path: '/title', value: 'Implement the result list' }) });
    expect(r.code, r.stdout).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: true, written: true, path: TASK, value: { id: '1.2.2', title: 'Implement the result list' } });
    expect(task(dir).title).toBe('Implement the result list');
    expect(readFileSync(join(dir, TASK), 'utf8')).toBe(`${JSON.stringify(task(dir), null, 2)}\n`);
    expect(Object.keys(readTree(dir)).filter((p) => p.endsWith('.tmp'))).toEqual([]);
    expect((await runCli(['check', '.'], { cwd: dir })).code).toBe(0);
  });

  it('reads the patch from a file, and finds the memory from a FILE given from elsewhere', async () => {
    const dir = example();
    writeFileSync(join(dir, 'patch.json'), patch({ op: 'add', path: '/tests', value: ['npm test'] }));
    const r = await runCli(['wbs', 'update', join(dir, TASK), '--patch', join(dir, 'patch.json')], { cwd: ROOT });
    expect(r.code, r.stdout).toBe(0);
    expect(task(dir).tests).toEqual(['npm test']);
  });

  it('refuses a patch that fails (wbs.patch-failed) and a result that would not check (memory.would-not-check-clean): exit 1, no byte changed', async () => {
    const dir = example();
    const before = readTree(dir);
    const failed = await runCli(['wbs', 'update', TASK, '--patch', '-', '--format', 'json'], { cwd: dir, stdin: patch({ op: 'remove', path: '/nope' }) });
    expect(failed.code).toBe(1);
    expect(codesOf(failed.stdout)).toEqual(['wbs.patch-failed']);
    const tested = await runCli(['wbs', 'update', TASK, '--patch', '-', '--format', 'json'], {
      cwd: dir,
      stdin: patch({ op: 'test', path: '/status', value: 'done' }, { op: 'replace', path: '/title', value: 'x' }),
    });
    expect(codesOf(tested.stdout)).toEqual(['wbs.patch-failed']);
    // A parent marked done while a child is in progress: the index keeps its schema, and the roll-up rule refuses it.
    const index = '.claude/memory/task-index.json';
    const mismatch = await runCli(['wbs', 'update', index, '--patch', '-', '--format', 'json'], {
      cwd: dir,
      stdin: patch({ op: 'test', path: '/tasks/4/id', value: '1.2' }, { op: 'replace', path: '/tasks/4/status', value: 'done' }),
    });
    expect(mismatch.code).toBe(1);
    const codes = codesOf(mismatch.stdout);
    expect(codes[0]).toBe('memory.would-not-check-clean');
    expect(codes).toContain('wbs.rollup-mismatch');
    const schema = await runCli(['wbs', 'update', TASK, '--patch', '-', '--format', 'json'], { cwd: dir, stdin: patch({ op: 'replace', path: '/status', value: 'finished' }) });
    expect(codesOf(schema.stdout)).toEqual(['schema.enum']);
    expect(readTree(dir)).toEqual(before);
  });

  it('refuses a FILE outside .claude/memory/ or with another extension, and is a usage error without a JSON patch', async () => {
    const dir = example();
    const outside = await runCli(['wbs', 'update', 'memory-bank/artifacts-manifest.json', '--patch', '-', '--format', 'json'], { cwd: dir, stdin: patch() });
    expect(outside.code).toBe(1);
    expect(codesOf(outside.stdout)).toEqual(['wbs.path-outside']);
    expect((await runCli(['wbs', 'update', TASK], { cwd: dir })).code).toBe(2);
    expect((await runCli(['wbs', 'update', TASK, '--patch', '-'], { cwd: dir, stdin: 'not json' })).code).toBe(2);
    expect((await runCli(['wbs', 'ready', '.', '--patch', '-'], { cwd: dir, stdin: patch() })).code).toBe(2);
  });

  it('4 processes × 5 patches appending to one array of one file: every item lands once', async () => {
    const main = join(ROOT, 'dist', 'cli', 'main.js');
    expect(existsSync(main), 'dist/cli/main.js: run npm run build first (npm test does)').toBe(true);
    const dir = example();
    const writer = async (w: number) => {
      for (let i = 0; i < 5; i++) {
        const child = run(process.execPath, [main, 'wbs', 'update', TASK, '--patch', '-'], { cwd: dir });
        child.child.stdin?.end(patch({ op: 'add', path: '/acceptanceCriteria/-', value: `writer ${w} item ${i}` }));
        await child;
      }
    };
    // The array exists first, so every patch appends to it.
    expect((await runCli(['wbs', 'update', TASK, '--patch', '-'], { cwd: dir, stdin: patch({ op: 'add', path: '/acceptanceCriteria', value: [] }) })).code).toBe(0);
    await Promise.all([0, 1, 2, 3].map(writer));
    const items = task(dir).acceptanceCriteria as string[];
    expect(items).toHaveLength(20);
    expect(new Set(items).size).toBe(20);
    expect((await runCli(['check', '.'], { cwd: dir })).code).toBe(0);
  }, 120_000);
});
