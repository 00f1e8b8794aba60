import { describe, expect, it } from 'vitest';
import { findIdCollisions, idCollisionProblem, lookalikeKey, nfcId, visibleId } from '../../src/syntax/id-spelling.js';

const NFC = 'caf\u00e9';
const NFD = 'cafe\u0301';

describe('the id-spelling rule', () => {
  it('finds NFC and NFD spellings of one id', () => {
    expect(nfcId(NFD)).toBe(NFC);
    expect(findIdCollisions([NFC, 'other', NFD])).toEqual([{ kind: 'unicode', index: 2, first: 0 }]);
  });

  it('finds look-alikes: case, full-width forms, invisible characters, Cyrillic and Greek twins', () => {
    expect(lookalikeKey('Ｔask\u200b-1')).toBe('task-1');
    expect(lookalikeKey('t\u0430sk-1')).toBe('task-1');
    expect(lookalikeKey('ταsk-1')).toBe('task-1');
    const ids = ['task-1', 'Task-1', 'ｔａｓｋ-1', 'ta\u200bsk-1', 't\u0430sk-1', 'task-2'];
    expect(findIdCollisions(ids)).toEqual([1, 2, 3, 4].map((index) => ({ kind: 'lookalike', index, first: 0 })));
  });

  it('leaves ids equal as strings to the duplicate checks, and distinct plain ids alone', () => {
    expect(findIdCollisions(['a', 'a', 'b', undefined, 'c'])).toEqual([]);
    expect(findIdCollisions([NFD, NFD])).toEqual([]);
  });

  it('shows the two spellings apart in the message', () => {
    expect(visibleId(NFD)).toBe('"cafe\\u0301"');
    const p = idCollisionProblem({ kind: 'unicode', index: 1, first: 0 }, 'thread id', NFD, NFC, '/threads/caf\u00e9', { pointer: '/threads/x' });
    expect(p).toMatchObject({ code: 'id.unicode-collision', severity: 'warning', pointer: '/threads/x' });
    expect(p.message).toContain('"cafe\\u0301" is "caf\\u00e9"');
    expect(idCollisionProblem({ kind: 'lookalike', index: 1, first: 0 }, 'WBS id', 'A', 'a', 'x', {}).code).toBe('id.lookalike');
  });
});
