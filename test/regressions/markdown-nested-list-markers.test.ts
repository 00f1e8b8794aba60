// Reported: a recap holding 100–200 KB of list markers (`- - - …`) ran past
// 60 s, because micromark's work grows with the square of the nesting. A
// linear pre-scan now skips micromark for such a body.
import { describe } from 'vitest';
import { hostileRecapTests } from './hostile-recap.js';

describe('regression: Markdown nested list markers', () => {
  describe('one line of `- ` markers', () => hostileRecapTests('markdown.too-deep', (size) => `${'- '.repeat(size / 2)}item`));
  describe('one line of `* ` markers', () => hostileRecapTests('markdown.too-deep', (size) => `${'* '.repeat(size / 2)}item`));
  describe('one line of `1. ` markers', () => hostileRecapTests('markdown.too-deep', (size) => `${'1. '.repeat(size / 3)}item`));
  // Each lazy line made micromark rescan the item's paragraph: 50 KB took 24 s.
  describe('one list item then lazy continuation lines', () => hostileRecapTests('markdown.too-complex', (size) => `- item\n${'lazy\n'.repeat(size / 5)}`));
  describe('many lines of 30 markers each', () => hostileRecapTests('markdown.too-complex', (size) => `${'- '.repeat(30)}item\n`.repeat(Math.ceil(size / 65))));
});
