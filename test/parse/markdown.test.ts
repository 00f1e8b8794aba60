import fc from 'fast-check';
import { micromark } from 'micromark';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, markdownOutline, parseFrontmatter } from '../../src/syntax/index.js';
import { outlinePaths } from '../../src/syntax/markdown.js';
import { hostileRecap, hostileRecapTests } from './hostile-recap.js';

// Pieces of one paragraph: words, spaces and character references of every kind,
// valid or not (named, decimal, hex; controls, surrogates, out of range, unknown names).
const REFERENCES = [
  '&amp;',
  '&lt;',
  '&eacute;',
  '&copy;',
  '&nbsp;',
  '&notin;',
  '&not;',
  '&mdash;',
  '&bogus;',
  '&AMP;',
  '&#0;',
  '&#1;',
  '&#65;',
  '&#x1F600;',
  '&#X41;',
  '&#xD800;',
  '&#x110000;',
  '&#9999999;',
  '&#x7F;',
  '&#xFFFE;',
  '&',
];
const piece = fc.oneof(fc.constantFrom('word', 'café', ' ', 'x;', '#'), fc.constantFrom(...REFERENCES));
const paragraph = fc.array(piece, { minLength: 1, maxLength: 12 }).map((p) => `a${p.join('')}z`);

/** The text of micromark's own HTML for one paragraph: the oracle for decoding. */
const oracle = (md: string) =>
  micromark(md)
    .replace(/^<p>|<\/p>$/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .trim();

describe('markdownOutline', () => {
  it('decodes character references in text exactly as micromark does (property)', () => {
    fc.assert(
      fc.property(paragraph, (md) => {
        expect(markdownOutline(md).text).toBe(oracle(md));
      }),
      { numRuns: 1000 },
    );
  });

  it('decodes them in headings too', () => {
    expect(markdownOutline('# Caf&eacute; &amp; &copy; &#65;&#x1F600; &#1; &bogus;\n').headings).toEqual([{ depth: 1, text: 'Café & © A😀 \ufffd &bogus;', line: 1 }]);
  });

  it('gives ATX and setext headings with their depth and file line, plus lineOffset', () => {
    const md = 'Title\n=====\n\ntext\n\n## Sub *part*\n\nSecond\n------\n\n```\n# not a heading\n```\n';
    expect(markdownOutline(md, 10).headings).toEqual([
      { depth: 1, text: 'Title', line: 11 },
      { depth: 2, text: 'Sub part', line: 16 },
      { depth: 2, text: 'Second', line: 18 },
    ]);
  });
});

const { hazard: markdownHazard, plain: plainHeadings } = outlinePaths;

describe('hostile Markdown: the pre-scan and its linear fallback', () => {
  const small = { maxMarkdownNesting: 3, maxMarkdownDelimiters: 6, maxMarkdownWork: 2_000 };

  it('names the first offending line, with lineOffset', () => {
    expect(markdownHazard('ok\n> > > > deep\n', small, 10)).toMatchObject({ code: 'markdown.too-deep', severity: 'warning', line: 12 });
    expect(markdownHazard('- 1. * > x\n', small)).toMatchObject({ code: 'markdown.too-deep', line: 1 });
    expect(markdownHazard('a *b* _c_\n[d] `e` **f**\n', small)).toMatchObject({ code: 'markdown.too-many-delimiters', line: 2 });
    expect(markdownHazard(`${'text\n'.repeat(300)}> > x\n`, small)).toMatchObject({ code: 'markdown.too-complex', line: 301 });
    expect(markdownHazard(`> q\n${'lazy\n'.repeat(40)}`, small)).toMatchObject({ code: 'markdown.too-complex' });
    expect(markdownHazard('a\n===\n'.repeat(40), small)).toMatchObject({ code: 'markdown.too-complex' });
    expect(markdownHazard('a\n\n===\n\n'.repeat(40), small)).toBeUndefined(); // not underlines: a blank line before
  });

  it('lets ordinary Markdown through: blank lines end a paragraph, fenced code is not counted', () => {
    expect(markdownHazard('a *b* _c_\n\n[d] `e` **f**\n', small)).toBeUndefined();
    expect(markdownHazard('```\n> > > > *a* *b* *c* [d]\n```\n~~~~\n```\n- - - - -\n~~~~\n', small)).toBeUndefined();
    expect(markdownHazard('- a\n  - b\n    - c\n> quote\n1. one\n', DEFAULT_LIMITS)).toBeUndefined();
    expect(markdownHazard('*'.repeat(100_000), DEFAULT_LIMITS)).toBeUndefined(); // one run
  });

  it('falls back to ATX headings from a line scan, skipping fenced code and closing hashes', () => {
    const md = '# One #\n> ## Quoted\n```\n# not\n```\n   ### Three ###   \n#Nope\n####### seven\n#\n## a#b ##\n';
    expect(plainHeadings(md, 5)).toEqual([
      { depth: 1, text: 'One', line: 6 },
      { depth: 2, text: 'Quoted', line: 7 },
      { depth: 3, text: 'Three', line: 11 },
      { depth: 1, text: '', line: 14 },
      { depth: 2, text: 'a#b', line: 15 },
    ]);
    const outline = markdownOutline(`# T\n\n${'> '.repeat(40)}x\n`);
    expect(outline).toMatchObject({ headings: [{ depth: 1, text: 'T', line: 1 }], problems: [{ code: 'markdown.too-deep', line: 3 }] });
    expect(outline.text).toContain('> > x');
  });

  it('agrees with micromark on ATX headings, paragraphs and fenced code (property)', () => {
    const word = fc.constantFrom('alpha', 'beta', 'x1', 'é');
    const block = fc.oneof(
      fc.tuple(fc.integer({ min: 1, max: 6 }), fc.array(word, { minLength: 1, maxLength: 3 }), fc.boolean()).map(([d, ws, close]) => `${'#'.repeat(d)} ${ws.join(' ')}${close ? ' ##' : ''}`),
      fc.array(word, { minLength: 1, maxLength: 4 }).map((ws) => ws.join(' ')),
      fc.array(fc.constantFrom('# in code', 'code', ''), { maxLength: 3 }).map((ls) => ['```', ...ls, '```'].join('\n')),
      fc.constant(''),
    );
    fc.assert(
      fc.property(fc.array(block, { maxLength: 12 }), fc.nat(20), (blocks, offset) => {
        const md = blocks.join('\n\n');
        expect(plainHeadings(md, offset)).toEqual(markdownOutline(md, offset).headings);
      }),
      { numRuns: 300 },
    );
  });

  it('any generated deeply nested Markdown parses without throwing and yields headings or a problem (property)', () => {
    const piece = fc.constantFrom(
      '>',
      '> ',
      '- ',
      '* ',
      '+ ',
      '1. ',
      '2) ',
      '*',
      '**',
      '_',
      '[',
      ']',
      '](',
      '`',
      '```',
      '~~~',
      '# ',
      '## ',
      'word',
      ' ',
      '  ',
      '\t',
      '\n',
      '\n\n',
      '\r\n',
      '<!--',
      '&amp;',
      '\\',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 200 }), fc.boolean(), (pieces, tight) => {
        const body = pieces.join('');
        const limits = tight ? small : undefined;
        const r = parseFrontmatter(`---\nid: a\n---\n${body}`, { file: 'x.md', ...(limits ? { limits } : {}) });
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        const problems = r.value.markdownProblems();
        const headings = r.value.headings();
        expect(typeof r.value.bodyText()).toBe('string');
        for (const h of headings) {
          expect(h.depth).toBeGreaterThanOrEqual(1);
          expect(h.depth).toBeLessThanOrEqual(6);
          expect(h.line).toBeGreaterThanOrEqual(4);
        }
        expect(problems.length).toBeLessThanOrEqual(1);
        if (problems.length === 1) {
          expect(['markdown.too-deep', 'markdown.too-many-delimiters', 'markdown.too-complex']).toContain(problems[0]!.code);
          expect(problems[0]).toMatchObject({ severity: 'warning', file: 'x.md' });
          expect(headings).toEqual(plainHeadings(body, 3));
        } else {
          expect(headings).toEqual(markdownOutline(body, 3).headings);
        }
      }),
      { numRuns: 500 },
    );
  });
});

// Reported: a recap holding 100–200 KB of nested block quotes (`>>>>…`) ran
// past 60 s, because micromark's work grows with the square of the nesting.
// A linear pre-scan now skips micromark for such a body (`markdown.too-deep`
// for one deep line, `markdown.too-complex` for many moderately deep ones).
describe('nested block quotes do not make micromark quadratic', () => {
  describe('one line of `>` markers', () => hostileRecapTests('markdown.too-deep', (size) => `${'>'.repeat(size)} deep`));
  describe('many lines of 30 `>` markers each', () => hostileRecapTests('markdown.too-complex', (size) => `${'>'.repeat(30)} quote\n`.repeat(Math.ceil(size / 37))));
  // Each lazy line made micromark rescan the quoted paragraph: 50 KB took 12 s.
  describe('one `>` line then lazy continuation lines', () => hostileRecapTests('markdown.too-complex', (size) => `> quote\n${'lazy\n'.repeat(size / 5)}`));
});

// Reported: a recap holding 100–200 KB of emphasis delimiters ran past 60 s:
// micromark matches each closing `*`/`_` (and `]`) by scanning back through
// the paragraph. A linear pre-scan now skips micromark for such a body.
const fill = (unit: string, size: number) => unit.repeat(Math.ceil(size / unit.length));

describe('nested emphasis delimiters do not make micromark quadratic', () => {
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

// Reported: a recap holding 100–200 KB of list markers (`- - - …`) ran past
// 60 s, because micromark's work grows with the square of the nesting. A
// linear pre-scan now skips micromark for such a body.
describe('nested list markers do not make micromark quadratic', () => {
  describe('one line of `- ` markers', () => hostileRecapTests('markdown.too-deep', (size) => `${'- '.repeat(size / 2)}item`));
  describe('one line of `* ` markers', () => hostileRecapTests('markdown.too-deep', (size) => `${'* '.repeat(size / 2)}item`));
  describe('one line of `1. ` markers', () => hostileRecapTests('markdown.too-deep', (size) => `${'1. '.repeat(size / 3)}item`));
  // Each lazy line made micromark rescan the item's paragraph: 50 KB took 24 s.
  describe('one list item then lazy continuation lines', () => hostileRecapTests('markdown.too-complex', (size) => `- item\n${'lazy\n'.repeat(size / 5)}`));
  describe('many lines of 30 markers each', () => hostileRecapTests('markdown.too-complex', (size) => `${'- '.repeat(30)}item\n`.repeat(Math.ceil(size / 65))));
});

// Found while fixing the nested-Markdown hangs: a body of many setext
// headings (`text` over `===`) also made micromark quadratic (50 KB took
// 14 s). The pre-scan counts setext underlines in its work estimate, so such
// a body gets `markdown.too-complex` and the linear ATX scan.
describe('many setext underlines do not make micromark quadratic', () => {
  describe('`a` over `===`, repeated', () => hostileRecapTests('markdown.too-complex', (size) => 'a\n===\n'.repeat(size / 6)));
  describe('`a` over `---`, repeated', () => hostileRecapTests('markdown.too-complex', (size) => 'a\n---\n'.repeat(size / 6)));
});
