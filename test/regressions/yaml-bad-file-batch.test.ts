// Reported: one malformed YAML file stalled a whole batch (the parser retried,
// re-scanned or threw). memkit must give each file one bounded parse, report
// the bad one as a Problem and carry on. Asserted by work done, not by time.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createParseStats, parseFrontmatter, stringifyFrontmatter } from '../../src/parse/index.js';

const good = (i: number) => stringifyFrontmatter({ id: `fact.n${i}`, title: `Fact ${i}`, tags: ['a', 'b'] }, `# Fact ${i}\n\nBody ${i}.\n`);

const MALFORMED = [
  '---\nid: "unterminated\ntitle: x\n---\n# body\n',
  '---\nid: [1, 2\n---\n# body\n',
  '---\nid: a\nid: b\n---\n',
  '---\n\tid: tab\n---\n',
  '---\nid: a\n' + 'x: ['.repeat(200) + '\n---\n',
  '---\nid: a\nno closing line ever\n' + 'filler line\n'.repeat(500),
  '---\n' + ': : : :\n'.repeat(50) + '---\n',
];

describe('regression: a malformed YAML file stalling a batch', () => {
  it('parses every file in the batch once, reports the bad ones, never throws', () => {
    const batch = [good(1), ...MALFORMED, good(2)];
    const stats = createParseStats();
    const results = batch.map((text, i) => parseFrontmatter(text, { stats, file: `f${i}.md` }));
    expect(results[0]!.ok).toBe(true);
    expect(results.at(-1)!.ok).toBe(true);
    for (const r of results.slice(1, -1)) {
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.problems[0]!.line).toBeGreaterThanOrEqual(1);
    }
    // At most one YAML parse per file, each over at most that file's text.
    expect(stats.yamlParses).toBeLessThanOrEqual(batch.length);
    expect(stats.yamlChars).toBeLessThanOrEqual(batch.reduce((n, t) => n + t.length, 0));
    expect(stats.markdownParses).toBe(0);
  });

  it('a malformed file costs no more YAML work than a good file of the same size (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.integer({ min: 0, max: 50 }), (junk, n) => {
        const text = '---\n' + junk + '\n' + 'k: v\n'.repeat(n) + '---\nbody\n';
        const stats = createParseStats();
        parseFrontmatter(text, { stats });
        expect(stats.yamlParses).toBeLessThanOrEqual(1);
        expect(stats.yamlChars).toBeLessThanOrEqual(text.length);
      }),
      { numRuns: 300 },
    );
  });

  it('finding the closing line of an unclosed block is one linear scan', () => {
    const stats = createParseStats();
    const r = parseFrontmatter('---\n' + 'line: x\n'.repeat(100_000), { stats });
    expect(!r.ok && r.problems[0]!.code).toBe('frontmatter.unclosed');
    expect(stats.yamlParses).toBe(0);
  });
});
