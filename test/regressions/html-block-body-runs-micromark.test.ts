// Regression: a memory doc whose body holds an HTML block (`<details>`, `<div>`, a table) was
// handed to micromark whole, at about the cost of the fast path for a hundred plain docs. An
// HTML block that ends at a blank line is now read by the fast scanner, with micromark's result.
import { describe, expect, it } from 'vitest';
import { createParseStats, parseFrontmatter } from '../../src/parse/index.js';
import { headingsFromEvents, markdownEvents, textFromEvents } from '../../src/parse/markdown.js';

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

describe('html-block-body-runs-micromark', () => {
  it('reads a body with HTML blocks without micromark, with the headings and text micromark gives', () => {
    const stats = createParseStats();
    const parsed = parseFrontmatter(text, { stats });
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const events = markdownEvents(body);
    expect(parsed.value.headings()).toEqual(headingsFromEvents(events, parsed.value.bodyLine - 1));
    expect(parsed.value.headings().map((h) => h.text)).toEqual(['Title', 'After']);
    expect(parsed.value.bodyText()).toBe(textFromEvents(events));
    expect(stats.markdownParses).toBe(0);
  });
});
