// #19.14 / #25.9: a memory-bank ledger that was a link to a character device
// hung `memkit check`, and so did a file swapped for a FIFO after the listing.
// The reader now opens only regular files: a device or FIFO is reported
// (`check.not-regular-file`, or `check.outside-root` for a link out of the
// tree), never read; a file replaced after the listing is not read either.
import { execFileSync } from 'node:child_process';
import { mkdirSync, renameSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { nodeCheckSource } from '../../src/adapters/node/index.js';
import { runCli, tempDir } from '../cli/helpers.js';

// Lets a test lie in the pre-open `stat`, as if the file were swapped between that check and the open.
const race = vi.hoisted(() => ({ statSaysFile: false }));
vi.mock('node:fs/promises', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs/promises')>();
  const stat = (async (...args: Parameters<typeof fs.stat>) => {
    const info = await fs.stat(...args);
    return race.statSaysFile ? Object.assign(info, { isFile: () => true }) : info;
  }) as typeof fs.stat;
  return { ...fs, default: { ...fs, stat }, stat };
});

const mkfifo = (path: string) => execFileSync('mkfifo', [path]);
const codesOf = (r: { ok: boolean; problems?: { code: string }[] }) => (r.ok ? 'read' : r.problems!.map((p) => p.code));

describe('a device or FIFO where a format belongs is reported, never opened or waited on', () => {
  it('ledgers linked to /dev/zero, /dev/urandom and /dev/null are errors, never opened', { timeout: 30_000 }, async () => {
    const t = tempDir();
    try {
      mkdirSync(join(t.dir, 'memory-bank'));
      symlinkSync('/dev/zero', join(t.dir, 'memory-bank/decisionLog.md'));
      symlinkSync('/dev/urandom', join(t.dir, 'memory-bank/riskRegister.md'));
      symlinkSync('/dev/null', join(t.dir, 'memory-bank/activeContext.md'));
      const r = await runCli(['check', t.dir, '--format', 'json']);
      expect(r.code).toBe(1);
      expect(JSON.parse(r.stdout).problems.map((p: { file: string; code: string; severity: string }) => `${p.file} ${p.code} ${p.severity}`)).toEqual([
        'memory-bank/activeContext.md check.outside-root error',
        'memory-bank/decisionLog.md check.outside-root error',
        'memory-bank/riskRegister.md check.outside-root error',
      ]);
    } finally {
      t.done();
    }
  });

  it('a device inside the checked directory is refused before it is opened', { timeout: 30_000 }, async () => {
    // /dev as the checked directory: its devices are inside the tree (no mknod needed).
    const src = nodeCheckSource('/dev');
    for (const name of ['zero', 'urandom', 'null']) expect(codesOf(await src.read(name))).toEqual(['check.not-regular-file']);
  });

  it('a FIFO where a format belongs is reported, not read (error for a ledger, warning for a sniffed name)', { timeout: 30_000 }, async () => {
    const t = tempDir();
    try {
      mkdirSync(join(t.dir, 'memory-bank'));
      mkfifo(join(t.dir, 'memory-bank/decisionLog.md'));
      mkfifo(join(t.dir, 'notes.json'));
      mkfifo(join(t.dir, 'unrelated.fifo'));
      const r = await runCli(['check', t.dir, '--format', 'json']);
      expect(r.code).toBe(1);
      expect(JSON.parse(r.stdout).problems.map((p: { file: string; code: string; severity: string }) => `${p.file} ${p.code} ${p.severity}`)).toEqual([
        'memory-bank/decisionLog.md check.not-regular-file error',
        'notes.json check.not-regular-file warning',
      ]);
    } finally {
      t.done();
    }
  });

  it('a file swapped after the listing for a FIFO or a link out is not read; a regular file renamed over it is read as it is now', { timeout: 30_000 }, async () => {
    const t = tempDir();
    try {
      mkdirSync(join(t.dir, 'memory-bank'));
      mkdirSync(join(t.dir, 'sub'));
      for (const name of ['decisionLog.md', 'riskRegister.md', 'progress.md']) writeFileSync(join(t.dir, 'memory-bank', name), '# x\n');
      writeFileSync(join(t.dir, 'sub/events.jsonl'), '');
      const src = nodeCheckSource(t.dir);
      const { files } = await src.list();
      expect(files.map((f) => f.path)).toEqual(['memory-bank/decisionLog.md', 'memory-bank/progress.md', 'memory-bank/riskRegister.md', 'sub/events.jsonl']);

      unlinkSync(join(t.dir, 'memory-bank/decisionLog.md'));
      mkfifo(join(t.dir, 'memory-bank/decisionLog.md'));
      expect(codesOf(await src.read('memory-bank/decisionLog.md'))).toEqual(['check.not-regular-file']);

      unlinkSync(join(t.dir, 'memory-bank/riskRegister.md'));
      symlinkSync('/etc/passwd', join(t.dir, 'memory-bank/riskRegister.md'));
      expect(codesOf(await src.read('memory-bank/riskRegister.md'))).toEqual(['check.outside-root']);

      // A directory swapped for a link out of the tree.
      const away = tempDir();
      try {
        writeFileSync(join(away.dir, 'events.jsonl'), '');
        rmSync(join(t.dir, 'sub'), { recursive: true });
        symlinkSync(away.dir, join(t.dir, 'sub'));
        expect(codesOf(await src.read('sub/events.jsonl'))).toEqual(['check.outside-root']);
      } finally {
        away.done();
      }

      // Swapped between the type check and the open: opened without blocking, refused on the handle's type.
      race.statSaysFile = true;
      try {
        expect(codesOf(await src.read('memory-bank/decisionLog.md'))).toEqual(['check.not-regular-file']);
      } finally {
        race.statSaysFile = false;
      }

      // Same name, another regular file (another inode), as a writer's atomic rename leaves it: read as it is now.
      writeFileSync(join(t.dir, 'memory-bank/progress.md.new'), '# swapped\n');
      renameSync(join(t.dir, 'memory-bank/progress.md.new'), join(t.dir, 'memory-bank/progress.md'));
      const swapped = await src.read('memory-bank/progress.md');
      expect(swapped.ok && new TextDecoder().decode(swapped.value)).toBe('# swapped\n');
    } finally {
      t.done();
    }
  });
});
