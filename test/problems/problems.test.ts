import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LineIndex, MemkitError, getAtPointer, parsePointer, toPointer, unwrap } from '../../src/kernel/problems/index.js';

describe('JSON Pointer', () => {
  it('escapes ~ and / and round-trips any tokens', () => {
    expect(toPointer(['a/b', 'c~d', 0])).toBe('/a~1b/c~0d/0');
    fc.assert(
      fc.property(fc.array(fc.string()), (tokens) => {
        expect(parsePointer(toPointer(tokens))).toEqual(tokens);
      }),
    );
  });

  it('rejects malformed pointers and resolves good ones', () => {
    expect(parsePointer('a')).toBeUndefined();
    expect(parsePointer('/~2')).toBeUndefined();
    const doc = { tasks: [{ id: '1' }], 'a/b': 1 };
    expect(getAtPointer(doc, '/tasks/0/id')).toBe('1');
    expect(getAtPointer(doc, '/a~1b')).toBe(1);
    expect(getAtPointer(doc, '/tasks/01')).toBeUndefined();
    expect(getAtPointer(doc, '/__proto__')).toBeUndefined();
  });
});

describe('LineIndex', () => {
  it('maps offsets to 1-based lines and columns, CRLF included', () => {
    const text = 'ab\r\ncd\n\nef';
    const index = new LineIndex(text);
    expect(index.position(0)).toEqual({ line: 1, column: 1 });
    expect(index.position(4)).toEqual({ line: 2, column: 1 });
    expect(index.position(8)).toEqual({ line: 4, column: 1 });
    expect(index.position(999)).toEqual({ line: 4, column: 3 });
  });

  it('agrees with counting newlines', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', '\n', '\r', 'b') }), fc.nat(), (text, n) => {
        const offset = text.length === 0 ? 0 : n % text.length;
        const before = text.slice(0, offset);
        const line = before.split('\n').length;
        const column = offset - (before.lastIndexOf('\n') + 1) + 1;
        expect(new LineIndex(text).position(offset)).toEqual({ line, column });
      }),
    );
  });
});

describe('MemkitError', () => {
  it('carries the problems and summarizes the first', () => {
    const err = new MemkitError([{ code: 'x.y', severity: 'error', message: 'bad', file: 'f', line: 3 }]);
    expect(err.problems).toHaveLength(1);
    expect(err.message).toBe('x.y: bad at f:3');
    expect(() => unwrap({ ok: false, problems: [...err.problems] })).toThrow(MemkitError);
    expect(unwrap({ ok: true, value: 5 })).toBe(5);
  });
});
