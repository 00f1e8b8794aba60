import fc from 'fast-check';
import { micromark } from 'micromark';
import { describe, expect, it } from 'vitest';
import { markdownOutline } from '../../src/parse/index.js';

// Pieces of one paragraph: words, spaces and character references of every kind,
// valid or not (named, decimal, hex; controls, surrogates, out of range, unknown names).
const REFERENCES = ['&amp;', '&lt;', '&eacute;', '&copy;', '&nbsp;', '&notin;', '&not;', '&mdash;', '&bogus;', '&AMP;', '&#0;', '&#1;', '&#65;', '&#x1F600;', '&#X41;', '&#xD800;', '&#x110000;', '&#9999999;', '&#x7F;', '&#xFFFE;', '&'];
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
