// memkit's own compiled check of a JSON Schema: the same answers as TypeBox's compiled
// check for the keywords memkit's schemas use, in code that reads each property once.
// Internal: not re-exported from memkit/schemas.
import Guard from 'typebox/guard';
import { Environment, Settings } from 'typebox/system';

/** A compiled check: true when the value is valid. */
export type Check = (value: unknown) => boolean;

/** Keywords that only annotate: they never fail. */
const ANNOTATIONS = new Set<PropertyKey>(['description', 'title', '~kind', '~optional', '~unsafe', '$id', '$schema', 'examples', 'default']);

/** Keywords this compiler knows; a schema with any other makes it give up (TypeBox's check is used). */
const KNOWN = new Set<PropertyKey>([
  ...ANNOTATIONS,
  'type',
  'required',
  'properties',
  'additionalProperties',
  'patternProperties',
  'items',
  'minItems',
  'maxItems',
  'contains',
  'minLength',
  'maxLength',
  'pattern',
  'minimum',
  'maximum',
  'const',
  'enum',
  'anyOf',
  '~refine',
]);

const TYPE_TESTS: Readonly<Record<string, (x: string) => string>> = {
  object: (x) => `(typeof ${x} === "object" && ${x} !== null && !Array.isArray(${x}))`,
  array: (x) => `Array.isArray(${x})`,
  boolean: (x) => `typeof ${x} === "boolean"`,
  integer: (x) => `Number.isInteger(${x})`,
  number: (x) => `Number.isFinite(${x})`,
  null: (x) => `${x} === null`,
  string: (x) => `typeof ${x} === "string"`,
};

/** `key in obj` as source; TypeBox tests `__proto__` and `constructor` with hasOwnProperty. */
const hasKey = (k: string, obj: string): string => (k === '__proto__' || k === 'constructor' ? `Object.prototype.hasOwnProperty.call(${obj}, ${literal(k)})` : `${literal(k)} in ${obj}`);

/** Thrown (and caught in {@link compileCheckCode}) for a schema this compiler does not handle. */
class Unsupported extends Error {}

/** A primitive TypeBox compares with `===` (its `IsValueLike`). */
const isValueLike = (v: unknown): boolean => v === null || v === undefined || ['string', 'number', 'boolean', 'bigint'].includes(typeof v);

/** `v` as JavaScript source; only for values {@link isValueLike} accepts (a number that JSON cannot spell makes the compiler give up). */
const literal = (v: unknown): string => {
  if (typeof v === 'number' && !Number.isFinite(v)) throw new Unsupported();
  return typeof v === 'bigint' ? `${v}n` : v === undefined ? 'undefined' : JSON.stringify(v);
};

/** A count keyword's value as source: a non-negative integer, else the compiler gives up. */
const count = (v: unknown): number => {
  if (!Number.isSafeInteger(v) || (v as number) < 0) throw new Unsupported();
  return v as number;
};

/** Generates a check function per schema that needs one (root, `anyOf` branches, `contains`): straight-line code reading each property once. */
class Generator {
  readonly externals: unknown[] = [];
  readonly functions: string[] = [];
  private locals = 0;
  /** Set for the root of an indexed check (see {@link compileIndexedCheck}); read once by the root's object keywords. */
  indexing = false;

  external(v: unknown): string {
    this.externals.push(v);
    return `E[${this.externals.length - 1}]`;
  }

  local(): string {
    return `v${this.locals++}`;
  }

  /** A named function checking `schema`; returns its name. */
  fn(schema: unknown): string {
    const index = this.functions.length;
    const name = `f${index}`;
    this.functions.push(''); // reserved: branches compiled inside come after it
    const body: string[] = [];
    this.node(schema, 'v', body);
    this.functions[index] = `function ${name}(v) {\n${body.join('\n')}\nreturn true;\n}`;
    return name;
  }

  /** Statements that `return false` when the value in local `x` fails `schema`. */
  node(schema: unknown, x: string, out: string[]): void {
    if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) throw new Unsupported();
    const s = schema as Record<PropertyKey, unknown>;
    for (const key of Reflect.ownKeys(s)) if (!KNOWN.has(key)) throw new Unsupported();
    const type = s.type;
    if (type !== undefined) {
      const types = Array.isArray(type) ? type : [type];
      if (types.length === 0 || !types.every((t) => typeof t === 'string' && TYPE_TESTS[t] !== undefined)) throw new Unsupported();
      out.push(`if (!(${types.map((t) => TYPE_TESTS[t as string]!(x)).join(' || ')})) return false;`);
    }
    const only = (name: string) => type === name || (Array.isArray(type) && type.length > 0 && type.every((t) => t === name));
    this.objectKeywords(s, x, out, only('object'));
    this.arrayKeywords(s, x, out, only('array'));
    this.stringKeywords(s, x, out, only('string'));
    this.numberKeywords(s, x, out, only('number'));
    if ('const' in s) {
      if (!isValueLike(s.const)) throw new Unsupported();
      out.push(`if (${x} !== ${literal(s.const)}) return false;`);
    }
    if (s.enum !== undefined) {
      if (!Array.isArray(s.enum) || !s.enum.every(isValueLike)) throw new Unsupported();
      out.push(s.enum.length === 0 ? 'return false;' : `if (!(${s.enum.map((e) => `${x} === ${literal(e)}`).join(' || ')})) return false;`);
    }
    if (s.anyOf !== undefined) {
      if (!Array.isArray(s.anyOf) || s.anyOf.length === 0) throw new Unsupported();
      out.push(`if (!(${s.anyOf.map((b) => `${this.fn(b)}(${x})`).join(' || ')})) return false;`);
    }
    if (s['~refine'] !== undefined) {
      if (!Array.isArray(s['~refine'])) throw new Unsupported();
      for (const r of s['~refine']) {
        if (typeof (r as { check?: unknown })?.check !== 'function') throw new Unsupported();
        out.push(`if (!${this.external(r)}.check(${x})) return false;`);
      }
    }
  }

  private objectKeywords(s: Record<PropertyKey, unknown>, x: string, out: string[], typed: boolean): void {
    const indexing = this.indexing;
    this.indexing = false;
    const has = (k: string) => s[k] !== undefined;
    if (!has('required') && !has('properties') && !has('additionalProperties') && !has('patternProperties')) return;
    const body: string[] = [];
    const required = has('required') ? s.required : [];
    if (!Array.isArray(required) || !required.every((k) => typeof k === 'string')) throw new Unsupported();
    const properties = (has('properties') ? s.properties : {}) as Record<string, unknown>;
    const patterns = (has('patternProperties') ? s.patternProperties : {}) as Record<string, unknown>;
    if (typeof properties !== 'object' || properties === null || typeof patterns !== 'object' || patterns === null) throw new Unsupported();
    // Required keys not among the properties: only their presence.
    for (const k of required as string[]) if (!Object.hasOwn(properties, k)) body.push(`if (!(${hasKey(k, x)})) return false;`);
    if (has('additionalProperties')) this.additional(s, x, body, required as string[], properties, patterns);
    for (const [pattern, sub] of Object.entries(patterns)) {
      const re = this.external(new RegExp(pattern, 'u'));
      const keys = this.local();
      const i = this.local();
      const item = this.local();
      const inner: string[] = [];
      this.node(sub, item, inner);
      body.push(
        `{ const ${keys} = Object.keys(${x}); for (let ${i} = 0; ${i} < ${keys}.length; ${i}++) { if (!${re}.test(${keys}[${i}])) continue; const ${item} = ${x}[${keys}[${i}]];\n${inner.join('\n')}\n} }`,
      );
    }
    for (const [index, lines] of this.properties(x, properties, required as string[]).entries()) {
      // An indexed check says which property failed: the ones before it are valid.
      body.push(...(indexing ? lines.map((line) => line.replaceAll('return false;', `return ${index};`)) : lines));
    }
    if (typed) out.push(...body);
    else out.push(`if (typeof ${x} === "object" && ${x} !== null && !Array.isArray(${x})) {`, ...body, '}');
  }

  /** Per property of `properties`, statements that `return false` when the object in `x` fails it (TypeBox's rule: absent, or optional and undefined, passes). */
  properties(x: string, properties: Record<string, unknown>, required: readonly string[]): string[][] {
    const exact = Settings.Get().exactOptionalPropertyTypes;
    return Object.entries(properties).map(([k, sub]) => {
      const y = this.local();
      const inner: string[] = [];
      this.node(sub, y, inner);
      const lines = [`const ${y} = ${x}[${literal(k)}];`];
      if (required.includes(k)) {
        // Read once: a value other than undefined proves the key is there.
        lines.push(`if (${y} === undefined && !(${hasKey(k, x)})) return false;`, ...inner);
      } else if (exact) {
        lines.push(`if (${y} !== undefined || ${hasKey(k, x)}) {`, ...inner, '}');
      } else {
        // An optional property may be absent or undefined.
        lines.push(`if (${y} !== undefined) {`, ...inner, '}');
      }
      return lines;
    });
  }

  private additional(s: Record<PropertyKey, unknown>, x: string, out: string[], required: string[], properties: Record<string, unknown>, patterns: Record<string, unknown>): void {
    const ap = s.additionalProperties;
    if (ap === true || (typeof ap === 'object' && ap !== null && !Array.isArray(ap) && Object.keys(ap).length === 0)) return;
    const declared = Object.keys(properties);
    const patternKeys = Object.keys(patterns);
    if (ap === false && patternKeys.length === 0 && s.required !== undefined && s.properties !== undefined && declared.length === required.length && declared.every((k) => required.includes(k))) {
      // TypeBox's own shortcut when every property is required: count the own keys.
      out.push(`if (Object.getOwnPropertyNames(${x}).length !== ${required.length}) return false;`);
      return;
    }
    const keys = this.local();
    const i = this.local();
    const key = this.local();
    const known = [...declared.map((k) => `${key} === ${literal(k)}`), ...patternKeys.map((p) => `${this.external(new RegExp(p, 'u'))}.test(${key})`)];
    const inner: string[] = [];
    if (ap === false) inner.push('return false;');
    else {
      const item = this.local();
      inner.push(`const ${item} = ${x}[${key}];`);
      this.node(ap, item, inner);
    }
    out.push(
      `{ const ${keys} = Object.getOwnPropertyNames(${x}); for (let ${i} = 0; ${i} < ${keys}.length; ${i}++) { const ${key} = ${keys}[${i}]; if (${known.length === 0 ? 'false' : known.join(' || ')}) continue;\n${inner.join('\n')}\n} }`,
    );
  }

  private arrayKeywords(s: Record<PropertyKey, unknown>, x: string, out: string[], typed: boolean): void {
    if (s.items === undefined && s.minItems === undefined && s.maxItems === undefined && s.contains === undefined) return;
    const body: string[] = [];
    if (s.contains !== undefined) {
      const f = this.fn(s.contains);
      const i = this.local();
      // `some` skips holes.
      body.push(`{ let found = false; for (let ${i} = 0; ${i} < ${x}.length; ${i}++) if ((${i} in ${x}) && ${f}(${x}[${i}])) { found = true; break; } if (!found) return false; }`);
    }
    if (s.items !== undefined) {
      if (typeof s.items !== 'object' || s.items === null || Array.isArray(s.items)) throw new Unsupported();
      const i = this.local();
      const item = this.local();
      const inner: string[] = [];
      this.node(s.items, item, inner);
      // `every` skips holes: a hole reads as undefined and is not checked.
      body.push(`for (let ${i} = 0; ${i} < ${x}.length; ${i}++) { const ${item} = ${x}[${i}]; if (${item} === undefined && !(${i} in ${x})) continue;\n${inner.join('\n')}\n}`);
    }
    if (s.minItems !== undefined) body.push(`if (!(${x}.length >= ${count(s.minItems)})) return false;`);
    if (s.maxItems !== undefined) body.push(`if (!(${x}.length <= ${count(s.maxItems)})) return false;`);
    if (typed) out.push(...body);
    else out.push(`if (Array.isArray(${x})) {`, ...body, '}');
  }

  private stringKeywords(s: Record<PropertyKey, unknown>, x: string, out: string[], typed: boolean): void {
    if (s.minLength === undefined && s.maxLength === undefined && s.pattern === undefined) return;
    const body: string[] = [];
    const cp = this.external(Guard.CodePointCount);
    if (s.minLength !== undefined) {
      const n = count(s.minLength);
      body.push(`if (!(${x}.length >= ${n << 1} || (${x}.length >= ${n} && ${cp}(${x}) >= ${n}))) return false;`);
    }
    if (s.maxLength !== undefined) {
      const n = count(s.maxLength);
      body.push(`if (!(${x}.length <= ${n} || (${x}.length <= ${n << 1} && ${cp}(${x}) <= ${n}))) return false;`);
    }
    if (s.pattern !== undefined) {
      const re = typeof s.pattern === 'string' ? new RegExp(s.pattern, 'u') : s.pattern;
      if (!(re instanceof RegExp)) throw new Unsupported();
      body.push(`if (!${this.external(re)}.test(${x})) return false;`);
    }
    if (typed) out.push(...body);
    else out.push(`if (typeof ${x} === "string") {`, ...body, '}');
  }

  private numberKeywords(s: Record<PropertyKey, unknown>, x: string, out: string[], typed: boolean): void {
    if (s.minimum === undefined && s.maximum === undefined) return;
    for (const k of ['minimum', 'maximum']) if (s[k] !== undefined && !Number.isFinite(s[k])) throw new Unsupported();
    const body: string[] = [];
    if (s.minimum !== undefined) body.push(`if (!(${x} >= ${literal(s.minimum)})) return false;`);
    if (s.maximum !== undefined) body.push(`if (!(${x} <= ${literal(s.maximum)})) return false;`);
    if (typed) out.push(...body);
    else out.push(`if (Number.isFinite(${x}) || typeof ${x} === "bigint") {`, ...body, '}');
  }
}

/**
 * {@link compileCheckCode} for an object schema returning -1 for a valid value, else how many of
 * its leading `properties` are valid (the failing index, or 0), so the error walk skips them.
 */
export function compileIndexedCheck(schema: unknown): ((value: unknown) => number) | undefined {
  return build((gen) => {
    gen.indexing = true;
    const root = gen.fn(schema);
    return module(gen, root, (body) => body.replaceAll('return false;', 'return 0;').replace(/return true;\n}$/, 'return -1;\n}'));
  });
}

/** For an object schema's `properties`, the index of the first property from `from` on that fails TypeBox's per-property rule, or -1. */
export function compilePropertyScan(properties: Record<string, unknown>, required: readonly string[]): ((value: object, from: number) => number) | undefined {
  return build((gen) => {
    const blocks = gen.properties('v', properties, required);
    const body = blocks.map((lines, i) => `if (from <= ${i}) {\n${lines.map((line) => line.replaceAll('return false;', `return ${i};`)).join('\n')}\n}`).join('\n');
    return `${gen.functions.join('\n')}\nreturn function scan(v, from) {\n${body}\nreturn -1;\n};`;
  });
}

/** The module body of a compiled root function `root`: every function (the root's body passed through `rootBody`), then `return root`. */
function module(gen: Generator, root: string, rootBody: (code: string) => string = (code) => code): string {
  gen.functions[0] = rootBody(gen.functions[0]!);
  return `${gen.functions.join('\n')}\nreturn ${root};`;
}

/** The function `generate`'s module body returns, evaluated with the externals as `E`; `undefined` without code evaluation or for an unknown keyword. */
function build<T>(generate: (gen: Generator) => string): T | undefined {
  if (!Environment.CanEvaluate()) return undefined;
  const gen = new Generator();
  let code: string;
  try {
    code = generate(gen);
  } catch (cause) {
    if (cause instanceof Unsupported) return undefined;
    throw cause;
  }
  return (Environment.Evaluate('E', code) as (e: unknown[]) => T)(gen.externals);
}

/**
 * `schema` compiled into one function with TypeBox's answers on every value that is not a proxy
 * (a property is read once); `undefined` for a keyword it does not know or without code
 * evaluation (a CSP without `'unsafe-eval'`, `useAcceleration` off): then TypeBox's check runs.
 */
export function compileCheckCode(schema: unknown): Check | undefined {
  return build((gen) => module(gen, gen.fn(schema)));
}
