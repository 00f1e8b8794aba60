// The compiled error walk (compileErrors) against TypeBox's own Errors(): the same
// errors in the same order, on generated values of every format broken in many ways.
import fc from 'fast-check';
import { Compile } from 'typebox/compile';
import { Settings } from 'typebox/system';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arbitraryFor } from '../../src/schema/arbitraries/index.js';
import { formatIds, getFormat } from '../../src/schema/registry.js';
import { compileErrors, compiledSchemaOf } from '../../src/schema/validate.js';

const REPLACEMENTS: unknown[] = [12345, 'x', null, -1, 1.5, [], {}, '', ['a', 'a'], [1], { z: 1 }, undefined, 'ZZ', true];

/** `value` broken one field at a time: replaced, deleted, nested fields replaced, keys added. */
function broken(value: unknown): unknown[] {
  const out: unknown[] = [12345, null, [], {}, 'x'];
  if (typeof value !== 'object' || value === null) return out;
  const v = value as Record<string, unknown>;
  for (const k of Object.keys(v)) {
    for (const r of REPLACEMENTS) out.push({ ...structuredClone(v), [k]: r });
    const { [k]: _, ...rest } = structuredClone(v);
    out.push(rest);
    const inner = v[k];
    if (typeof inner === 'object' && inner !== null)
      for (const k2 of Object.keys(inner))
        for (const r of REPLACEMENTS.slice(0, 6)) {
          const c = structuredClone(v);
          (c[k] as Record<string, unknown>)[k2] = r;
          out.push(c);
        }
  }
  out.push({ ...structuredClone(v), extraKey: 1, 'a/b~c': 2 });
  return out;
}

const shape = (errors: readonly Record<string, unknown>[]) =>
  errors.filter((e) => e.keyword !== 'boolean').map(({ keyword, schemaPath, instancePath, params, message }) => ({ keyword, schemaPath, instancePath, params, message }));

describe('compiled error walk', () => {
  let before: number;
  beforeAll(() => {
    before = Settings.Get().maxErrors;
    Settings.Set({ maxErrors: 1e9 });
  });
  afterAll(() => Settings.Set({ maxErrors: before }));

  it.each(formatIds)('%s: same errors as TypeBox Errors()', { timeout: 60_000 }, (id) => {
    const schema = compiledSchemaOf(getFormat(id)!.schema);
    const walk = compileErrors(schema);
    expect(walk).toBeDefined();
    const typebox = Compile(schema as never);
    for (const v of fc.sample(arbitraryFor(id), { numRuns: 8, seed: 11 }))
      for (const b of broken(v)) {
        const sink = { errors: [], limit: 1e9, stopped: false };
        const valid = walk!(b, '', sink);
        expect(valid).toBe(typebox.Check(b));
        expect(shape(sink.errors)).toEqual(shape(typebox.Errors(b) as never));
      }
  });
});
