// Reported: a recap holding 100–200 KB of emphasis delimiters ran past 60 s:
// micromark matches each closing `*`/`_` (and `]`) by scanning back through
// the paragraph. A linear pre-scan now skips micromark for such a body.
import { describe, expect, it } from 'vitest';
import { parseFrontmatter } from '../../src/parse/index.js';
import { hostileRecap, hostileRecapTests } from './hostile-recap.js';

const fill = (unit: string, size: number) => unit.repeat(Math.ceil(size / unit.length));

describe('regression: Markdown nested emphasis', () => {
  describe('`*a_` in one paragraph', () => hostileRecapTests('markdown.too-many-delimiters', (size) => fill('*a_', size)));
  describe('closing `*` runs in one paragraph', () => hostileRecapTests('markdown.too-many-delimiters', (size) => fill('a* ', size)));
  describe('`[*` in one paragraph', () => hostileRecapTests('markdown.too-many-delimiters', (size) => fill('[*', size)));
  describe('paragraphs of 900 delimiters each', () => hostileRecapTests('markdown.too-complex', (size) => fill(`${'*a_'.repeat(300)}\n\n`, size)));

  it('keeps micromark for one long `****…` run (one delimiter run, linear)', { timeout: 60_000 }, () => {
    const r = parseFrontmatter(hostileRecap('*'.repeat(200_000)));
    expect(r.ok && r.value.markdownProblems()).toEqual([]);
    expect(r.ok && r.value.headings().map((h) => h.text)).toEqual(['Session recap', 'Provenance']);
  });
});
