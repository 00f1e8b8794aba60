import { describe, expect, it } from 'vitest';
import { checkDirectory, sourceFromFilePort } from '../../src/engine/index.js';
import { PROSE_BANK, appendLedgerLine } from './memory-bank-texts.js';
import { memoryFiles } from '../../src/kernel/file-port.js';

const run = async (files: Record<string, string>) => checkDirectory(sourceFromFilePort(memoryFiles(files)));
const codes = (r: Awaited<ReturnType<typeof run>>) => r.problems.map((p) => [p.file, p.code, p.severity]);

// The widely used prose Memory Bank layout: plain Markdown files.
const PROSE = PROSE_BANK;

// Defect: a prose ledger file in a memory bank passed `check` with nothing said.
describe('memory bank dialects are told apart, prose is not taken for a ledger', () => {
  it('a whole prose bank has no errors and one warning naming what was not verified', async () => {
    const r = await run(PROSE);
    expect(r.ok).toBe(true);
    expect(codes(r)).toEqual([['memory-bank', 'check.prose-memory-bank', 'warning']]);
    expect(r.problems[0]!.message).toContain('productContext.md');
    expect(r.problems[0]!.message).toContain('not verified');
    expect(r.checked.map((c) => c.file)).toContain('memory-bank/productContext.md');
  });

  it('in a JSON Lines bank, a ledger holding prose but no entries is a check.ledger-no-entries warning', async () => {
    const files = { ...PROSE, 'memory-bank/decisionLog.md': appendLedgerLine('# Decisions\n') };
    const r = await run(files);
    const got = codes(r);
    expect(got).toContainEqual(['memory-bank/productContext.md', 'check.ledger-no-entries', 'warning']);
    expect(got).toContainEqual(['memory-bank/activeContext.md', 'check.ledger-no-entries', 'warning']);
    // systemPatterns.md without its header and progress.md without a table are errors in this dialect (the format requires them).
    expect(got).toContainEqual(['memory-bank/systemPatterns.md', 'frontmatter.missing', 'error']);
    expect(got).toContainEqual(['memory-bank/progress.md', 'table.missing', 'error']);
    expect(got.some(([, c]) => c === 'check.prose-memory-bank')).toBe(false);
  });

  it('an empty ledger file is an empty ledger: nothing to report', async () => {
    const r = await run({ 'memory-bank/decisionLog.md': appendLedgerLine(''), 'memory-bank/riskRegister.md': '', 'memory-bank/activeContext.md': '\n\n' });
    expect(r.problems).toEqual([]);
  });

  it('a systemPatterns.md header alone makes the bank JSON Lines', async () => {
    const r = await run({ 'memory-bank/systemPatterns.md': '---\nversion: 2.0.0\nhash: 0\n---\n# x\n', 'memory-bank/productContext.md': '# Product\n\nprose\n' });
    expect(codes(r)).toContainEqual(['memory-bank/productContext.md', 'check.ledger-no-entries', 'warning']);
  });

  it('JSON samples in fenced code blocks of a prose bank do not make it JSON Lines', async () => {
    const files = {
      ...PROSE,
      'memory-bank/productContext.md': '# Product context\n\nA sample payload:\n\n```json\n{"vision": "memory"}\n```\n',
      'memory-bank/activeContext.md': '# Active context\n\n```json\n{\n  "focus": "cli"\n}\n```\n',
    };
    const r = await run(files);
    expect(r.ok).toBe(true);
    expect(codes(r)).toEqual([['memory-bank', 'check.prose-memory-bank', 'warning']]);
    // Beside a real JSON Lines ledger the same file's problems are reported.
    const jsonl = await run({ ...files, 'memory-bank/decisionLog.md': appendLedgerLine('') });
    expect(jsonl.ok).toBe(false);
    expect(codes(jsonl).some(([f, , s]) => f === 'memory-bank/activeContext.md' && s === 'error')).toBe(true);
  });

  it('two banks are told apart', async () => {
    const r = await run({
      ...Object.fromEntries(Object.entries(PROSE).map(([k, v]) => [k.replace('memory-bank', 'a/memory-bank'), v])),
      'b/memory-bank/decisionLog.md': appendLedgerLine(''),
      'b/memory-bank/productContext.md': 'prose\n',
    });
    expect(codes(r)).toEqual([
      ['a/memory-bank', 'check.prose-memory-bank', 'warning'],
      ['b/memory-bank/productContext.md', 'check.ledger-no-entries', 'warning'],
    ]);
  });
});
