// The loops memkit compiles in place of TypeBox's code give the same answers:
// pattern loops against the regular expressions they replace, and the compiled
// check's array loops against TypeBox's own check of the same schema.
import fc from 'fast-check';
import Type from 'typebox';
import { Compile } from 'typebox/compile';
import { describe, expect, it } from 'vitest';
import { LOOP_PATTERNS } from '../../src/schema/loop-patterns.js';
import { getFormat } from '../../src/schema/index.js';
import { compileCheckCode } from '../../src/schema/check-code.js';
import { compiledSchemaOf } from '../../src/schema/validate.js';
import { THREAD_ID_PATTERN } from '../../src/schema/thread-store.js';
import { WBS_ID_PATTERN } from '../../src/schema/wbs.js';

/** Strings near the patterns' edges: digits, dots, hex, id characters, words Object.prototype owns, and anything else. */
const nearMiss = fc.oneof(
  fc.array(fc.constantFrom('0', '1', '9', '.', '10', '2.3', 'a', 'f', 'g', 'A', 'Z', '_', '-', '\n', ' ', 'é', '٣', '\u0000'), { maxLength: 12 }).map((xs) => xs.join('')),
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    '__proto__x',
    'xprototype',
    'Constructor',
    '1.2.3',
    '1.2.3.4',
    '01',
    '1.0',
    '1..2',
    '.1',
    '1.',
    '1\n',
    'a'.repeat(64),
    '0'.repeat(7),
    '0'.repeat(6),
    'f'.repeat(65),
  ),
  fc.string({ unit: 'grapheme', maxLength: 16 }),
  fc.stringMatching(/^[0-9a-f]{5,66}$/),
  fc.stringMatching(/^[1-9][0-9]{0,3}(\.[0-9]{1,3}){0,4}$/),
  fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/),
);

describe('pattern loops', () => {
  it('cover the WBS and thread id patterns', () => {
    expect(Object.keys(LOOP_PATTERNS)).toEqual(expect.arrayContaining([WBS_ID_PATTERN, THREAD_ID_PATTERN, '^[0-9a-f]{64}$', '^[0-9a-f]{7,64}$']));
  });

  for (const [pattern, loop] of Object.entries(LOOP_PATTERNS)) {
    it(`accept exactly what ${pattern} matches`, () => {
      const re = new RegExp(pattern);
      fc.assert(
        fc.property(nearMiss, (s) => {
          expect(loop(s), JSON.stringify(s)).toBe(re.test(s));
        }),
        { numRuns: 3000 },
      );
    });
  }

  it('are what the compiled schemas run (a pattern problem keeps its code)', () => {
    const compiled = JSON.stringify(compiledSchemaOf(getFormat('wbs-task-index')!.schema));
    expect(compiled).not.toContain('"pattern":"^[1-9]');
  });
});

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
