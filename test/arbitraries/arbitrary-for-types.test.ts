// arbitraryFor is typed by schema id: the arbitrary's value type is the
// `Static` type of that schema, and an unknown id is a compile-time error.
// The expectTypeOf assertions are checked by `tsc --noEmit -p .`; the runtime
// part proves the generated values really have that shape.
import fc from 'fast-check';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { type SchemaValues, arbitraries, arbitraryFor } from '../../src/schema/arbitraries/index.js';
import type { DecisionLogEntry, SchemaId, TaskEntity, ThreadStore } from '../../src/schema/index.js';
import { formatIds, isSchemaId, validate } from '../../src/schema/index.js';

describe('arbitraryFor is typed by schema id', () => {
  it('returns the Static type of the schema', () => {
    expectTypeOf(arbitraryFor('decision-log-entry')).toEqualTypeOf<fc.Arbitrary<DecisionLogEntry>>();
    expectTypeOf(arbitraryFor('wbs-task')).toEqualTypeOf<fc.Arbitrary<TaskEntity>>();
    expectTypeOf(arbitraryFor('thread-store')).toEqualTypeOf<fc.Arbitrary<ThreadStore>>();
    expectTypeOf<keyof SchemaValues>().toEqualTypeOf<SchemaId>();
    expectTypeOf(arbitraries['decision-log-entry']).toEqualTypeOf<fc.Arbitrary<DecisionLogEntry>>();
    const [entry] = fc.sample(arbitraryFor('decision-log-entry'), { numRuns: 1, seed: 1 });
    expect(typeof entry!.id).toBe('string');
    expect(validate('decision-log-entry', entry)).toEqual([]);
  });

  it('an unknown id is a type error (and still throws from plain JavaScript)', () => {
    // @ts-expect-error 'decision-log' is a file format id, not a schema id
    expect(() => arbitraryFor('decision-log')).toThrow();
  });

  it('the SchemaId union is exactly the registry', () => {
    for (const id of formatIds) expect(isSchemaId(id)).toBe(true);
    expect(isSchemaId('events')).toBe(false);
    expect(Object.keys(arbitraries).sort()).toEqual([...formatIds].sort());
  });
});
