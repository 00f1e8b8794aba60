import { LineIndex, type Position, parsePointer } from '../problems/index.js';

/**
 * Finds where the value at a JSON Pointer starts in JSON text, so problems
 * about structured data still get a `file:line` an editor can jump to.
 * Returns the deepest existing ancestor's position when the pointer names
 * something missing (e.g. a required property), and `undefined` when the
 * text does not scan as JSON.
 * @example
 * locatePointer('{\n "a": [1,\n 2]}', '/a/1') // { line: 3, column: 2 }
 */
export function locatePointer(text: string, pointer: string, lines: LineIndex = new LineIndex(text)): Position | undefined {
  const tokens = parsePointer(pointer);
  if (tokens === undefined) return undefined;
  const offset = findOffset(text, tokens);
  return offset === undefined ? undefined : lines.position(offset);
}

function findOffset(text: string, tokens: string[]): number | undefined {
  let i = 0;
  const n = text.length;
  const ws = () => {
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 32 || c === 9 || c === 10 || c === 13 || c === 0xfeff) i++;
      else break;
    }
  };
  const str = (): string | undefined => {
    if (text[i] !== '"') return undefined;
    const start = i;
    i++;
    while (i < n && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    i++;
    try {
      return JSON.parse(text.slice(start, i)) as string;
    } catch {
      return undefined;
    }
  };
  // Skips one value without recursion (depth-safe on hostile input).
  const skip = (): boolean => {
    let depth = 0;
    do {
      ws();
      const c = text[i];
      if (c === '{' || c === '[') {
        depth++;
        i++;
      } else if (c === '}' || c === ']') {
        depth--;
        i++;
      } else if (c === '"') {
        if (str() === undefined) return false;
      } else if (c === ',' || c === ':') i++;
      else if (c === undefined) return false;
      else {
        while (i < n && !/[\s,\]}]/.test(text[i]!)) i++;
      }
      ws();
      while (depth > 0 && (text[i] === ',' || text[i] === ':')) {
        i++;
        ws();
      }
    } while (depth > 0);
    return true;
  };
  ws();
  let best = i;
  for (const token of tokens) {
    ws();
    best = i;
    const open = text[i];
    if (open === '{') {
      i++;
      let found = false;
      for (;;) {
        ws();
        if (text[i] === '}') break;
        const key = str();
        if (key === undefined) return best;
        ws();
        if (text[i] !== ':') return best;
        i++;
        ws();
        if (key === token) {
          found = true;
          break;
        }
        if (!skip()) return best;
        ws();
        if (text[i] === ',') i++;
      }
      if (!found) return best;
    } else if (open === '[') {
      i++;
      const want = /^(0|[1-9][0-9]*)$/.test(token) ? Number(token) : -1;
      if (want < 0) return best;
      let k = 0;
      let found = false;
      for (;;) {
        ws();
        if (text[i] === ']') break;
        if (k === want) {
          found = true;
          break;
        }
        if (!skip()) return best;
        ws();
        if (text[i] === ',') i++;
        k++;
      }
      if (!found) return best;
    } else return best;
  }
  ws();
  return i;
}
