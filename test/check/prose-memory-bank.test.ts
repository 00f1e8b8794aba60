// #20: the widely used prose Memory Bank layout (projectbrief.md, productContext.md, activeContext.md,
// systemPatterns.md, techContext.md, progress.md as plain Markdown) got frontmatter.missing and table.missing.
// It is recognised as the prose dialect (one check.prose-memory-bank warning) and checked by its light rules:
// core files present, each not empty, Markdown the parser reads in full. No error.
import { describe, expect, it } from 'vitest';
import { PROSE_BANK } from './memory-bank-texts.js';
import { checkFiles, errorsOf } from './check-files.js';

const PROSE: Record<string, string> = { ...PROSE_BANK };
const base = (p: { file?: string }) => p.file?.replace(/^.*?(memory-bank)/, '$1');

describe('the prose Memory Bank layout is a dialect, not missing frontmatter and tables', () => {
  it('the six core files check clean: one prose-dialect warning, no error', async () => {
    const r = await checkFiles(PROSE);
    expect(errorsOf(r.problems)).toEqual([]);
    expect(r.code).toBe(0);
    expect(r.problems.map((p) => p.code)).toEqual(['check.prose-memory-bank']);
  });

  it('a missing core file is a warning naming it', async () => {
    const { 'memory-bank/techContext.md': _t, 'memory-bank/activeContext.md': _a, ...rest } = PROSE;
    const r = await checkFiles(rest);
    expect(errorsOf(r.problems)).toEqual([]);
    const missing = r.problems.filter((p) => p.code === 'check.prose-bank-missing-file');
    expect(missing.every((p) => p.severity === 'warning')).toBe(true);
    expect(missing.map((p) => /has no (\S+)/.exec(p.message ?? '')?.[1]).sort()).toEqual(['activeContext.md', 'techContext.md']);
  });

  it('an empty core file is a warning', async () => {
    const r = await checkFiles({ ...PROSE, 'memory-bank/techContext.md': '\n', 'memory-bank/activeContext.md': '' });
    expect(errorsOf(r.problems)).toEqual([]);
    expect(
      r.problems
        .filter((p) => p.code === 'check.prose-bank-empty-file')
        .map(base)
        .sort(),
    ).toEqual(['memory-bank/activeContext.md', 'memory-bank/techContext.md']);
  });

  it('Markdown the full parser would be slow on is reported (markdown.* warning), projectbrief.md included', async () => {
    const deep = '> '.repeat(40) + 'deep\n';
    const r = await checkFiles({ ...PROSE, 'memory-bank/projectbrief.md': `# Brief\n\n${deep}`, 'memory-bank/progress.md': `# Progress\n\n${deep}` });
    expect(errorsOf(r.problems)).toEqual([]);
    expect(
      r.problems
        .filter((p) => p.code === 'markdown.too-deep')
        .map(base)
        .sort(),
    ).toEqual(['memory-bank/progress.md', 'memory-bank/projectbrief.md']);
  });

  it('the light rules are conventions: errors under --profile strict', async () => {
    const { 'memory-bank/techContext.md': _t, ...rest } = PROSE;
    const r = await checkFiles(rest, ['--profile', 'strict']);
    expect(r.problems.filter((p) => p.code === 'check.prose-bank-missing-file').map((p) => p.severity)).toEqual(['error']);
  });
});

describe('a prose bank is decided by evidence that cannot be an accident', () => {
  it('progress.md holding tables of its own (a milestone log with Task | Agent | Evidence | Status) is prose: no error', async () => {
    const progress = [
      '# Progress',
      '',
      '| Task | Status |',
      '|------|--------|',
      '| Write the brief | done |',
      '',
      '## Completed milestones',
      '',
      '| Task | Agent | Evidence | Status |',
      '|---|---|---|---|',
      '| M1 | Coder | PR 12 | DONE |',
      '',
    ].join('\n');
    const r = await checkFiles({ ...PROSE, 'memory-bank/progress.md': progress });
    expect(errorsOf(r.problems)).toEqual([]);
    expect(r.code).toBe(0);
  });

  it("beside other tables, the table with the seed's header is the one checked", async () => {
    const progress = [
      '# Progress',
      '',
      '| Task | Agent | Evidence | Status |',
      '|---|---|---|---|',
      '| M1 | Coder | PR 12 | DONE |',
      '',
      '| task_id | status | agent | milestone_severity | updated_at |',
      '|---|---|---|---|---|',
      '| T-1 | FINISHED | Coder | LOW | 2026-02-20T02:00:00Z |',
      '',
    ].join('\n');
    const r = await checkFiles({ 'memory-bank/progress.md': progress, 'memory-bank/decisionLog.md': PROSE['memory-bank/activeContext.md']! });
    // The seed's table is read: its bad status is found on its row (line 9), the milestone log is not checked.
    expect(r.problems.filter((p) => p.severity === 'error').map((p) => [p.code, p.line])).toEqual([['schema.enum', 9]]);
  });

  it('one unfenced JSON line in a prose activeContext.md does not switch the bank to JSON Lines', async () => {
    for (const sample of ['{ "theme": "dark" }\n', '{ "theme": "dark" }\n{ "font": "mono" }\n\nWe revisit these monthly.\n']) {
      const r = await checkFiles({ ...PROSE, 'memory-bank/activeContext.md': `${PROSE['memory-bank/activeContext.md']}\nSettings we use:\n${sample}` });
      expect(errorsOf(r.problems)).toEqual([]);
      expect(r.problems.map((p) => p.code)).toEqual(['check.prose-memory-bank']);
    }
  });
});
