// Reported: updating a memory doc's frontmatter prepended a second `---`
// block when the parser failed to recognise the first one (BOM, CRLF,
// trailing spaces on the delimiter, a body with its own `---` lines).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseFrontmatter, splitFrontmatter, updateFrontmatter } from '../../src/parse/index.js';
import { docVariantArb } from '../parse/generators.js';

function frontmatterBlocks(text: string): number {
  // Count blocks that open at the very top, as a second prepended block would.
  let count = 0;
  let rest = text;
  while (true) {
    const s = splitFrontmatter(rest);
    if (!('bodyStart' in s)) return count;
    count++;
    rest = s.body;
  }
}

describe('regression: a second frontmatter block prepended on update', () => {
  it.each([
    ['BOM', '\ufeff---\nid: a\n---\nbody\n'],
    ['CRLF', '---\r\nid: a\r\n---\r\nbody\r\n'],
    ['BOM + CRLF', '\ufeff---\r\nid: a\r\n---\r\nbody\r\n'],
    ['spaces after delimiters', '---  \nid: a\n---\t\nbody\n'],
    ['body with thematic breaks', '---\nid: a\n---\n# T\n\n---\n\ntext\n---\n'],
    ['empty frontmatter', '---\n---\nbody\n'],
    ['no trailing newline', '---\nid: a\n---'],
  ])('keeps exactly one block (%s)', (_name, text) => {
    const r = updateFrontmatter(text, { id: 'b', extra: [1] });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(frontmatterBlocks(r.value)).toBe(1);
    const doc = parseFrontmatter(r.value);
    expect(doc.ok && doc.value.data).toEqual({ id: 'b', extra: [1] });
    expect(doc.ok && doc.value.body).toBe((parseFrontmatter(text) as { value: { body: string } }).value.body);
  });

  it('refuses instead of prepending when the existing block is broken or unclosed', () => {
    for (const text of ['---\nid: [\n---\nbody\n', '---\nid: a\nbody without a closing line\n', '\ufeff---\nid: a: b\n---\n']) {
      const r = updateFrontmatter(text, { id: 'b' }, { createIfMissing: true });
      expect(r.ok).toBe(false);
    }
  });

  it('never adds a block on repeated updates of generated docs (property)', () => {
    fc.assert(
      fc.property(docVariantArb, fc.array(fc.stringMatching(/^[a-z]{1,5}$/), { minLength: 1, maxLength: 4 }), (v, values) => {
        let text = v.text;
        for (const value of values) {
          const r = updateFrontmatter(text, { id: value }, { createIfMissing: true });
          expect(r.ok).toBe(true);
          if (!r.ok) return;
          text = r.value;
        }
        expect(text.split(/\r?\n/).filter((l) => /^---[ \t]*$/.test(l.replace(/^\ufeff/, ''))).length).toBe(v.text.split(/\r?\n/).filter((l) => /^---[ \t]*$/.test(l.replace(/^\ufeff/, ''))).length);
      }),
      { numRuns: 200 },
    );
  });
});
