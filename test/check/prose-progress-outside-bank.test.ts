import { cpSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli, tempDir } from '../cli/helpers.js';

// Defect: a prose `docs/progress.md` (or any file named like a memory bank file) outside a
// memory bank was checked as the bank's progress table (table.missing and friends). A memory bank
// is a directory: one named `memory-bank`, or one holding at least two of the bank's file names.
interface Report {
  ok: boolean;
  checked: { file: string; format: string }[];
  problems: { code: string; severity: string; file?: string }[];
}

const PROSE = '# Progress\n\nWe shipped the search page this week; next up is the importer.\n\n- [x] search\n- [ ] import\n';

async function check(dir: string): Promise<{ code: number; report: Report }> {
  const r = await runCli(['check', dir, '--format', 'json']);
  return { code: r.code, report: JSON.parse(r.stdout) as Report };
}

describe('a prose progress.md outside memory-bank/ is not checked as a broken table', () => {
  it('is not a memory bank file: not checked, no problem, next to a real bank', async () => {
    const t = tempDir();
    try {
      cpSync(join(ROOT, 'examples/agent-memory/memory-bank'), join(t.dir, 'memory-bank'), { recursive: true });
      mkdirSync(join(t.dir, 'docs'));
      writeFileSync(join(t.dir, 'docs', 'progress.md'), PROSE);
      writeFileSync(join(t.dir, 'progress.md'), PROSE);
      const { report } = await check(t.dir);
      expect(report.checked.map((c) => c.file)).not.toContain('docs/progress.md');
      expect(report.checked.map((c) => c.file)).not.toContain('progress.md');
      expect(report.checked).toContainEqual({ file: 'memory-bank/progress.md', format: 'progress' });
      expect(report.problems.filter((p) => p.file === 'docs/progress.md' || p.file === 'progress.md')).toEqual([]);
    } finally {
      t.done();
    }
  });

  it('a directory holding only a prose progress.md is nothing to check (exit 2), not a broken table (exit 1)', async () => {
    const t = tempDir();
    try {
      mkdirSync(join(t.dir, 'docs'));
      writeFileSync(join(t.dir, 'docs', 'progress.md'), PROSE);
      writeFileSync(join(t.dir, 'docs', 'README.md'), '# Docs\n');
      const r = await runCli(['check', t.dir]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('nothing to check');
    } finally {
      t.done();
    }
  });

  it('a directory not named memory-bank that holds two bank files is still a bank, and checked', async () => {
    const t = tempDir();
    try {
      mkdirSync(join(t.dir, 'agents'));
      for (const name of ['decisionLog.md', 'progress.md']) cpSync(join(ROOT, 'examples/agent-memory/memory-bank', name), join(t.dir, 'agents', name));
      const { report } = await check(t.dir);
      expect(report.checked).toEqual([
        { file: 'agents/decisionLog.md', format: 'decision-log' },
        { file: 'agents/progress.md', format: 'progress' },
      ]);
    } finally {
      t.done();
    }
  });

  it('a link out of the tree named progress.md is memory (an error) only inside a bank', async () => {
    const t = tempDir();
    const out = tempDir();
    try {
      writeFileSync(join(out.dir, 'p.md'), PROSE);
      mkdirSync(join(t.dir, 'docs'));
      mkdirSync(join(t.dir, 'agents'));
      symlinkSync(join(out.dir, 'p.md'), join(t.dir, 'docs', 'progress.md'));
      symlinkSync(join(out.dir, 'p.md'), join(t.dir, 'agents', 'progress.md'));
      cpSync(join(ROOT, 'examples/agent-memory/memory-bank/decisionLog.md'), join(t.dir, 'agents', 'decisionLog.md'));
      const { report } = await check(t.dir);
      const outside = report.problems.filter((p) => p.code === 'check.outside-root').map((p) => `${p.file} ${p.severity}`);
      expect(outside.sort()).toEqual(['agents/progress.md error', 'docs/progress.md warning']);
    } finally {
      t.done();
      out.done();
    }
  });

  it('a lone file outside a bank is checked when its content has the format (ledger lines, a progress table)', async () => {
    const t = tempDir();
    try {
      mkdirSync(join(t.dir, 'notes'));
      mkdirSync(join(t.dir, 'docs'));
      cpSync(join(ROOT, 'examples/agent-memory/memory-bank/decisionLog.md'), join(t.dir, 'notes', 'decisionLog.md'));
      cpSync(join(ROOT, 'examples/agent-memory/memory-bank/progress.md'), join(t.dir, 'docs', 'progress.md'));
      const { report } = await check(t.dir);
      expect(report.checked).toEqual([
        { file: 'docs/progress.md', format: 'progress' },
        { file: 'notes/decisionLog.md', format: 'decision-log' },
      ]);
    } finally {
      t.done();
    }
  });
});
