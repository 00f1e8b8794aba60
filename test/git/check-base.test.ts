import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../src/kernel/canonical/sha256.js';
import { runCli, tempDir } from '../cli/helpers.js';
import { GIT_ENV, backing, commitAll, decisionLog, initRepo, systemPatterns, writeFiles } from './helpers.js';

const BODY = '# System Patterns\n\n- Every write is atomic.\n';
const ADDED = '- Ledgers are append-only.\n';

/** A repository whose base commit holds a memory bank; `edit` changes the work tree; returns check --base's report. */
async function checkAfter(edit: Record<string, string | null>, extra: string[] = []) {
  const t = tempDir();
  try {
    initRepo(t.dir);
    writeFiles(t.dir, {
      'memory-bank/decisionLog.md': decisionLog(['first', 'second', 'third']),
      'memory-bank/systemPatterns.md': systemPatterns(BODY),
      'memory-bank/activeContext.md': '# Active context\n',
    });
    const base = commitAll(t.dir, 'base');
    const { rmSync } = await import('node:fs');
    for (const [path, text] of Object.entries(edit)) {
      if (text === null) rmSync(`${t.dir}/${path}`);
      else writeFiles(t.dir, { [path]: text });
    }
    const r = await runCli(['check', t.dir, '--base', base, '--format', 'json', ...extra], { env: GIT_ENV });
    return { ...r, report: r.stdout === '' ? undefined : (JSON.parse(r.stdout) as { ok: boolean; problems: { code: string; file?: string; line?: number; severity: string }[] }) };
  } finally {
    t.done();
  }
}

const errors = (r: Awaited<ReturnType<typeof checkAfter>>) => r.report!.problems.filter((p) => p.severity === 'error').map((p) => [p.code, p.file, p.line]);

describe('memkit check --base', { timeout: 60_000 }, () => {
  it('an honest append is clean', async () => {
    const r = await checkAfter({ 'memory-bank/decisionLog.md': decisionLog(['first', 'second', 'third', 'fourth']) });
    expect(errors(r)).toEqual([]);
    expect(r.code).toBe(0);
  });

  // Each tamper rebuilds the chain, so HEAD alone verifies: only the base shows it.
  it.each([
    ['edit', ['first', 'SECOND', 'third'], 'ledger.entry-edited', 4],
    ['delete', ['first', 'third'], 'ledger.entry-edited', 4],
    ['reorder', ['second', 'first', 'third'], 'ledger.entry-edited', 3],
    ['cut tail', ['first', 'second'], 'ledger.entry-deleted', 5],
  ] as const)('%s of decisionLog.md is reported with its file and line', async (_, rationales, code, line) => {
    const r = await checkAfter({ 'memory-bank/decisionLog.md': decisionLog(rationales) });
    expect(errors(r)).toContainEqual([code, 'memory-bank/decisionLog.md', line]);
    expect(r.code).toBe(1);
  });

  it('a deleted ledger is reported', async () => {
    const r = await checkAfter({ 'memory-bank/decisionLog.md': null });
    expect(errors(r)).toContainEqual(['git.file-deleted', 'memory-bank/decisionLog.md', undefined]);
  });

  it('a systemPatterns.md body rewritten with a recomputed hash and a backing decision is reported', async () => {
    const rewritten = '# System Patterns\n\n- Writes may be partial.\n';
    const r = await checkAfter({
      'memory-bank/systemPatterns.md': systemPatterns(rewritten, '1.1.0'),
      'memory-bank/decisionLog.md': decisionLog(['first', 'second', 'third', { rationale: 'rewrite', diff_hash: sha256Hex(rewritten) }]),
    });
    expect(errors(r)).toContainEqual(['ledger.system-patterns-rewritten', 'memory-bank/systemPatterns.md', 9]);
  });

  it('a systemPatterns.md body extended with its decision is clean', async () => {
    const r = await checkAfter({
      'memory-bank/systemPatterns.md': systemPatterns(BODY + ADDED, '1.1.0'),
      'memory-bank/decisionLog.md': decisionLog(['first', 'second', 'third', backing('extend', ADDED)]),
    });
    expect(errors(r)).toEqual([]);
  });

  it('a REV that does not exist is a usage error', async () => {
    const r = await checkAfter({}, ['--base', 'no-such-branch']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no-such-branch');
  });

  it('a REV that looks like an option is a usage error, not an option', async () => {
    const r = await checkAfter({}, ['--base=--output=/tmp/x']);
    expect(r.code).toBe(2);
  });
});

describe('memkit check SUBDIR --base', { timeout: 60_000 }, () => {
  it('reads the base versions of a directory below the repository root, with paths relative to it', async () => {
    const t = tempDir();
    try {
      initRepo(t.dir);
      writeFiles(t.dir, { 'app/memory-bank/decisionLog.md': decisionLog(['first', 'second']), 'app/memory-bank/activeContext.md': '# Active\n' });
      const base = commitAll(t.dir, 'base');
      writeFiles(t.dir, { 'app/memory-bank/decisionLog.md': decisionLog(['first']) });
      const r = await runCli(['check', `${t.dir}/app`, '--base', base, '--format', 'json'], { env: GIT_ENV });
      const problems = (JSON.parse(r.stdout) as { problems: { code: string; file: string; line: number }[] }).problems;
      expect(problems.map((p) => [p.code, p.file, p.line])).toContainEqual(['ledger.entry-deleted', 'memory-bank/decisionLog.md', 4]);
    } finally {
      t.done();
    }
  });
});
