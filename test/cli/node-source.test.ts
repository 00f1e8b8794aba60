import { appendFileSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nodeCheckSource } from '../../src/adapters/node/check-source.js';
import { nodeCheckSource as nodeSource } from '../../src/adapters/node/index.js';
import { runCli, tempDir } from './helpers.js';

describe('nodeCheckSource', () => {
  it('reports symlink loops, follows other links once, skips .git and node_modules', async () => {
    const t = tempDir();
    try {
      mkdirSync(join(t.dir, 'a/b'), { recursive: true });
      mkdirSync(join(t.dir, '.git'));
      mkdirSync(join(t.dir, 'node_modules/x'), { recursive: true });
      writeFileSync(join(t.dir, 'a/b/events.jsonl'), '');
      writeFileSync(join(t.dir, '.git/events.jsonl'), '');
      writeFileSync(join(t.dir, 'node_modules/x/events.jsonl'), '');
      symlinkSync('..', join(t.dir, 'a/b/up')); // loop: a/b/up -> a
      symlinkSync(join(t.dir, 'a'), join(t.dir, 'alias')); // not a loop, but a is walked once
      symlinkSync('self', join(t.dir, 'self')); // ELOOP
      symlinkSync('missing', join(t.dir, 'dangling'));
      const { files, problems } = await nodeCheckSource(t.dir, { maxFileBytes: 1000 }).list();
      expect(files.map((f) => f.path)).toEqual(['a/b/events.jsonl']);
      expect(problems.map((p) => [p.file, p.code, p.severity]).sort()).toEqual([
        ['a/b/up', 'check.symlink-loop', 'error'],
        ['dangling', 'check.unreadable', 'warning'],
        ['self', 'check.symlink-loop', 'error'],
      ]);
    } finally {
      t.done();
    }
  });

  it('a root created after a failed read or listing is read then: its absence is not remembered', async () => {
    const t = tempDir();
    try {
      const root = join(t.dir, 'later');
      const src = nodeCheckSource(root);
      const other = nodeCheckSource(root);
      expect((await src.read('events.jsonl')).ok).toBe(false);
      expect((await other.list()).problems.map((p) => p.code)).toEqual(['check.unreadable']);
      mkdirSync(root);
      writeFileSync(join(root, 'events.jsonl'), '{}\n');
      expect(await src.read('events.jsonl')).toMatchObject({ ok: true });
      expect((await other.list()).files.map((f) => f.path)).toEqual(['events.jsonl']);
    } finally {
      t.done();
    }
  });

  it('refuses files over the limit and reports vanished files', async () => {
    const t = tempDir();
    try {
      writeFileSync(join(t.dir, 'big.json'), 'x'.repeat(2000));
      const src = nodeCheckSource(t.dir, { maxFileBytes: 1000 });
      const big = await src.read('big.json');
      expect(big.ok ? [] : big.problems.map((p) => p.code)).toEqual(['check.too-large']);
      const gone = await src.read('gone.json');
      expect(gone.ok ? [] : gone.problems.map((p) => p.code)).toEqual(['check.unreadable']);
    } finally {
      t.done();
    }
  });

  it('checks the size on the open handle: a file grown past the limit since the listing is refused', async () => {
    const t = tempDir();
    try {
      writeFileSync(join(t.dir, 'events.jsonl'), '{}\n');
      const src = nodeSource(t.dir, { maxFileBytes: 100 });
      expect((await src.list()).files).toEqual([{ path: 'events.jsonl', size: 3 }]);
      appendFileSync(join(t.dir, 'events.jsonl'), 'x'.repeat(200));
      const r = await src.read('events.jsonl');
      expect(r.ok ? [] : r.problems.map((p) => p.code)).toEqual(['check.too-large']);
    } finally {
      t.done();
    }
  });

  it('a missing root is a problem from list, not a throw; links inside the tree are listed and read', async () => {
    const t = tempDir();
    try {
      const missing = await nodeSource(join(t.dir, 'nope')).list();
      expect(missing.problems.map((p) => [p.file, p.code])).toEqual([['.', 'check.unreadable']]);
      writeFileSync(join(t.dir, 'real.jsonl'), '{}\n');
      symlinkSync('real.jsonl', join(t.dir, 'events.jsonl'));
      const src = nodeSource(t.dir);
      expect((await src.list()).files.map((f) => f.path)).toEqual(['events.jsonl', 'real.jsonl']);
      const r = await src.read('events.jsonl');
      expect(r.ok && new TextDecoder().decode(r.value)).toBe('{}\n');
    } finally {
      t.done();
    }
  });

  it('memkit check reports a symlink loop and an over-size file, and still checks the rest', async () => {
    const t = tempDir();
    try {
      mkdirSync(join(t.dir, 'memory-bank'));
      writeFileSync(join(t.dir, 'memory-bank/decisionLog.md'), '# Decisions\n' + 'x'.repeat(5000));
      writeFileSync(join(t.dir, 'events.jsonl'), '{"v":2}\n');
      symlinkSync('.', join(t.dir, 'loop'));
      const r = await runCli(['check', t.dir, '--max-file-size', '1k', '--format', 'json']);
      expect(r.code).toBe(1);
      const out = JSON.parse(r.stdout);
      const codes = out.problems.map((p: { file: string; code: string }) => `${p.file} ${p.code}`);
      expect(codes).toContain('loop check.symlink-loop');
      expect(codes).toContain('memory-bank/decisionLog.md check.too-large');
      expect(codes).toContain('events.jsonl schema.const');
    } finally {
      t.done();
    }
  });
});
