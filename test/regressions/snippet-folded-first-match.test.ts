// Found by the snippet property test: a non-ASCII word that folds to a query term only
// without its diacritics (`İstanbul` → `istanbul`) was skipped when an ASCII-searchable
// match came later, and long words before the first match shifted the window.
import { describe, expect, it } from 'vitest';
import { makeSnippet } from '../../src/store/snippet.js';

describe('regression: snippets start at the first folded match', () => {
  it('does not skip a match that only folding finds', () => {
    expect(makeSnippet('İstanbul alpha a, straße, alpha\n\nǅemal ', new Set(['istanbul', 'ǆemal']), { words: 1 })).toBe('«İstanbul»…');
  });

  it('keeps a quarter of the window before a match that follows long words', () => {
    const long = 'abcdefghijabcdefghijabcdefghijabcdefghij';
    const text = `${Array.from({ length: 30 }, (_, i) => long + i).join(' ')} gamma ${'tail '.repeat(50)}`;
    const words = makeSnippet(text, new Set(['gamma']), { words: 40, ellipsis: '' }).split(' ');
    expect(words.slice(0, 11)).toEqual([...Array.from({ length: 10 }, (_, i) => long + (20 + i)), '«gamma»']);
  });
});
