/**
 * RFC 6901 JSON Pointer helpers.
 * @example toPointer(['tasks', 0, 'a/b']) // '/tasks/0/a~1b'
 */
export function toPointer(path: readonly (string | number)[]): string {
  let out = '';
  // Each reference token escaped: `~` → `~0`, `/` → `~1`.
  for (const part of path) out += '/' + String(part).replace(/~/g, '~0').replace(/\//g, '~1');
  return out;
}

/** Splits a JSON Pointer into its unescaped tokens; `undefined` when malformed. */
export function parsePointer(pointer: string): string[] | undefined {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) return undefined;
  const tokens = pointer.slice(1).split('/');
  for (const t of tokens) if (/~(?![01])/.test(t)) return undefined;
  return tokens.map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** Appends tokens to a pointer. */
export function joinPointer(base: string, ...parts: (string | number)[]): string {
  return base + toPointer(parts);
}

/** Reads the value a pointer names, or `undefined` when it does not exist. */
export function getAtPointer(value: unknown, pointer: string): unknown {
  const tokens = parsePointer(pointer);
  if (tokens === undefined) return undefined;
  let cur: unknown = value;
  for (const t of tokens) {
    if (Array.isArray(cur)) {
      if (!/^(0|[1-9][0-9]*)$/.test(t)) return undefined;
      cur = cur[Number(t)];
    } else if (cur !== null && typeof cur === 'object' && Object.hasOwn(cur, t)) {
      cur = (cur as Record<string, unknown>)[t];
    } else {
      return undefined;
    }
  }
  return cur;
}
