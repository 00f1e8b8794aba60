import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCodes, parseFrontmatter, updateFrontmatter } from '../../src/syntax/index.js';
import { parseFeedbackLog } from '../../src/formats/feedback-log/parse.js';
import { parseLedgerText } from '../../src/formats/memory-bank/ledger-text.js';
import { parseProgressTable } from '../../src/formats/progress/parse.js';
import { parseSystemPatterns, systemPatternsBodyHash } from '../../src/formats/system-patterns/parse.js';
import { problemCodes } from '../../src/kernel/problems/index.js';

const dir = join(import.meta.dirname, '../../src/syntax');

describe('parse codes', () => {
  it('every code raised in src/syntax is declared with meaning and fix', () => {
    const known = new Set([...Object.keys(parseCodes), ...Object.keys(problemCodes)]);
    const used = new Set<string>();
    for (const f of readdirSync(dir).filter((x) => x.endsWith('.ts') && x !== 'codes.ts')) {
      const src = readFileSync(join(dir, f), 'utf8');
      for (const m of src.matchAll(/(?:error|warning)\(\s*'([a-z0-9.-]+)'/g)) used.add(m[1]!);
      for (const m of src.matchAll(/'((?:yaml|jsonl|frontmatter|table|feedback-log|ledger-text|system-patterns|parse)\.[a-z-]+)'/g)) used.add(m[1]!);
    }
    expect(used.size).toBeGreaterThan(20);
    for (const code of used) expect(known.has(code), code).toBe(true);
    for (const info of Object.values(parseCodes)) {
      expect(info.meaning.length).toBeGreaterThan(10);
      expect(info.fix.length).toBeGreaterThan(5);
    }
  });

  it('the example in docs/formats/feedback-log.md parses and round-trips', () => {
    const doc = readFileSync(join(import.meta.dirname, '../../docs/formats/feedback-log.md'), 'utf8');
    const example = /````markdown\n([\s\S]*?)````\n/.exec(doc)![1]!;
    const r = parseFeedbackLog(example);
    if (!r.ok) throw new Error(JSON.stringify(r.problems));
    expect(r.value.entries[0]!.value).toMatchObject({ from_agent: 'CIReviewer', to_agent: 'Backend', category: 'defect' });
  });

  it('text parsers given a non-string return parse.not-text instead of throwing', () => {
    const bad = new Uint8Array([45, 45, 45]) as unknown as string;
    for (const r of [parseFrontmatter(bad), updateFrontmatter(bad, { a: 1 }), parseProgressTable(bad), parseFeedbackLog(bad), parseSystemPatterns(bad)]) {
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.problems[0]!.code).toBe('parse.not-text');
    }
    expect(parseLedgerText(bad).problems[0]!.code).toBe('parse.not-text');
    expect(systemPatternsBodyHash(bad)).toBeUndefined();
  });
});
