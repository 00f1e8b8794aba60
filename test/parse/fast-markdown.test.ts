// Differential tests of the outline reader's fast path: whenever it claims a body, its headings
// (depth, text, line, offset) and plain text equal what the reader's micromark path gives.
import fc from 'fast-check';
import { htmlBlockNames, htmlRawNames } from 'micromark-util-html-tag-name';
import { describe, expect, it } from 'vitest';
import { markdownOutline, outlinePaths } from '../../src/syntax/markdown.js';
import { createParseStats, parseFrontmatter } from '../../src/syntax/index.js';

const fastOutline = outlinePaths.fast;

/** micromark's headings, with the offset of each heading's first character, and its plain text. */
const reference = (md: string, lineOffset = 0) => outlinePaths.micromark(md, lineOffset);

const withoutOffsets = (headings: { depth: number; text: string; line: number }[]) => headings.map(({ depth, text, line }) => ({ depth, text, line }));

const WORDS = ['memory', 'ledger', 'a_b', 'x__y', '2026', 'v1.2', 'café', '😀', 'ok!', 'a|b', '~tilde', '(see)', 'x:y', "it's", '"q"', '/p', '%', '#tag', 'a#', '\u00a0'];
// Inline fragments, most of which the scanner must give up on.
const MARKUP = [
  '\\_raw\\_',
  '\\*',
  '\\a',
  '\\`x`',
  '&amp;',
  '&copy;',
  '&bogus;',
  '&#65;',
  '&#x1F600;',
  '&#0;',
  '&#10;',
  '&NewLine;',
  '&#xD800;',
  'a & b',
  '&;',
  '&#;',
  '&amp',
  '*em*',
  '**strong**',
  '(*p*)',
  '*a*.',
  '[the docs](https://example.com/a-b?x=1#y)',
  '[a](b)',
  'x[a](b)',
  '*a* *b*',
  '**a `c` b**',
];
const RISKY = [
  '*a',
  'a*',
  '***a***',
  '**a*',
  '*a**',
  '* a*',
  '*a *',
  'a*b*c',
  '[a]',
  '[a] (b)',
  '[a](b c)',
  '[a](<b>)',
  '[ a](b)',
  '[*a*](b)',
  '[a](b)c',
  '[a](b',
  '![a](b)',
  '[a]: b',
  '"]"',
  '*em*',
  '_em_',
  '**b**',
  '`code`',
  '`a b`',
  '` x `',
  '``',
  '`x',
  '[l](u)',
  '![i](s)',
  '<a>',
  '<http://x>',
  '&amp;',
  '&#65;',
  '\\*',
  'a\\',
  '_x',
  'x_',
  '__',
  '*',
  '  ',
  '\t',
  'a  ',
  '#',
  ' #',
  '# ',
  '##',
];

const inline = fc
  .array(fc.oneof({ weight: 12, arbitrary: fc.constantFrom(...WORDS) }, { weight: 2, arbitrary: fc.constantFrom(...MARKUP) }, { weight: 1, arbitrary: fc.constantFrom(...RISKY) }), {
    minLength: 0,
    maxLength: 6,
  })
  .map((ws) => ws.join(' '));

const PREFIXES = ['', '', '', '# ', '## ', '###### ', '####### ', '#', '- ', '* ', '+ ', '1. ', '2. ', '1) ', '10. ', '  ', '    ', '   - ', '> ', '>', '-', '1.', '[x]: ', '<div>', '<!-- ', '\t'];
const WHOLE = ['', '', '', '```', '```ts', '~~~', '````', '   ```', '``` x`y', '---', '***', '___', '* * *', '===', '--', '- - -', '+++', '<div>', '</div>', '  ', '#', '1.', '-', '\\# x', '```  '];

const SAFE_PREFIXES = ['', '# ', '## ', '- ', '1. ', '2. ', '  - ', '  * ', '> '];
const SAFE_WHOLE = ['', '```', '```ts', '~~~', '---', '***', '===', '-', '=', '<!-- c -->', '<!---->', '<!-->', '<!-- a --> b', '<!-- a', '<!--x-->'];
// HTML block openers: of the kind that ends at a blank line (any case, closing, self-closing,
// with attributes) and look-alikes of other kinds or none (raw, inline tags, bad names).
const HTML_LINES = [
  '<details>',
  '</details>',
  '<summary>More</summary>',
  '<div class="x">',
  '<DIV>',
  '<Table',
  '</p >',
  '<hr/>',
  '<hr/ >',
  '<h1>Not a heading</h1>',
  '<li>- item',
  '<div/x>',
  '<divx>',
  '<br>',
  '<span>',
  '<pre>',
  '</pre>',
  '<1div>',
  '<div-x>',
  '<custom-tag>',
  '< div>',
  '<div\\>',
  '<!DOCTYPE html>',
  '<?php',
  '<![CDATA[',
];
const line = fc.oneof(
  { weight: 8, arbitrary: fc.tuple(fc.constantFrom(...SAFE_PREFIXES), inline).map(([p, t]) => p + t) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...PREFIXES), inline).map(([p, t]) => p + t) },
  { weight: 3, arbitrary: fc.constantFrom(...SAFE_WHOLE) },
  { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...HTML_LINES), fc.constantFrom('', '', ' x', '# y', ' ')).map(([h, t]) => h + t) },
  { weight: 1, arbitrary: fc.constantFrom(...WHOLE) },
);

const markdown = fc.tuple(fc.array(line, { maxLength: 14 }), fc.constantFrom('', '\n', '\r\n')).map(([ls, end]) => ls.join('\n') + end);

// A plain body: what memory docs are mostly made of; the scanner must claim all of these.
const plainLine = fc.constantFrom('memory ledger', 'a_b and `code` here', 'v1.2 café 😀', "it's (see) /p", 'See **this** and [the docs](https://example.com/7) for *why*.');
const plainBody = fc
  .array(
    fc.oneof(
      plainLine.map((t) => `# ${t}`),
      plainLine.map((t) => `### ${t} ##`),
      plainLine,
      plainLine.map((t) => `- ${t}`),
      plainLine.map((t) => `- ${t}\n  - ${t}`),
      plainLine.map((t) => `1. ${t}`),
      fc.constant('```ts\n# not a heading\n  const x = `y`;\n\n```'),
      fc.constant('\n---'),
      fc.constant(''),
      // HTML blocks that end at a blank line: after a blank line, interrupting a paragraph or a
      // list item, holding what would be headings, lists and fences outside HTML.
      fc.constant('\n<details>\n<summary>More</summary>\n\nmemory ledger\n\n</details>\n'),
      plainLine.map((t) => `${t}\n<div class="note">\n# not a heading\n${t}\n  - x\n\`\`\`\n</div>\n`),
      plainLine.map((t) => `- ${t}\n<table>\n  <tr><td>${t}</td></tr>\n</table>\n`),
      plainLine.map((t) => `\n<hr/>\n${t}\n===\n`),
    ),
    { maxLength: 12 },
  )
  .map((ls) => ['', ...ls, ''].join('\n'));

describe('fastOutline', () => {
  it('equals micromark on every body it claims (generated Markdown)', () => {
    fc.assert(
      fc.property(markdown, fc.nat(50), (md, lineOffset) => {
        const fast = fastOutline(md, lineOffset);
        if (fast === undefined) return;
        expect(fast).toEqual(reference(md, lineOffset));
      }),
      { numRuns: Number(process.env.FAST_RUNS ?? 3000) },
    );
  });

  it('claims a good share of the generated bodies (the comparison above is not vacuous)', () => {
    const claimed = fc.sample(markdown, { numRuns: 2000, seed: 1 }).filter((md) => fastOutline(md) !== undefined && md.trim() !== '');
    expect(claimed.length).toBeGreaterThan(150);
    expect(claimed.some((md) => /^#{1,6} \S/m.test(md))).toBe(true);
    for (const markup of ['**', '](', '\n  - ', '`', '<details>', '</p >']) expect(claimed.some((md) => md.includes(markup))).toBe(true);
  });

  it('claims plain bodies and equals micromark on them', () => {
    fc.assert(
      fc.property(plainBody, (md) => {
        const fast = fastOutline(md);
        expect(fast).toBeDefined();
        expect(fast).toEqual(reference(md));
      }),
      { numRuns: 500 },
    );
  });

  it('gives up on constructs it cannot be sure about', () => {
    const unsure = [
      'a\nb\n=====\n',
      '- a\n---\n',
      '> a\n===\n',
      '> # quoted\n',
      '> > nested\n',
      '>quote\n',
      '    # indented code\n',
      '<br>\n# x\n</br>\n',
      '<pre>\n# x\n</pre>\n',
      '<div>\n  \n# x\n',
      '- item\n  # nested heading\n',
      '[ref]: /url\n',
      '# a *b *\n',
      '# a **b*\n',
      '- a\n\n  - b\n',
      'a\\\nb\n',
      '#\tx\n',
      'line  \nbreak\n',
      '```\ncode\n  ```\n',
      'para\n2. not a list\n',
      'a\r\n',
    ];
    for (const md of unsure) expect(fastOutline(md), md).toBeUndefined();
  });

  it('knows every tag name that opens an HTML block ending at a blank line, and no other', () => {
    // micromark's own list (a dependency of micromark) is the reference.
    for (const name of htmlBlockNames) {
      for (const md of [`<${name}>\n# not a heading\n\n# heading\n`, `text\n</${name.toUpperCase()}\n# x\n`, `<${name}/>\n\nafter\n`]) {
        expect(fastOutline(md), md).toEqual(reference(md));
      }
    }
    for (const name of [...htmlRawNames, 'span', 'a', 'br', 'img', 'source', 'custom-div']) expect(fastOutline(`<${name}>\n# x\n`), name).toBeUndefined();
  });

  it('markdownOutline gives what micromark gives whichever path it takes, and runs micromark only when the fast path gives up (generated Markdown)', () => {
    fc.assert(
      fc.property(markdown, fc.nat(50), (md, lineOffset) => {
        const stats = createParseStats();
        const out = markdownOutline(md, lineOffset, undefined, stats);
        const ref = reference(md, lineOffset);
        expect(out).toEqual({ headings: withoutOffsets(ref.headings), text: ref.text, problems: [] });
        expect(stats.markdownParses).toBe(fastOutline(md, lineOffset) === undefined ? 1 : 0);
      }),
      { numRuns: 1000 },
    );
  });

  it('is what markdownOutline returns for a plain body', () => {
    const md = '# Title\n\nText with `code` and snake_case.\n\n- one\n- two\n\n```\n# no\n```\n## Sub #\n';
    const out = markdownOutline(md, 4);
    expect(out.headings).toEqual([
      { depth: 1, text: 'Title', line: 5 },
      { depth: 2, text: 'Sub', line: 15 },
    ]);
    expect(out.text).toBe(reference(md).text);
  });
});

// Regression: a memory doc whose body holds an HTML block (`<details>`, `<div>`, a table) was
// handed to micromark whole, at about the cost of the fast path for a hundred plain docs. An
// HTML block that ends at a blank line is now read by the fast scanner, with micromark's result.
const body = [
  '# Title',
  '',
  'Some text before the block.',
  '<details>',
  '<summary>More</summary>',
  '# not a heading inside HTML',
  '',
  'Text between the blocks.',
  '',
  '</details>',
  '',
  '<TABLE class="x">',
  '  <tr><td>cell</td></tr>',
  '</TABLE>',
  '',
  '## After',
  '',
].join('\n');
const text = `---\nid: fact.html\n---\n${body}`;

describe('a body holding HTML blocks is read by the fast scanner, not handed to micromark whole', () => {
  it('reads a body with HTML blocks without micromark, with the headings and text micromark gives', () => {
    const stats = createParseStats();
    const parsed = parseFrontmatter(text, { stats });
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const micromark = reference(body, parsed.value.bodyLine - 1);
    expect(parsed.value.headings()).toEqual(withoutOffsets(micromark.headings));
    expect(parsed.value.headings().map((h) => h.text)).toEqual(['Title', 'After']);
    expect(parsed.value.bodyText()).toBe(micromark.text);
    expect(stats.markdownParses).toBe(0);
  });
});
