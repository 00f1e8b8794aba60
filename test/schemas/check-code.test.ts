// memkit's generated check (check-code.ts) gives TypeBox's answers: on every format's
// compiled and in-form schema, over generated values, each broken in one place, and
// anything else; on hand-made schemas that reach its edge cases; and it steps aside
// where code evaluation is off.
import fc from 'fast-check';
import Type from 'typebox';
import { Compile } from 'typebox/compile';
import { Settings } from 'typebox/system';
import { describe, expect, it } from 'vitest';
import { arbitraryFor } from '../../src/schema/arbitraries/index.js';
import { compileCheckCode, compileIndexedCheck, compilePropertyScan } from '../../src/schema/check-code.js';
import { formatIds, getFormat } from '../../src/schema/index.js';
import { compiledSchemaOf, inFormSchemaOf } from '../../src/schema/validate.js';
import { mutationsOf } from '../arbitraries/mutate.js';

/** A value in, or one step from, the format: valid, broken in one place, or with a hole or an undefined property. */
const nearFormat = (id: (typeof formatIds)[number]) => {
  const schema = getFormat(id)!.schema as Record<string, unknown>;
  return fc.tuple(arbitraryFor(id), fc.nat(), fc.nat()).map(([value, pick, twist]) => {
    const ms = mutationsOf(schema, value);
    let v = pick % 3 === 0 || ms.length === 0 ? structuredClone(value) : ms[pick % ms.length]!.apply(value);
    if (typeof v === 'object' && v !== null && !Array.isArray(v)) {
      const o = v as Record<string, unknown>;
      const keys = Object.keys(o);
      const key = keys[twist % Math.max(1, keys.length)];
      // Undefined properties, holes and extra keys are where a one-read check could differ.
      if (key !== undefined && twist % 5 === 1) o[key] = undefined;
      if (key !== undefined && twist % 5 === 2 && Array.isArray(o[key]) && (o[key] as unknown[]).length > 0) delete (o[key] as unknown[])[0];
      if (twist % 5 === 3) o.extra = twist;
      if (twist % 5 === 4) v = Object.assign(Object.create(null), o);
    }
    return v;
  });
};

describe('compileCheckCode', () => {
  for (const id of formatIds) {
    it(`agrees with TypeBox's check on ${id} (compiled and in-form schemas)`, () => {
      for (const schema of [compiledSchemaOf(getFormat(id)!.schema), inFormSchemaOf(getFormat(id)!.schema)]) {
        const ours = compileCheckCode(schema);
        expect(ours, 'every format compiles').toBeDefined();
        const theirs = Compile(schema as never);
        fc.assert(
          fc.property(fc.oneof({ weight: 5, arbitrary: nearFormat(id) }, { weight: 1, arbitrary: fc.anything() }), (value) => {
            expect(ours!(value)).toBe(theirs.Check(value));
          }),
          { numRuns: 300 },
        );
      }
    });
  }

  for (const id of formatIds) {
    it(`the indexed in-form check of ${id}: -1 exactly when valid, else a count of leading properties that are valid`, () => {
      const schema = inFormSchemaOf(getFormat(id)!.schema) as { properties?: Record<string, unknown>; required?: string[] };
      const indexed = compileIndexedCheck(schema)!;
      const theirs = Compile(schema as never);
      const keys = Object.keys(schema.properties ?? {});
      const propertyChecks = keys.map((k) => Compile({ properties: { [k]: schema.properties![k] }, ...(schema.required?.includes(k) ? { required: [k] } : {}) } as never));
      fc.assert(
        fc.property(fc.oneof({ weight: 5, arbitrary: nearFormat(id) }, { weight: 1, arbitrary: fc.anything() }), (value) => {
          const n = indexed(value);
          expect(n === -1).toBe(theirs.Check(value));
          if (n === -1 || typeof value !== 'object' || value === null || Array.isArray(value)) return;
          expect(n).toBeGreaterThanOrEqual(0);
          expect(n).toBeLessThanOrEqual(keys.length);
          for (let i = 0; i < n; i++) expect(propertyChecks[i]!.Check(value), keys[i]).toBe(true);
        }),
        { numRuns: 300 },
      );
    });
  }

  for (const id of formatIds) {
    it(`the property scan of ${id} finds the first property from a start that fails TypeBox's per-property check`, () => {
      const schema = compiledSchemaOf(getFormat(id)!.schema) as { properties?: Record<string, unknown>; required?: string[] };
      const properties = schema.properties ?? {};
      const keys = Object.keys(properties);
      if (keys.length === 0) return;
      const required = schema.required ?? [];
      const scan = compilePropertyScan(properties, required)!;
      const checks = keys.map((k) => Compile({ properties: { [k]: properties[k] }, ...(required.includes(k) ? { required: [k] } : {}) } as never));
      fc.assert(
        fc.property(nearFormat(id), fc.nat({ max: keys.length }), (value, from) => {
          if (typeof value !== 'object' || value === null || Array.isArray(value)) return;
          let expected = -1;
          for (let i = from; i < keys.length; i++)
            if (!checks[i]!.Check(value)) {
              expected = i;
              break;
            }
          expect(scan(value, from)).toBe(expected);
        }),
        { numRuns: 300 },
      );
    });
  }

  const edges = {
    'optional and required properties': Type.Object({ a: Type.String({ minLength: 2, maxLength: 3 }), b: Type.Optional(Type.Integer({ minimum: 0, maximum: 3 })), c: Type.Unknown() }),
    'closed object, all required': Type.Object({ a: Type.Number(), b: Type.Null() }, { additionalProperties: false }),
    'closed object, some optional': Type.Object({ a: Type.Number(), b: Type.Optional(Type.Boolean()) }, { additionalProperties: false }),
    'record with a key pattern': Type.Record(Type.String({ pattern: '^[a-z]+$' }), Type.Array(Type.String(), { minItems: 1, maxItems: 2 }), { additionalProperties: false }),
    'open record': { type: 'object', additionalProperties: { type: 'string', pattern: '^x' } },
    'keywords without a type': { minLength: 1, minimum: 2, items: { const: 1 }, required: ['k'], properties: { k: { enum: ['a', 1, null] } } },
    'union with literals and contains': Type.Union([Type.Literal('a'), Type.Literal(2), Type.Array(Type.Integer(), { contains: Type.Literal(3) })]),
    'proto keys': { type: 'object', required: ['constructor', '__proto__'], properties: { constructor: { type: 'string' } } },
  };
  const anyValue = fc.oneof(
    fc.anything(),
    fc.dictionary(
      fc.constantFrom('a', 'b', 'c', 'k', 'x', 'constructor', '__proto__'),
      fc.oneof(fc.constantFrom(undefined, null, 1, 2, 3, 'a', 'xy', 'abcd', 'x'), fc.array(fc.oneof(fc.integer({ min: 0, max: 4 }), fc.string()), { maxLength: 3 })),
    ),
    fc.array(fc.oneof(fc.integer({ min: 0, max: 4 }), fc.constant(undefined)), { maxLength: 4 }).map((xs) => {
      if (xs.length > 1) delete xs[1]; // a hole
      return xs;
    }),
  );
  for (const [name, schema] of Object.entries(edges)) {
    it(`agrees with TypeBox's check: ${name}`, () => {
      const ours = compileCheckCode(schema);
      expect(ours).toBeDefined();
      const theirs = Compile(schema as never);
      fc.assert(
        fc.property(anyValue, (value) => {
          expect(ours!(value)).toBe(theirs.Check(value));
        }),
        { numRuns: 3000 },
      );
    });
  }

  it('gives up on keywords it does not know, and where code evaluation is off', () => {
    expect(compileCheckCode({ type: 'string', format: 'email' })).toBeUndefined();
    expect(compileCheckCode({ allOf: [{ type: 'string' }] })).toBeUndefined();
    expect(compileCheckCode({ items: [{ type: 'string' }] })).toBeUndefined();
    // Values its source could not spell exactly.
    expect(compileCheckCode({ const: Number.NaN })).toBeUndefined();
    expect(compileCheckCode({ enum: ['a', Number.POSITIVE_INFINITY] })).toBeUndefined();
    expect(compileCheckCode({ type: 'string', minLength: 1.5 })).toBeUndefined();
    expect(compileCheckCode({ type: 'number', minimum: Number.NaN })).toBeUndefined();
    Settings.Set({ useAcceleration: false });
    try {
      expect(compileCheckCode(Type.String())).toBeUndefined();
    } finally {
      Settings.Set({ useAcceleration: true });
    }
    expect(compileCheckCode(Type.String())).toBeDefined();
  });
});
