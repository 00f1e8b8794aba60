// The compiled check's array loops give the same answers as TypeBox's own check of the same schema.
import fc from 'fast-check';
import Type from 'typebox';
import { Compile } from 'typebox/compile';
import { describe, expect, it } from 'vitest';
import { getFormat } from '../../src/schema/index.js';
import { compileCheckCode } from '../../src/schema/check-code.js';
import { compiledSchemaOf } from '../../src/schema/validate.js';
import { WBS_ID_PATTERN } from '../../src/schema/wbs.js';

/** Values for an object schema with array properties: right and wrong types, holes, absent keys. */
const entryLike = fc
  .record(
    {
      id: fc.oneof(fc.constantFrom('1', '1.2', '1.02'), fc.integer()),
      list: fc.oneof(fc.array(fc.oneof(fc.constantFrom('1', '2.1', 'x'), fc.integer(), fc.constant(undefined))), fc.constant('1'), fc.constant(null)),
      more: fc.oneof(fc.array(fc.constantFrom('a', 'b')), fc.array(fc.integer(), { minLength: 1 })),
      tags: fc.oneof(fc.constant(undefined), fc.array(fc.string()), fc.array(fc.integer(), { minLength: 1 }), fc.constant(7)),
    },
    { requiredKeys: [] },
  )
  .chain((v) =>
    fc.nat({ max: 4 }).map((hole) => {
      // a sparse array: `every` skips holes, and so must the loop
      if (Array.isArray(v.list) && hole < v.list.length && hole % 2 === 0) delete v.list[hole];
      return v;
    }),
  );

describe('the compiled check of schemas with array properties', () => {
  const schemas = {
    required: Type.Object({
      id: Type.String({ pattern: WBS_ID_PATTERN }),
      list: Type.Array(Type.String({ pattern: WBS_ID_PATTERN })),
      more: Type.Array(Type.String()),
      tags: Type.Optional(Type.Array(Type.String())),
    }),
    optional: Type.Object({
      id: Type.Optional(Type.String()),
      list: Type.Optional(Type.Array(Type.String())),
      more: Type.Optional(Type.Array(Type.Union([Type.String(), Type.Integer()]))),
      tags: Type.Optional(Type.Array(Type.Integer())),
    }),
    'not plain (minItems, uniqueItems)': Type.Object({ list: Type.Array(Type.String(), { minItems: 1 }), more: Type.Array(Type.String(), { uniqueItems: true }) }),
    'wbs entry': (compiledSchemaOf(getFormat('wbs-task-index')!.schema) as { properties: { tasks: { items: unknown } } }).properties.tasks.items,
  };
  for (const [name, schema] of Object.entries(schemas)) {
    it(`agrees with TypeBox's check of the same schema (holes, undefined items, wrong types): ${name}`, () => {
      // uniqueItems on a non-string array is TypeBox's to check: memkit's compiler gives up on it.
      const ours = compileCheckCode(schema) ?? ((value: unknown) => Compile(schema as never).Check(value));
      const theirs = Compile(schema as never);
      fc.assert(
        fc.property(fc.oneof(entryLike, fc.anything()), (value) => {
          expect(ours(value)).toBe(theirs.Check(value));
        }),
        { numRuns: 2000 },
      );
    });
  }
});
