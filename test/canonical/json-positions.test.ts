import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readJson } from '../../src/kernel/canonical/read-json.js';
import { parseJson } from '../../src/syntax/json.js';
import { LineIndex, toPointer } from '../../src/kernel/problems/index.js';

/** The position of `pointer` from the positions the parse of `text` kept. */
const locatePointer = (text: string, pointer: string) => readJson(text, { positions: true }).positions?.locate(pointer);

function pointers(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  const out = [path];
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...pointers(v, [...path, i])));
  else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) out.push(...pointers(v, [...path, k]));
  return out;
}

function get(value: unknown, path: (string | number)[]): unknown {
  return path.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)[k], value);
}

describe('readJson positions', () => {
  it('finds the line and column of nested values', () => {
    const text = '{\n  "a": [1,\n    {"b": "x"}],\n  "c": null\n}';
    expect(locatePointer(text, '/a/1/b')).toEqual({ line: 3, column: 11 });
    expect(locatePointer(text, '/c')).toEqual({ line: 4, column: 8 });
    expect(locatePointer(text, '')).toEqual({ line: 1, column: 1 });
  });

  it('falls back to the deepest existing ancestor for a missing member', () => {
    const text = '{\n  "tasks": [\n    {"id": "1"}\n  ]\n}';
    expect(locatePointer(text, '/tasks/0/status')).toEqual({ line: 3, column: 5 });
    expect(locatePointer(text, '/nope')).toEqual({ line: 1, column: 1 });
  });

  it('returns undefined for a malformed pointer and never throws on bad JSON', () => {
    expect(locatePointer('{}', 'no-slash')).toBeUndefined();
    expect(() => locatePointer('{"a": [1, 2', '/a/5')).not.toThrow();
    expect(() => locatePointer('[[[[[[[[[[', '/0/0/0/0/0/0/0/0/0')).not.toThrow();
    // A text that does not parse has no positions: its problems carry their own.
    expect(readJson('{"a": [1, 2', { positions: true })).toMatchObject({ ok: false, problems: [{ code: 'input.not-json', line: 1 }] });
    expect(readJson('{"a": [1, 2', { positions: true }).positions).toBeUndefined();
  });

  it('is kept only when asked for', () => {
    expect(readJson('{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(readJson('{"a":1}', { positions: true }).positions?.offset('/a')).toBe(5);
  });

  it('names the value JSON.parse keeps, whatever the escapes, empty containers and nesting before it', () => {
    const text = '{"a":{},"b":[],"c":[[],{}, [ 1 ,2 ]],"d\\u0061":true, "e" : "x\\"}"}';
    const at = readJson(text, { positions: true }).positions!;
    expect(text.slice(at.offset('/c/2')!)).toMatch(/^\[ 1 ,2 \]/);
    expect(text.slice(at.offset('/c/2/1')!)).toMatch(/^2 \]/);
    expect(text.slice(at.offset('/da')!)).toMatch(/^true/);
    expect(text.slice(at.offset('/e')!)).toMatch(/^"x/);
    expect(at.offset('/b/0')).toBe(at.offset('/b'));
  });

  it('is in the text after a BOM, as parseJson reads it', () => {
    expect(parseJson('\ufeff{\n"a": 1}', { positions: true }).positions?.locate('/a')).toEqual({ line: 2, column: 6 });
  });

  it('points at the start of every value of any JSON document, compact or pretty', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), fc.constantFrom(undefined, 2, '\t', '\r\n '), (value, gap) => {
        const text = JSON.stringify(value, null, gap);
        const lines = new LineIndex(text);
        const read = readJson(text, { positions: true });
        expect(read.ok).toBe(true);
        const positions = read.positions!;
        for (const path of pointers(value)) {
          const at = positions.locate(toPointer(path));
          expect(at).toBeDefined();
          const offset = lines.lineStart(at!.line) + at!.column - 1;
          const expected = JSON.stringify(get(value, path));
          // The value's compact form must parse from the located offset.
          const rest = text.slice(offset);
          expect(JSON.stringify(JSON.parse(extractValue(rest)))).toBe(expected);
        }
      }),
      { numRuns: 150 },
    );
  });
});

// The JSON value text at the start of `s` (balanced brackets, strings respected).
function extractValue(s: string): string {
  let depth = 0;
  let inStr = false;
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (inStr) {
      if (c === '\\') i++;
      else if (c === '"') {
        inStr = false;
        if (depth === 0) return s.slice(0, i + 1);
      }
      continue;
    }
    if (c === '"') inStr = true;
    else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') {
      depth--;
      if (depth === 0) return s.slice(0, i + 1);
      if (depth < 0) return s.slice(0, i);
    } else if (depth === 0 && /[\s,]/.test(c)) return s.slice(0, i);
  }
  return s;
}
