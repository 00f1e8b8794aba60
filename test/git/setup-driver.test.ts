import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { attributePattern } from '../../src/git.js';
import { ROOT, runCli, tempDir } from '../cli/helpers.js';
import { GIT_ENV, commitAll, decisionLog, git, initRepo, writeFiles } from './helpers.js';

type Report = { ok: boolean; problems: { code: string; severity: string; message: string }[] };
const codes = (stdout: string) => (JSON.parse(stdout) as Report).problems.map((p) => p.code);
const LOG = 'memory-bank/decisionLog.md';

describe('memkit git setup registers a driver that runs', { timeout: 60_000 }, () => {
  it('in a repository without memkit in node_modules, the registered command is absolute and a merge of two appending branches succeeds through it', async () => {
    const t = tempDir();
    try {
      initRepo(t.dir);
      const setup = await runCli(['git', 'setup', t.dir], { env: GIT_ENV });
      expect(setup.stderr).toBe('');
      expect(setup.code).toBe(0);
      const driver = git(t.dir, ['config', '--get', 'merge.memkit.driver']).out.trim();
      expect(driver).not.toContain('npx');
      expect(driver).toBe(`'${process.execPath}' '${join(ROOT, 'dist/cli/main.js')}' merge-driver %O %A %B %P`);
      expect(existsSync(join(t.dir, 'node_modules'))).toBe(false);
      writeFiles(t.dir, { [LOG]: decisionLog(['first']), 'memory-bank/activeContext.md': '# Active context\n' });
      commitAll(t.dir, 'base');
      git(t.dir, ['branch', 'b']);
      writeFiles(t.dir, { [LOG]: decisionLog(['first', 'ours']) });
      commitAll(t.dir, 'ours');
      git(t.dir, ['checkout', '-q', 'b']);
      writeFiles(t.dir, { [LOG]: decisionLog(['first', 'theirs']) });
      commitAll(t.dir, 'theirs');
      git(t.dir, ['checkout', '-q', 'main']);
      // No PATH lookup of node or memkit: the merge runs with a PATH that holds git alone.
      const bin = join(t.dir, '.git', 'only-git');
      mkdirSync(bin);
      symlinkSync(execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim(), join(bin, 'git'));
      const merge = spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@memkit.invalid', 'merge', '--no-edit', 'b'], {
        cwd: t.dir,
        env: { ...GIT_ENV, PATH: bin, HOME: t.dir },
        encoding: 'utf8',
      });
      expect(`${merge.stdout}${merge.stderr}`).not.toContain('CONFLICT');
      expect(merge.status).toBe(0);
      expect(readFileSync(join(t.dir, LOG), 'utf8')).toContain('"rationale":"theirs"');
      expect((await runCli(['git', 'setup', t.dir, '--check'], { env: GIT_ENV })).code).toBe(0);
    } finally {
      t.done();
    }
  });

  it('a --command that does not run is refused before anything is written (git.driver-not-runnable, exit 1)', async () => {
    const t = tempDir();
    try {
      initRepo(t.dir);
      const r = await runCli(['git', 'setup', t.dir, '--command', 'node_modules/.bin/memkit', '--format', 'json'], { env: GIT_ENV });
      expect(r.code).toBe(1);
      expect(codes(r.stdout)).toEqual(['git.driver-not-runnable']);
      expect(existsSync(join(t.dir, '.gitattributes'))).toBe(false);
      expect(git(t.dir, ['config', '--get', 'merge.memkit.driver'], true).code).toBe(1);
    } finally {
      t.done();
    }
  });

  it('a --command that runs but is not memkit is refused', async () => {
    const t = tempDir();
    try {
      initRepo(t.dir);
      const r = await runCli(['git', 'setup', t.dir, '--command', 'true', '--format', 'json'], { env: GIT_ENV });
      expect(r.code).toBe(1);
      expect(codes(r.stdout)).toEqual(['git.driver-not-runnable']);
    } finally {
      t.done();
    }
  });

  it('--check runs the registered command: one not installed in the repository (as npx --no-install memkit was) fails with git.driver-not-runnable', async () => {
    const t = tempDir();
    try {
      initRepo(t.dir);
      expect((await runCli(['git', 'setup', t.dir], { env: GIT_ENV })).code).toBe(0);
      // What setup registered before: a command whose package is not in this repository (no registry look-up: a path that is not there).
      git(t.dir, ['config', 'merge.memkit.driver', `'${join(t.dir, 'node_modules/.bin/memkit')}' merge-driver %O %A %B %P`]);
      const r = await runCli(['git', 'setup', t.dir, '--check', '--format', 'json'], { env: GIT_ENV });
      expect(r.code).toBe(1);
      expect(codes(r.stdout)).toEqual(['git.driver-not-runnable']);
      expect((JSON.parse(r.stdout) as Report).problems[0]!.severity).toBe('error');
    } finally {
      t.done();
    }
  });
});

describe('memkit git setup and thread stores with special names', { timeout: 60_000 }, () => {
  it('registers a thread store with a space in its name, and git routes it to the driver', async () => {
    const t = tempDir();
    try {
      initRepo(t.dir);
      const store = readFileSync(join(ROOT, 'examples/agent-memory/threads/thread-store.json'), 'utf8');
      writeFiles(t.dir, { 'threads/my store.json': store, 'threads/a*b [1].json': store });
      git(t.dir, ['add', '-A']);
      expect((await runCli(['git', 'setup', t.dir], { env: GIT_ENV })).code).toBe(0);
      const text = readFileSync(join(t.dir, '.gitattributes'), 'utf8');
      expect(text).toContain('/threads/my[[:space:]]store.json merge=memkit\n');
      for (const path of ['threads/my store.json', 'threads/a*b [1].json']) expect(git(t.dir, ['check-attr', 'merge', '--', path]).out.trim()).toBe(`${path}: merge: memkit`);
      // The escaped patterns match only their own file.
      for (const path of ['threads/my_store.json', 'threads/aXb [1].json', 'threads/a*b 1.json'])
        expect(git(t.dir, ['check-attr', 'merge', '--', path]).out.trim()).toBe(`${path}: merge: unspecified`);
      expect((await runCli(['git', 'setup', t.dir, '--check'], { env: GIT_ENV })).code).toBe(0);
      writeFileSync(join(t.dir, 'threads/other store.json'), store);
      git(t.dir, ['add', '-A']);
      expect((await runCli(['git', 'setup', t.dir, '--check'], { env: GIT_ENV })).code).toBe(1);
    } finally {
      t.done();
    }
  });

  it('attributePattern escapes what a pattern reads specially and refuses what no line can hold', () => {
    expect(attributePattern('threads/my store.json')).toBe('/threads/my[[:space:]]store.json');
    expect(attributePattern('a*b?[c]\\d.json')).toBe('/a\\*b\\?\\[c]\\\\d.json');
    expect(attributePattern('/x.json')).toBe('/x.json');
    expect(attributePattern('bad\nname.json')).toBeUndefined();
    expect(attributePattern('../x.json')).toBeUndefined();
  });
});
