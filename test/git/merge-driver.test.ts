import { closeSync, openSync, readFileSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { verifyText } from '../../src/formats/memory-bank/verify.js';
import { ROOT, runCli, tempDir } from '../cli/helpers.js';
import { GIT_ENV, commitAll, decisionLog, git, initRepo, writeFiles } from './helpers.js';

const LOG = 'memory-bank/decisionLog.md';
/** How git runs the driver in these tests: the built CLI (npm test builds first). */
const DRIVER = `'${process.execPath}' '${join(ROOT, 'dist/cli/main.js')}'`;

const rationales = (text: string) =>
  text
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l).rationale as string);

/** A repository set up with `memkit git setup`, a base ledger on main, and branch `b` forked from it. */
async function setupRepo(dir: string, base: string[]) {
  initRepo(dir);
  const setup = await runCli(['git', 'setup', dir, '--command', DRIVER], { env: GIT_ENV });
  expect(setup.code).toBe(0);
  writeFiles(dir, { [LOG]: decisionLog(base), 'memory-bank/activeContext.md': '# Active context\n' });
  commitAll(dir, 'base');
  git(dir, ['branch', 'b']);
}

/** Writes base, ours and theirs as %O %A %B in `dir` and runs `memkit merge-driver` on them for `path`; `ours()` reads %A afterwards. */
async function runDriver(dir: string, [base, ours, theirs]: readonly [string, string, string], path: string) {
  const [O, A, B] = ['O', 'A', 'B'].map((n) => join(dir, n)) as [string, string, string];
  writeFileSync(O, base);
  writeFileSync(A, ours);
  writeFileSync(B, theirs);
  const r = await runCli(['merge-driver', O, A, B, path], { cwd: dir, env: GIT_ENV });
  return { ...r, ours: () => readFileSync(A, 'utf8') };
}

describe('memkit git setup', { timeout: 60_000 }, () => {
  it('writes .gitattributes and the driver config, idempotently; --check says so', async () => {
    const t = tempDir();
    try {
      initRepo(t.dir);
      writeFileSync(join(t.dir, '.gitattributes'), '*.png binary');
      expect((await runCli(['git', 'setup', t.dir, '--check'], { env: GIT_ENV })).code).toBe(1);
      expect((await runCli(['git', 'setup', t.dir], { env: GIT_ENV })).code).toBe(0);
      const once = readFileSync(join(t.dir, '.gitattributes'), 'utf8');
      expect(once.startsWith('*.png binary\n')).toBe(true);
      expect(once).toContain('decisionLog.md merge=memkit\n');
      expect((await runCli(['git', 'setup', t.dir], { env: GIT_ENV })).code).toBe(0);
      expect(readFileSync(join(t.dir, '.gitattributes'), 'utf8')).toBe(once);
      // This memkit by absolute path (node and the package's CLI script), never a lookup at merge time.
      expect(git(t.dir, ['config', '--get', 'merge.memkit.driver']).out.trim()).toBe(`'${process.execPath}' '${join(ROOT, 'dist/cli/main.js')}' merge-driver %O %A %B %P`);
      expect((await runCli(['git', 'setup', t.dir, '--check'], { env: GIT_ENV })).code).toBe(0);
    } finally {
      t.done();
    }
  });

  it('routes each thread store git tracks by its path', async () => {
    const t = tempDir();
    try {
      initRepo(t.dir);
      writeFiles(t.dir, { 'threads/thread-store.json': readFileSync(join(ROOT, 'examples/agent-memory/threads/thread-store.json'), 'utf8'), 'other.json': '{"a":1}\n' });
      git(t.dir, ['add', '-A']);
      expect((await runCli(['git', 'setup', t.dir], { env: GIT_ENV })).code).toBe(0);
      const text = readFileSync(join(t.dir, '.gitattributes'), 'utf8');
      expect(text).toContain('/threads/thread-store.json merge=memkit\n');
      expect(text).not.toContain('other.json');
      expect(git(t.dir, ['check-attr', 'merge', '--', 'threads/thread-store.json']).out.trim()).toBe('threads/thread-store.json: merge: memkit');
      expect((await runCli(['git', 'setup', t.dir, '--check'], { env: GIT_ENV })).code).toBe(0);
    } finally {
      t.done();
    }
  });

  it('outside a git work tree is a usage error', async () => {
    const t = tempDir();
    try {
      expect((await runCli(['git', 'setup', t.dir], { env: { ...GIT_ENV, GIT_CEILING_DIRECTORIES: t.dir } })).code).toBe(2);
    } finally {
      t.done();
    }
  });
});

describe('git merge with the memkit driver', { timeout: 240_000 }, () => {
  it('two branches appending (colliding ids) merge without conflict markers, and memkit check is clean', async () => {
    const t = tempDir();
    try {
      await setupRepo(t.dir, ['first']);
      writeFiles(t.dir, { [LOG]: decisionLog(['first', 'ours']) });
      commitAll(t.dir, 'ours');
      git(t.dir, ['checkout', '-q', 'b']);
      writeFiles(t.dir, { [LOG]: decisionLog(['first', 'theirs']) });
      commitAll(t.dir, 'theirs');
      git(t.dir, ['checkout', '-q', 'main']);
      const merge = git(t.dir, ['merge', '--no-edit', '-q', 'b'], true);
      expect(merge.code).toBe(0);
      const text = readFileSync(join(t.dir, LOG), 'utf8');
      expect(text).not.toMatch(/^(<<<<<<<|=======|>>>>>>>)/m);
      expect(rationales(text)).toEqual(['first', 'ours', 'theirs']);
      expect(text).toContain('"id":"DEC-20260220-003"');
      const check = await runCli(['check', t.dir, '--format', 'json'], { env: GIT_ENV });
      expect(JSON.parse(check.stdout).problems.filter((p: { severity: string }) => p.severity === 'error')).toEqual([]);
      expect(check.code).toBe(0);
    } finally {
      t.done();
    }
  });

  it('an entry edited on one side is a real conflict: git stops, ours is left as it was', async () => {
    const t = tempDir();
    try {
      await setupRepo(t.dir, ['first']);
      const ours = decisionLog(['first', 'ours']);
      writeFiles(t.dir, { [LOG]: ours });
      commitAll(t.dir, 'ours');
      git(t.dir, ['checkout', '-q', 'b']);
      writeFiles(t.dir, { [LOG]: decisionLog(['FIRST', 'theirs']) });
      commitAll(t.dir, 'theirs');
      git(t.dir, ['checkout', '-q', 'main']);
      const merge = git(t.dir, ['merge', '--no-edit', 'b'], true);
      expect(merge.code).not.toBe(0);
      expect(merge.out).toContain('git.merge-history-changed');
      expect(readFileSync(join(t.dir, LOG), 'utf8')).toBe(ours);
      expect(git(t.dir, ['diff', '--name-only', '--diff-filter=U']).out.trim()).toBe(LOG);
    } finally {
      t.done();
    }
  });

  it('property: any two branches of appends merge through git to a ledger that verifies and holds every entry once, ours first', async () => {
    const side = fc.array(fc.constantFrom('a', 'b', 'c', 'd'), { minLength: 1, maxLength: 3 });
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom('x', 'y'), { maxLength: 2 }), side, side, async (base, o, th) => {
        const t = tempDir();
        try {
          const ours = o.map((s, i) => `o${i}${s}`);
          const theirs = th.map((s, i) => `t${i}${s}`);
          await setupRepo(t.dir, base);
          writeFiles(t.dir, { [LOG]: decisionLog([...base, ...ours]) });
          commitAll(t.dir, 'ours');
          git(t.dir, ['checkout', '-q', 'b']);
          writeFiles(t.dir, { [LOG]: decisionLog([...base, ...theirs], 30, base.length) });
          commitAll(t.dir, 'theirs');
          git(t.dir, ['checkout', '-q', 'main']);
          expect(git(t.dir, ['merge', '--no-edit', '-q', 'b'], true).code).toBe(0);
          const text = readFileSync(join(t.dir, LOG), 'utf8');
          expect(verifyText(text, { format: 'decision-log' }).problems.filter((p) => p.severity === 'error')).toEqual([]);
          expect(rationales(text)).toEqual([...base, ...ours, ...theirs]);
        } finally {
          t.done();
        }
      }),
      { numRuns: 4 },
    );
  });
});

describe('memkit merge-driver on hostile input', { timeout: 60_000 }, () => {
  /** Writes the three inputs, runs the driver in-process, and returns its result with %A's bytes after. */
  async function drive(theirs: (t: string) => string | Buffer | 'huge') {
    const t = tempDir();
    try {
      const base = decisionLog(['first']);
      const ours = decisionLog(['first', 'ours']);
      const files = { O: join(t.dir, 'O'), A: join(t.dir, 'A'), B: join(t.dir, 'B') };
      writeFileSync(files.O, base);
      writeFileSync(files.A, ours);
      const th = theirs(decisionLog(['first', 'theirs']));
      if (th === 'huge') {
        // A 100 MB line, written in pieces: the driver must refuse it before reading it.
        const fd = openSync(files.B, 'w');
        const piece = Buffer.alloc(1 << 20, 0x78);
        writeSync(fd, base);
        for (let i = 0; i < 100; i++) writeSync(fd, piece);
        writeSync(fd, '\n');
        closeSync(fd);
      } else writeFileSync(files.B, th);
      const r = await runCli(['merge-driver', files.O, files.A, files.B, LOG], { cwd: t.dir, env: GIT_ENV });
      const after = readFileSync(files.A, 'utf8');
      return { ...r, unchanged: after === ours };
    } finally {
      t.done();
    }
  }

  it.each([
    ['a torn last line', (t: string) => `${t}{"id":"DEC-2026`, 'git.merge-unparseable'],
    ['a non-JSON line', (t: string) => `${t}this is not JSON\n`, 'git.merge-unparseable'],
    ['bytes that are not UTF-8', (t: string) => Buffer.concat([Buffer.from(t), Buffer.from([0xff, 0x0a])]), 'git.merge-unparseable'],
    ['a 100 MB line', () => 'huge' as const, 'git.merge-too-large'],
  ] as const)('%s gives a conflict with a message and leaves ours as it was', async (_, edit, code) => {
    const r = await drive(edit);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(code);
    expect(r.unchanged).toBe(true);
  });
});

describe('memkit merge-driver in-process', { timeout: 60_000 }, () => {
  it('writes the merge over ours and says which ids were renumbered', async () => {
    const t = tempDir();
    try {
      const r = await runDriver(t.dir, [decisionLog(['first']), decisionLog(['first', 'ours']), decisionLog(['first', 'theirs'], 5, 1)], LOG);
      expect(r.code).toBe(0);
      expect(r.stderr).toContain("theirs' DEC-20260220-002 renumbered to DEC-20260220-003");
      expect(rationales(r.ours())).toEqual(['first', 'ours', 'theirs']);
    } finally {
      t.done();
    }
  });

  it('a file memkit has no merge for gets git merge-file: conflict markers and exit 1 when both sides changed a line', async () => {
    const t = tempDir();
    try {
      initRepo(t.dir);
      const r = await runDriver(t.dir, ['# Progress\nline\n', '# Progress\nours\n', '# Progress\ntheirs\n'], 'memory-bank/progress.md');
      expect(r.code).toBe(1);
      expect(r.ours()).toMatch(/^<<<<<<< ours\n[\s\S]*>>>>>>> theirs\n/m);
    } finally {
      t.done();
    }
  });
});

describe('memkit merge-driver on systemPatterns.md', { timeout: 60_000 }, () => {
  it('changed on both sides is a conflict even when the lines merge', async () => {
    const t = tempDir();
    try {
      initRepo(t.dir);
      const r = await runDriver(t.dir, ['a\nb\nc\nd\ne\n', 'A\nb\nc\nd\ne\n', 'a\nb\nc\nd\nE\n'], 'memory-bank/systemPatterns.md');
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('git.merge-unsupported');
    } finally {
      t.done();
    }
  });
});

describe('memkit merge-driver memory on a 100 MB input', { timeout: 120_000 }, () => {
  it('refuses it without reading it: peak RSS of the driver process stays within 40 MB of a small merge', async () => {
    const { execFileSync } = await import('node:child_process');
    const t = tempDir();
    try {
      const base = decisionLog(['first']);
      const [O, A, B, small] = ['O', 'A', 'B', 'small'].map((n) => join(t.dir, n)) as [string, string, string, string];
      writeFileSync(O, base);
      writeFileSync(A, decisionLog(['first', 'ours']));
      writeFileSync(small, decisionLog(['first', 'theirs'], 5, 1));
      const fd = openSync(B, 'w');
      const piece = Buffer.alloc(1 << 20, 0x78);
      writeSync(fd, base);
      for (let i = 0; i < 100; i++) writeSync(fd, piece);
      writeSync(fd, '\n');
      closeSync(fd);
      const child = (theirs: string) =>
        JSON.parse(
          execFileSync(join(ROOT, 'node_modules/.bin/tsx'), [join(ROOT, 'test/git/driver-rss-child.ts'), O, A, theirs, LOG], { cwd: t.dir, env: { ...process.env, ...GIT_ENV }, encoding: 'utf8' }),
        ) as { code: number; stderr: string; maxRss: number };
      const huge = child(B);
      expect(huge.code).toBe(1);
      expect(huge.stderr).toContain('git.merge-too-large');
      writeFileSync(A, decisionLog(['first', 'ours']));
      const normal = child(small);
      expect(normal.code).toBe(0);
      expect(huge.maxRss - normal.maxRss).toBeLessThan(40 * 1024 * 1024);
    } finally {
      t.done();
    }
  });
});
