import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkAgainstBase, gitBaseFiles, resolveRevision } from '../../src/git.js';
import type { CheckSource } from '../../src/engine/source.js';
import { nodeCheckSource } from '../../src/adapters/node/check-source.js';
import { nodeGitRunner } from '../../src/adapters/node/git.js';
import { runCli, tempDir } from '../cli/helpers.js';
import { GIT_ENV, commitAll, decisionLog, git, initRepo, writeFiles } from './helpers.js';

type Report = { ok: boolean; problems: { code: string; file?: string; severity: string; message: string }[] };

/**
 * A partial clone (`--filter=blob:none`) of a repository whose last commit cut
 * the tail of decisionLog.md, with its remote then gone: HEAD's blobs are
 * checked out, HEAD~1's decisionLog.md blob is not in the clone and cannot be
 * fetched.
 */
function partialCloneWithoutRemote(root: string): string {
  const src = join(root, 'src');
  const clone = join(root, 'clone');
  mkdirSync(src);
  initRepo(src);
  git(src, ['config', 'uploadpack.allowFilter', 'true']);
  writeFiles(src, { 'memory-bank/decisionLog.md': decisionLog(['first', 'second', 'third']), 'memory-bank/activeContext.md': '# Active context\n' });
  commitAll(src, 'base');
  writeFiles(src, { 'memory-bank/decisionLog.md': decisionLog(['first', 'second']) });
  commitAll(src, 'cut the tail');
  git(root, ['clone', '-q', '--filter=blob:none', `file://${src}`, clone]);
  renameSync(src, join(root, 'src.gone'));
  return clone;
}

const unreadable = (r: Report) => r.problems.filter((p) => p.code === 'git.base-unreadable').map((p) => [p.severity, p.file]);

describe('check --base when the base cannot be read', { timeout: 30_000 }, () => {
  it('a partial clone without its remote fails with git.base-unreadable (error) instead of a green run, under every profile and config', async () => {
    const t = tempDir();
    try {
      const clone = partialCloneWithoutRemote(t.dir);
      for (const extra of [[], ['--profile', 'strict'], ['--profile', 'spec']]) {
        const r = await runCli(['check', clone, '--base', 'HEAD~1', '--format', 'json', ...extra], { env: GIT_ENV });
        expect(r.code).toBe(1);
        const report = JSON.parse(r.stdout) as Report;
        expect(report.ok).toBe(false);
        expect(unreadable(report)).toEqual([['error', 'memory-bank/decisionLog.md']]);
        expect(report.problems.find((p) => p.code === 'git.base-unreadable')!.message).toContain('promisor remote');
      }
      // A config cannot turn the failed comparison off or down.
      writeFileSync(join(clone, 'memkit.config.json'), JSON.stringify({ rules: { 'git.base-unreadable': 'off' } }));
      const off = await runCli(['check', clone, '--base', 'HEAD~1', '--format', 'json'], { env: GIT_ENV });
      expect(off.code).toBe(1);
      expect(unreadable(JSON.parse(off.stdout) as Report)).toEqual([['error', 'memory-bank/decisionLog.md']]);
    } finally {
      t.done();
    }
  });

  it('a base file list that cannot be read fails the check and compares nothing', async () => {
    const t = tempDir();
    try {
      initRepo(t.dir);
      writeFiles(t.dir, { 'memory-bank/decisionLog.md': decisionLog(['first']), 'memory-bank/activeContext.md': '# Active context\n' });
      commitAll(t.dir, 'base');
      const report = await checkAgainstBase(nodeCheckSource(t.dir), { read: async () => undefined, list: async () => ({ unreadable: 'fatal: bad tree object' }) });
      expect(report.ok).toBe(false);
      expect(report.problems.filter((p) => p.code === 'git.base-unreadable').map((p) => [p.severity, p.file, p.message.includes('bad tree object')])).toEqual([['error', undefined, true]]);
    } finally {
      t.done();
    }
  });

  it('a port that lists a base file and gives no bytes for it fails the check', async () => {
    const t = tempDir();
    try {
      writeFiles(t.dir, { 'memory-bank/decisionLog.md': decisionLog(['first']), 'memory-bank/activeContext.md': '# Active context\n' });
      const source: CheckSource = nodeCheckSource(t.dir);
      const report = await checkAgainstBase(source, { read: async () => undefined, list: async () => ['memory-bank/decisionLog.md'] });
      expect(report.problems.filter((p) => p.code === 'git.base-unreadable').map((p) => [p.severity, p.file])).toEqual([['error', 'memory-bank/decisionLog.md']]);
      expect(report.ok).toBe(false);
    } finally {
      t.done();
    }
  });

  it('a base version that is not UTF-8 is an error, not a warning', async () => {
    const t = tempDir();
    try {
      writeFiles(t.dir, { 'memory-bank/decisionLog.md': decisionLog(['first']), 'memory-bank/activeContext.md': '# Active context\n' });
      const bad = new Uint8Array([0xff, 0xfe, 0x7b]);
      const report = await checkAgainstBase(nodeCheckSource(t.dir), {
        read: async (p) => (p === 'memory-bank/decisionLog.md' ? bad : undefined),
        list: async () => ['memory-bank/decisionLog.md'],
      });
      expect(report.problems.filter((p) => p.code === 'git.base-unreadable').map((p) => p.severity)).toEqual(['error']);
      expect(report.ok).toBe(false);
    } finally {
      t.done();
    }
  });

  it("gitBaseFiles reads nothing for a path the base does not list, and names git's reason for one it cannot give", async () => {
    const t = tempDir();
    try {
      const clone = partialCloneWithoutRemote(t.dir);
      const runner = nodeGitRunner(clone, { env: GIT_ENV });
      const commit = await resolveRevision(runner, 'HEAD~1');
      const base = gitBaseFiles(runner, commit!);
      expect(await base.list()).toEqual(['memory-bank/activeContext.md', 'memory-bank/decisionLog.md']);
      expect(await base.read('memory-bank/new.md')).toBeUndefined();
      expect(new TextDecoder().decode((await base.read('memory-bank/activeContext.md')) as Uint8Array)).toBe('# Active context\n');
      expect(await base.read('memory-bank/decisionLog.md')).toEqual({ unreadable: expect.stringContaining('promisor remote') });
    } finally {
      t.done();
    }
  });
});

describe('check --base REV that is not one commit', { timeout: 30_000 }, () => {
  it.each(['^HEAD', 'HEAD~1..HEAD', 'HEAD~1...HEAD', 'HEAD^@', 'HEAD^!', '-p', '--output=x', 'HEAD^{tree}', ''])(
    '--base %j is a usage error (exit 2), not a run that compares nothing',
    async (rev) => {
      const t = tempDir();
      try {
        initRepo(t.dir);
        writeFiles(t.dir, { 'memory-bank/decisionLog.md': decisionLog(['first', 'second']), 'memory-bank/activeContext.md': '# Active context\n' });
        commitAll(t.dir, 'one');
        writeFiles(t.dir, { 'memory-bank/decisionLog.md': decisionLog(['first']) });
        commitAll(t.dir, 'two');
        const r = await runCli(['check', t.dir, `--base=${rev}`, '--format', 'json'], { env: GIT_ENV });
        expect(r.code).toBe(2);
        expect(r.stdout).toBe('');
        expect(await resolveRevision(nodeGitRunner(t.dir, { env: GIT_ENV }), rev)).toBeUndefined();
      } finally {
        t.done();
      }
    },
  );

  it('a single commit still resolves, by name or id', async () => {
    const t = tempDir();
    try {
      initRepo(t.dir);
      const id = commitAll(t.dir, 'one');
      const runner = nodeGitRunner(t.dir, { env: GIT_ENV });
      expect(await resolveRevision(runner, 'HEAD')).toBe(id);
      expect(await resolveRevision(runner, id.slice(0, 10))).toBe(id);
      expect(await resolveRevision(runner, 'main')).toBe(id);
    } finally {
      t.done();
    }
  });
});
