import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bm25Idf, bm25Score, foldTerm, makeSnippet, queryTerms, quoteTerms, tokenize } from '../../src/store/index.js';

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
