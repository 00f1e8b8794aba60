import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli, tempDir } from './helpers.js';

// Defect: `memkit verify` on a prose progress.md or README.md reported "0 entries, 0 errors" and exited 0.
describe('verify on a file with no ledger entries is a usage error, not "0 entries" and clean', () => {
  const prose: [string, string][] = [
    ['README.md', '# memkit\n\nSome prose.\n'],
    ['memory-bank/progress.md', '# Progress\n\n- done: parser\n- left: docs\n'],
    ['memory-bank/productContext.md', '# Product context\n\nWhy this project exists.\n'],
    ['memory-bank/decisionLog.md', ''],
  ];
  it.each(prose)('%s: usage error (exit 2, nothing to verify), nothing on stdout in any format', async (name, text) => {
    const t = tempDir();
    try {
      mkdirSync(join(t.dir, 'memory-bank'), { recursive: true });
      writeFileSync(join(t.dir, name), text);
      for (const format of ['text', 'json']) {
        const r = await runCli(['verify', name, '--format', format], { cwd: t.dir });
        expect(r.code).toBe(2);
        expect(r.stdout).toBe('');
        expect(r.stderr).toContain('nothing to verify');
      }
    } finally {
      t.done();
    }
  });

  it('a ledger with entries still verifies (exit 0), and a truncated one against a checkpoint still fails (exit 1)', async () => {
    const ok = await runCli(['verify', 'examples/agent-memory/memory-bank/decisionLog.md', '--format', 'json'], { cwd: ROOT });
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ ok: true, entries: 3 });
    const t = tempDir();
    try {
      writeFileSync(join(t.dir, 'decisionLog.md'), '# Decision log\n');
      writeFileSync(join(t.dir, 'cp'), `decisionLog\n1\n${Buffer.alloc(32).toString('base64')}\n`);
      const r = await runCli(['verify', 'decisionLog.md', '--checkpoint', 'cp', '--format', 'json'], { cwd: t.dir });
      expect(r.code).toBe(1);
      expect(JSON.parse(r.stdout).problems.map((p: { code: string }) => p.code)).toContain('ledger.truncated');
    } finally {
      t.done();
    }
  });
});
