// Found while fixing the nested-Markdown hangs: a body of many setext
// headings (`text` over `===`) also made micromark quadratic (50 KB took
// 14 s). The pre-scan counts setext underlines in its work estimate, so such
// a body gets `markdown.too-complex` and the linear ATX scan.
import { describe } from 'vitest';
import { hostileRecapTests } from './hostile-recap.js';

describe('regression: Markdown setext underlines', () => {
  describe('`a` over `===`, repeated', () => hostileRecapTests('markdown.too-complex', (size) => 'a\n===\n'.repeat(size / 6)));
  describe('`a` over `---`, repeated', () => hostileRecapTests('markdown.too-complex', (size) => 'a\n---\n'.repeat(size / 6)));
});
