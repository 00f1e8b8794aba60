import { type Problem, error } from '../kernel/problems/index.js';

/**
 * The deepest nesting of objects and arrays in `value` (0 for a scalar, 1 for `{}`), without
 * recursion; a shared object is measured once, and a cycle ends the path that closes it.
 *
 * @example valueDepth({ a: [[1]] }) // 3
 */
export function valueDepth(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  interface Frame {
    node: object;
    children: unknown[];
    next: number;
    deepest: number;
  }
  const known = new Map<object, number>();
  const open = new Set<object>();
  const enter = (node: object): Frame => {
    open.add(node);
    return { node, children: Array.isArray(node) ? node : Object.values(node), next: 0, deepest: 0 };
  };
  const stack: Frame[] = [enter(value)];
  let depth = 0;
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    if (top.next < top.children.length) {
      const child = top.children[top.next++];
      if (child === null || typeof child !== 'object' || open.has(child)) continue;
      const measured = known.get(child);
      if (measured === undefined) stack.push(enter(child));
      else if (measured > top.deepest) top.deepest = measured;
      continue;
    }
    stack.pop();
    open.delete(top.node);
    const own = top.deepest + 1;
    known.set(top.node, own);
    const parent = stack[stack.length - 1];
    if (parent === undefined) depth = own;
    else if (own > parent.deepest) parent.deepest = own;
  }
  return depth;
}

/** What {@link textDepth} found: the deepest bracket nesting and the offset of the bracket that reached it. */
export interface TextDepth {
  depth: number;
  /** Offset (UTF-16 code units) of the `[` or `{` that opened the deepest level; 0 when there is none. */
  offset: number;
}

/**
 * The deepest nesting of `[` and `{` in JSON or YAML flow text, not counting brackets in strings
 * (and YAML comments), in one scan: the depth of text a parser could not follow.
 *
 * @example textDepth('{"a":[[1]]}') // { depth: 3, offset: 6 }
 */
export function textDepth(text: string, syntax: 'json' | 'yaml' = 'json'): TextDepth {
  const yaml = syntax === 'yaml';
  let depth = 0;
  let deepest = 0;
  let offset = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x5b || c === 0x7b) {
      if (++depth > deepest) {
        deepest = depth;
        offset = i;
      }
    } else if (c === 0x5d || c === 0x7d) {
      if (depth > 0) depth--;
    } else if (c === 0x22) {
      // A double-quoted string: skip to its closing quote, past escapes.
      for (i++; i < text.length; i++) {
        const s = text.charCodeAt(i);
        if (s === 0x5c) i++;
        else if (s === 0x22) break;
      }
    } else if (yaml && c === 0x27) {
      // Single-quoted YAML: `''` is an escaped quote, which the loop reads as closing and reopening.
      const end = text.indexOf("'", i + 1);
      i = end === -1 ? text.length : end;
    } else if (yaml && c === 0x23 && (i === 0 || /\s/.test(text[i - 1]!))) {
      const end = text.indexOf('\n', i);
      i = end === -1 ? text.length : end;
    }
  }
  return { depth: deepest, offset };
}

/**
 * The one `input.too-deep` problem: `what` nests `depth` levels (`undefined`: not measured)
 * against `limit` (`undefined`: the call stack).
 *
 * @example tooDeep('the YAML', 100, 64) // message: "the YAML nests 100 levels deep; the limit is 64 levels"
 */
export function tooDeep(what: string, depth: number | undefined, limit: number | undefined, where: Omit<Problem, 'code' | 'severity' | 'message'> = {}): Problem {
  const message =
    depth === undefined
      ? `${what} nests deeper than ${limit === undefined ? 'memkit can follow' : `the limit of ${limit} levels`}`
      : limit === undefined
        ? `${what} nests ${depth} levels deep, deeper than memkit can follow (memory formats need a few levels)`
        : `${what} nests ${depth} levels deep; the limit is ${limit} levels`;
  return error('input.too-deep', message, where);
}
