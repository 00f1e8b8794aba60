/**
 * RFC 8785 JSON Canonicalization Scheme (JCS).
 *
 * Object keys are sorted by UTF-16 code units, numbers use the ECMAScript
 * shortest round-trip form, strings use JSON escaping. Non-finite numbers,
 * `undefined`, functions, symbols and bigints cannot be canonicalized and
 * make this throw a `TypeError` (callers validate input first).
 *
 * @example canonicalize({ b: 1, a: [true, null] }) // '{"a":[true,null],"b":1}'
 */
export function canonicalize(value: unknown): string {
  const parts: string[] = [];
  write(value, parts);
  return parts.join('');
}

function write(value: unknown, out: string[]): void {
  if (value === null) {
    out.push('null');
    return;
  }
  switch (typeof value) {
    case 'boolean':
      out.push(value ? 'true' : 'false');
      return;
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError('JCS: non-finite number');
      out.push(Object.is(value, -0) ? '0' : JSON.stringify(value));
      return;
    case 'string':
      out.push(JSON.stringify(value));
      return;
    case 'object': {
      if (Array.isArray(value)) {
        out.push('[');
        for (let i = 0; i < value.length; i++) {
          if (i > 0) out.push(',');
          write(value[i] === undefined ? null : value[i], out);
        }
        out.push(']');
        return;
      }
      const obj = value as Record<string, unknown>;
      const keys = Object.keys(obj)
        .filter((k) => obj[k] !== undefined)
        .sort();
      out.push('{');
      for (let i = 0; i < keys.length; i++) {
        const k = keys[i]!;
        if (i > 0) out.push(',');
        out.push(JSON.stringify(k), ':');
        write(obj[k], out);
      }
      out.push('}');
      return;
    }
    default:
      throw new TypeError(`JCS: cannot canonicalize a ${typeof value}`);
  }
}
