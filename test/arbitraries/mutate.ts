// Breaks exactly one constraint of a valid value, guided by the format's JSON Schema,
// and says which Problem (code, pointer) memkit must report for it.
import { joinPointer } from '../../src/kernel/problems/index.js';
import { DATE_TIME_PATTERN, ISO_DATE_TIME_PATTERN } from '../../src/schema/index.js';

export interface Mutation {
  /** What was broken, for failure messages. */
  kind: 'required' | 'enum' | 'pattern' | 'date' | 'const' | 'extra' | 'type';
  pointer: string;
  /** The code memkit must report at `pointer`. */
  code: string;
  apply(value: unknown): unknown;
}

type S = Record<string, any>;

const setAt = (root: unknown, path: string[], f: (parent: any, key: string) => void): unknown => {
  const copy = structuredClone(root) as any;
  let node = copy;
  for (const k of path.slice(0, -1)) node = node[k];
  f(node, path[path.length - 1]!);
  return copy;
};
const replace = (path: string[], to: unknown) => (v: unknown) =>
  setAt(v, path, (p, k) => {
    p[k] = to;
  });

const ptr = (path: string[]) => path.reduce((acc, k) => joinPointer(acc, k), '');

/** Every single-constraint mutation the schema allows on `value`. */
export function mutationsOf(schema: S, value: unknown, path: string[] = []): Mutation[] {
  const out: Mutation[] = [];
  if (Array.isArray(schema.anyOf)) {
    if (value === null) return out;
    const branch = (schema.anyOf as S[]).find((b) => b.type !== 'null');
    return branch ? mutationsOf(branch, value, path) : out;
  }
  const at = ptr(path);
  if (schema.enum !== undefined) out.push({ kind: 'enum', pointer: at, code: 'schema.enum', apply: replace(path, 'zz-not-allowed') });
  if (schema.const !== undefined) {
    const c = schema.const;
    const other = typeof c === 'string' ? c + 'x' : typeof c === 'number' ? c + 1 : !c;
    out.push({ kind: 'const', pointer: at, code: 'schema.const', apply: replace(path, other) });
  }
  if (schema.type === 'string' && path.length > 0) {
    out.push({ kind: 'type', pointer: at, code: 'schema.type', apply: replace(path, 42) });
    if (schema.pattern === DATE_TIME_PATTERN || schema.pattern === ISO_DATE_TIME_PATTERN) out.push({ kind: 'date', pointer: at, code: 'schema.format', apply: replace(path, '2026-02-30T00:00:00Z') });
    else if (schema.pattern !== undefined) out.push({ kind: 'pattern', pointer: at, code: 'schema.pattern', apply: replace(path, 'not matching') });
  }
  if (schema.type === 'object' && typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const v = value as Record<string, unknown>;
    for (const name of (schema.required ?? []) as string[])
      out.push({
        kind: 'required',
        pointer: ptr([...path, name]),
        code: 'schema.required',
        apply: (root) =>
          setAt(root, [...path, name], (p, k) => {
            delete p[k];
          }),
      });
    if (schema.additionalProperties === false) {
      const key = schema.patternProperties ? 'not a valid key' : 'zz_extra';
      out.push({ kind: 'extra', pointer: ptr([...path, key]), code: 'schema.additional-properties', apply: replace([...path, key], 1) });
    }
    for (const [name, sub] of Object.entries((schema.properties ?? {}) as Record<string, S>)) if (Object.hasOwn(v, name)) out.push(...mutationsOf(sub, v[name], [...path, name]));
    if (typeof schema.additionalProperties === 'object')
      for (const [name, item] of Object.entries(v)) if (!Object.hasOwn(schema.properties ?? {}, name)) out.push(...mutationsOf(schema.additionalProperties as S, item, [...path, name]));
    for (const [pattern, sub] of Object.entries((schema.patternProperties ?? {}) as Record<string, S>)) {
      const re = new RegExp(pattern);
      for (const [name, item] of Object.entries(v)) if (re.test(name)) out.push(...mutationsOf(sub, item, [...path, name]));
    }
  }
  if (schema.type === 'array' && Array.isArray(value) && schema.items) value.forEach((item, i) => out.push(...mutationsOf(schema.items as S, item, [...path, String(i)])));
  return out;
}
