import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { runCli, tempDir } from './helpers.js';

// Permissions cannot make a file unreadable for root (tests may run as root), so the read itself fails as the OS would.
const denied = () => Object.assign(new Error("EACCES: permission denied, open 'x'"), { code: 'EACCES', errno: -13, syscall: 'open' });
const isLocked = (p: unknown) => /[\\/]locked[\\/]/.test(String(p));
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  return {
    ...fs,
    createReadStream: ((path: string, options?: unknown) => {
      if (!isLocked(path)) return fs.createReadStream(path, options as never);
      const r = new Readable({ read() {} });
      queueMicrotask(() => r.destroy(denied()));
      return r;
    }) as typeof fs.createReadStream,
  };
});
vi.mock('node:fs/promises', async (importOriginal) => {
  const fsp = await importOriginal<typeof import('node:fs/promises')>();
  return {
    ...fsp,
    readFile: ((path: string, ...rest: unknown[]) => (isLocked(path) ? Promise.reject(denied()) : (fsp.readFile as (...a: unknown[]) => unknown)(path, ...rest))) as typeof fsp.readFile,
  };
});

// Defect: `memkit verify` on an unreadable file said "internal error" and printed no JSON.
describe('verify, checkpoint and prove on a file that cannot be read report check.unreadable with a JSON report, not an internal error', () => {
  it.each([['locked/decisionLog.md'], ['locked/feedback-log.md']])('%s: check.unreadable problem, exit 1, JSON printed', async (name) => {
    const t = tempDir();
    try {
      mkdirSync(join(t.dir, 'locked'));
      writeFileSync(join(t.dir, name), '# x\n');
      const v = await runCli(['verify', name, '--format', 'json'], { cwd: t.dir });
      expect(v.stderr).toBe('');
      expect(v.code).toBe(1);
      expect(JSON.parse(v.stdout)).toMatchObject({ ok: false, problems: [{ code: 'check.unreadable', severity: 'error', file: name }] });
      const text = await runCli(['verify', name], { cwd: t.dir });
      expect(text.code).toBe(1);
      expect(text.stdout).toContain('check.unreadable');
      expect(text.stderr).not.toContain('internal error');
      for (const argv of [
        ['checkpoint', name],
        ['prove', name, '0'],
      ]) {
        const r = await runCli([...argv, '--format', 'json'], { cwd: t.dir });
        expect(r.code).toBe(1);
        expect(JSON.parse(r.stdout).problems[0].code).toBe('check.unreadable');
      }
    } finally {
      t.done();
    }
  });

  it('an unreadable --checkpoint file is check.unreadable too', async () => {
    const t = tempDir();
    try {
      writeFileSync(join(t.dir, 'decisionLog.md'), '# x\n');
      mkdirSync(join(t.dir, 'locked'));
      writeFileSync(join(t.dir, 'locked/cp'), 'x');
      const r = await runCli(['verify', 'decisionLog.md', '--checkpoint', 'locked/cp', '--format', 'json'], { cwd: t.dir });
      expect(r.code).toBe(1);
      expect(JSON.parse(r.stdout).problems).toMatchObject([{ code: 'check.unreadable', file: 'locked/cp' }]);
    } finally {
      t.done();
    }
  });

  it.skipIf(process.getuid?.() === 0)('a real mode-000 file (when not running as root)', async () => {
    const t = tempDir();
    try {
      writeFileSync(join(t.dir, 'decisionLog.md'), '# x\n');
      chmodSync(join(t.dir, 'decisionLog.md'), 0);
      const r = await runCli(['verify', 'decisionLog.md', '--format', 'json'], { cwd: t.dir });
      expect(r.code).toBe(1);
      expect(JSON.parse(r.stdout).problems[0].code).toBe('check.unreadable');
    } finally {
      t.done();
    }
  });
});
