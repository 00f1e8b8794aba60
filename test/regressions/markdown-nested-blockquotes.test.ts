// Reported: a recap holding 100–200 KB of nested block quotes (`>>>>…`) ran
// past 60 s, because micromark's work grows with the square of the nesting.
// A linear pre-scan now skips micromark for such a body (`markdown.too-deep`
// for one deep line, `markdown.too-complex` for many moderately deep ones).
import { describe } from 'vitest';
import { hostileRecapTests } from './hostile-recap.js';

describe('regression: Markdown nested block quotes', () => {
  describe('one line of `>` markers', () => hostileRecapTests('markdown.too-deep', (size) => `${'>'.repeat(size)} deep`));
  describe('many lines of 30 `>` markers each', () => hostileRecapTests('markdown.too-complex', (size) => `${'>'.repeat(30)} quote\n`.repeat(Math.ceil(size / 37))));
  // Each lazy line made micromark rescan the quoted paragraph: 50 KB took 12 s.
  describe('one `>` line then lazy continuation lines', () => hostileRecapTests('markdown.too-complex', (size) => `> quote\n${'lazy\n'.repeat(size / 5)}`));
});
