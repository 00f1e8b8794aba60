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
