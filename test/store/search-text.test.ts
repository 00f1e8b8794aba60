import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bm25Idf, bm25Score } from '../../src/services/store/bm25.js';
import { makeSnippet } from '../../src/services/store/snippet.js';
import { foldTerm, queryTerms, quoteTerms, tokenize } from '../../src/services/store/tokenize.js';

describe('tokenize and quote', () => {
  it('splits on punctuation and folds case and Latin diacritics like unicode61', () => {
    expect(tokenize('Héllo, WORLD! x_y 42').map((t) => t.term)).toEqual(['hello', 'world', 'x', 'y', '42']);
    expect(foldTerm('Crème')).toBe('creme');
  });

  it('quotes every word so no query word is an operator', () => {
    expect(quoteTerms(queryTerms('fix AND "NEAR" tests tests'))).toBe('"fix" "AND" "NEAR" "tests"');
    expect(quoteTerms(queryTerms('a b'), 'any')).toBe('"a" OR "b"');
    expect(quoteTerms(queryTerms('*** ((( "'))).toBe('');
  });

  it('produces quoted words only, for any input (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        for (const t of queryTerms(s)) expect(t.text).toMatch(/^[\p{L}\p{N}\p{M}\p{Co}]+$/u);
      }),
      { numRuns: 50 },
    );
  });
});

describe('makeSnippet', () => {
  const text = Array.from({ length: 100 }, (_, i) => `w${i}`).join(' ');

  it('marks matched words and cuts a window around the first match', () => {
    expect(makeSnippet('Run the tests with vitest', new Set(['tests']))).toBe('Run the «tests» with vitest');
    const s = makeSnippet(text, new Set(['w50']), { words: 8 });
    expect(s).toBe('…w48 w49 «w50» w51 w52 w53 w54 w55…');
    expect(makeSnippet(text, new Set(['w99']), { words: 4 })).toBe('…w96 w97 w98 «w99»');
    expect(makeSnippet(text, new Set(['nope']), { words: 3 })).toBe('w0 w1 w2…');
    expect(makeSnippet('a  \n\n b', new Set(['b']), { markers: ['[', ']'] })).toBe('a [b]');
    expect(makeSnippet('', new Set(['x']))).toBe('');
  });

  // The plain definition: tokenize everything, window of `size` words starting `size/4` before the first match.
  function referenceSnippet(text: string, matched: ReadonlySet<string>, size: number): string {
    const all = tokenize(text);
    const first = all.findIndex((t) => matched.has(t.term));
    let ws = first === -1 ? 0 : Math.max(0, first - Math.floor(size / 4));
    const we = Math.min(all.length, ws + size);
    if (first !== -1) ws = Math.max(0, Math.min(ws, we - size));
    const win = all.slice(ws, we);
    let out = ws > 0 ? '…' : '';
    win.forEach((t, i) => {
      if (i > 0) out += text.slice(win[i - 1]!.end, t.start).replace(/\s+/g, ' ');
      out += matched.has(t.term) ? `«${t.text}»` : t.text;
    });
    return win.length === 0 ? '' : out + (we < all.length ? '…' : '');
  }

  it('equals the plain definition on any text (property)', () => {
    const word = fc.oneof(
      fc.constantFrom('alpha', 'Beta', 'GAMMA', 'café', 'Cafe', 'CAFÉ', 'naïve', 'ǅemal', 'İstanbul', 'straße', 'x1', '42', '日本', '\u212Aelvin', 'kelvin', '\u017Ftest', 'stest'),
      fc.stringMatching(/^[a-z]{1,9}$/),
      fc.stringMatching(/^[a-z]{20,60}$/),
    );
    const gap = fc.constantFrom(' ', '  ', '\n', '\n\n', ', ', ' - ', '\t', '. ', ' (', ') ', '_', '—', 'é', '9');
    const words = (w: fc.Arbitrary<string>, maxLength: number) => fc.array(fc.tuple(w, gap), { maxLength }).map((ps) => ps.map(([x, g]) => x + g).join(''));
    // A run of long words first puts the first match far from the top in few words.
    const textArb = fc.tuple(fc.oneof(fc.constant(''), words(fc.stringMatching(/^[a-z]{20,60}$/), 40)), fc.constantFrom('', 'alpha ', 'Café '), words(word, 400)).map(([a, m, b]) => a + m + b);
    const terms = fc.uniqueArray(fc.constantFrom('alpha', 'beta', 'gamma', 'cafe', 'naive', 'istanbul', 'x1', '42', 'nope', 'ǆemal', '日本', 'kelvin', 'stest', '\u017Ftest'), {
      minLength: 1,
      maxLength: 3,
    });
    fc.assert(
      fc.property(textArb, terms, fc.integer({ min: 1, max: 40 }), (text, ts, size) => {
        const matched = new Set(ts);
        expect(makeSnippet(text, matched, { words: size })).toBe(referenceSnippet(text, matched, size));
      }),
      { numRuns: 1000 },
    );
  });

  it('keeps the text between markers (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('alpha', 'beta', 'gamma', 'delta'), { maxLength: 60 }), fc.integer({ min: 1, max: 30 }), (ws, size) => {
        const s = makeSnippet(ws.join(' '), new Set(['gamma']), { words: size, ellipsis: '' });
        const plain = s.replace(/[«»]/g, '');
        expect(ws.join(' ')).toContain(plain);
        expect(plain.split(' ').filter(Boolean).length).toBe(Math.min(size, ws.length));
        if (ws.includes('gamma')) expect(s).toContain('«gamma»');
      }),
      { numRuns: 200 },
    );
  });
});

describe('bm25', () => {
  it('uses FTS5 parameters and clamps a non-positive IDF to 1e-6', () => {
    expect(bm25Idf(10, 9)).toBe(1e-6);
    expect(bm25Idf(100, 1)).toBeCloseTo(Math.log(99.5 / 1.5), 12);
    const s = bm25Score([2], [1], 10, 10);
    expect(s).toBeCloseTo(-(2 * 2.2) / (2 + 1.2), 12);
    expect(bm25Score([0, 0], [1, 1], 5, 5)).toBe(-0);
  });
});

// Found by the snippet property test: a non-ASCII word that folds to a query term only
// without its diacritics (`İstanbul` → `istanbul`) was skipped when an ASCII-searchable
// match came later, and long words before the first match shifted the window.
describe('snippets start at the first folded match, not a later ASCII one', () => {
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
