// A file named like a memory file in another case (DecisionLog.md beside decisionLog.md, or alone as a
// case-insensitive checkout may leave it) is reported with the expected name, never silently ignored.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDirectory, sourceFromFilePort } from '../../src/engine/index.js';
import { caseVariantOf, layoutOf } from '../../src/formats/index.js';
import { memoryFiles } from '../../src/kernel/file-port.js';
import { runCli, tempDir } from '../cli/helpers.js';

const ENTRY = '{"id":"DEC-20260101-001","ts":"2026-01-01T00:00:00Z"}\n';
const check = (files: Record<string, string>) => checkDirectory(sourceFromFilePort(memoryFiles(files)));
const nameCase = <P extends { code: string }>(problems: readonly P[]): P[] => problems.filter((p) => p.code === 'check.name-case');

describe('caseVariantOf', () => {
  it('names the memory file a path spells in another case, where it would be one', () => {
    expect(caseVariantOf('memory-bank/DecisionLog.md')).toEqual({ path: 'memory-bank/decisionLog.md', format: 'decision-log' });
    expect(caseVariantOf('memory-bank/PROGRESS.md')).toEqual({ path: 'memory-bank/progress.md', format: 'progress' });
    expect(caseVariantOf('.claude/memory/Task-Index.json')).toEqual({ path: '.claude/memory/task-index.json', format: 'wbs-task-index' });
    expect(caseVariantOf('logs/Events.jsonl')).toEqual({ path: 'logs/events.jsonl', format: 'events' });
    expect(caseVariantOf('.thunderus/memory/core/notes.MD')).toEqual({ path: '.thunderus/memory/core/notes.md', format: 'memory-doc' });
  });

  it('leaves alone the right spelling and names outside memory locations', () => {
    expect(caseVariantOf('memory-bank/decisionLog.md')).toBeUndefined();
    // A human doc outside a bank is not a misnamed bank file.
    expect(caseVariantOf('docs/DecisionLog.md', layoutOf(['docs/DecisionLog.md']))).toBeUndefined();
    expect(caseVariantOf('docs/README.MD')).toBeUndefined();
  });
});

describe('check.name-case', () => {
  it('reports DecisionLog.md beside decisionLog.md, pointing at the expected name', async () => {
    const report = await check({ 'memory-bank/decisionLog.md': ENTRY, 'memory-bank/DecisionLog.md': ENTRY });
    const found = nameCase(report.problems);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ severity: 'warning', file: 'memory-bank/DecisionLog.md' });
    expect(found[0]!.message).toMatch(/beside memory-bank\/decisionLog\.md.*rename it to decisionLog\.md/);
  });

  it('reports a lone DecisionLog.md (as a case-insensitive checkout leaves it) instead of ignoring it', async () => {
    const report = await check({ 'memory-bank/DecisionLog.md': ENTRY, 'memory-bank/progress.md': '| a |\n|---|\n| b |\n' });
    const found = nameCase(report.problems);
    expect(found.map((p) => (p as { file?: string }).file)).toEqual(['memory-bank/DecisionLog.md']);
    expect(found[0]!.message).toMatch(/not read as a decision-log file; rename it to decisionLog\.md/);
  });

  it('is an error under --profile strict, from memkit check on a real directory', async () => {
    const t = tempDir();
    try {
      mkdirSync(join(t.dir, 'memory-bank'));
      writeFileSync(join(t.dir, 'memory-bank', 'decisionlog.md'), ENTRY);
      writeFileSync(join(t.dir, 'memory-bank', 'activeContext.md'), '');
      const spec = await runCli(['check', t.dir, '--format', 'json']);
      const problems = JSON.parse(spec.stdout).problems as { code: string; severity: string }[];
      expect(nameCase(problems)).toMatchObject([{ severity: 'warning' }]);
      const strict = await runCli(['check', t.dir, '--format', 'json', '--profile', 'strict']);
      expect(nameCase(JSON.parse(strict.stdout).problems)).toMatchObject([{ severity: 'error' }]);
      expect(strict.code).toBe(1);
    } finally {
      t.done();
    }
  });

  it('reports nothing when every name is spelled right', async () => {
    const report = await check({ 'memory-bank/decisionLog.md': ENTRY, '.thunderus/memory/core/CORE.md': '---\nid: core\n---\n' });
    expect(nameCase(report.problems)).toEqual([]);
  });
});
