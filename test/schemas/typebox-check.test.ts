// TypeBox's checks as memkit calls them: the tiered checker answers as TypeBox's interpreter does before its
// compiler has loaded and after, over every format's schema and values near it; its errors are the interpreter's.
import fc from 'fast-check';
import { Compile } from 'typebox/compile';
import { Errors } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { arbitraryFor } from '../../src/schema/arbitraries/index.js';
import { formatIds, getFormat } from '../../src/schema/index.js';
import { compiledSchemaOf } from '../../src/schema/validate.js';
import { interpretedCheck, interpretedErrors, isWide, loadTypeboxCompiler, tieredChecker, typeboxCompilerLoaded } from '../../src/schema/typebox-check.js';
import { mutationsOf } from '../arbitraries/mutate.js';

const near = (id: (typeof formatIds)[number]) => {
  const schema = getFormat(id)!.schema as Record<string, unknown>;
  return fc.tuple(arbitraryFor(id), fc.nat()).map(([value, pick]) => {
    const ms = mutationsOf(schema, value);
    return pick % 3 === 0 || ms.length === 0 ? value : ms[pick % ms.length]!.apply(value);
  });
};

describe('tieredChecker', () => {
  it('answers as the interpreter and as TypeBox compiled, before and after its compiler loads (property)', async () => {
    for (const id of formatIds) {
      const schema = compiledSchemaOf(getFormat(id)!.schema);
      const compiled = Compile(schema as never);
      const tiered = tieredChecker(schema, 3);
      fc.assert(
        fc.property(near(id), (v) => {
          const expected = compiled.Check(v);
          expect(interpretedCheck(schema, v)).toBe(expected);
          expect(tiered.Check(v)).toBe(expected);
        }),
        { numRuns: 20 },
      );
    }
    await loadTypeboxCompiler();
    expect(typeboxCompilerLoaded()).toBe(true);
    for (const id of formatIds) {
      const schema = compiledSchemaOf(getFormat(id)!.schema);
      const tiered = tieredChecker(schema, 0);
      fc.assert(
        fc.property(near(id), (v) => {
          expect(tiered.Check(v)).toBe(interpretedCheck(schema, v));
          expect(tiered.Errors(v)).toEqual(Errors(schema as never, v));
        }),
        { numRuns: 20 },
      );
    }
  });

  it("gives TypeBox's localized errors", () => {
    const schema = compiledSchemaOf(getFormat('memory-doc')!.schema);
    expect(interpretedErrors(schema, {})).toEqual(Errors(schema as never, {}));
    expect((interpretedErrors(schema, {})[0] as { message: string }).message).toMatch(/^must have required properties/);
  });
});

describe('isWide', () => {
  it('counts the entries of a value and of the level below it', () => {
    expect(isWide(null)).toBe(false);
    expect(isWide('x'.repeat(1000))).toBe(false);
    expect(isWide({ a: 1, b: [1, 2, 3] })).toBe(false);
    expect(isWide(Array.from({ length: 65 }, (_, i) => i))).toBe(true);
    expect(isWide({ version: '1.0.0', operations: Array.from({ length: 100 }, () => ({})) })).toBe(true);
    expect(isWide({ threads: Object.fromEntries(Array.from({ length: 70 }, (_, i) => [`t${i}`, {}])) })).toBe(true);
  });
});
