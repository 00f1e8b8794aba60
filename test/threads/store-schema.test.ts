import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { threadStoreArb } from '../../src/arbitraries/index.js';
import { getFormat, validate } from '../../src/schemas/index.js';
import { storeChecks } from '../../src/threads/store-schema.js';
import { mutationsOf } from '../arbitraries/mutate.js';
import { SCRIPT, command, run } from './arbitraries.js';

/** The split checks put together as their contract says. */
function splitValid(store: unknown): boolean {
  const c = storeChecks()!;
  if (!c.top(store)) return false;
  const s = store as { threads: object; relations: Record<string, unknown>; operations: unknown[] };
  const threads = s.threads as Record<string, unknown>;
  return (
    Object.getOwnPropertyNames(threads).every(c.key) &&
    Object.keys(threads).every((k) => c.thread(threads[k])) &&
    Object.getOwnPropertyNames(s.relations).every(c.key) &&
    Object.keys(s.relations).every((k) => c.relations(s.relations[k])) &&
    s.operations.every(c.operation)
  );
}
const schemaValid = (store: unknown) => validate('thread-store', store, { maxProblems: Number.MAX_SAFE_INTEGER }).length === 0;

describe('storeChecks', () => {
  it('splits the thread-store schema', () => {
    expect(storeChecks()).toBeDefined();
  });

  it('accepts exactly the stores the validator accepts', () => {
    const schema = getFormat('thread-store')!.schema as Record<string, unknown>;
    const key = fc.constantFrom('root', 'ui', '__proto__', 'constructor', 'bad id', '');
    const anyJson = fc.jsonValue({ maxDepth: 3 });
    const base = run(SCRIPT).store;
    fc.assert(
      fc.property(
        fc.oneof(
          threadStoreArb,
          fc.array(command, { maxLength: 20 }).map((c) => run(c).store),
          fc.tuple(fc.array(command, { minLength: 3, maxLength: 12 }), fc.nat()).map(([c, pick]) => {
            const ms = mutationsOf(schema, run(c).store);
            return ms[pick % ms.length]!.apply(run(c).store);
          }),
          fc
            .record({ path: fc.constantFrom('threads', 'relations', 'operations', 'metadata', 'version'), value: fc.oneof(anyJson, fc.dictionary(key, anyJson)) })
            .map(({ path, value }) => ({ ...structuredClone(base), [path]: value })),
        ),
        (store) => {
          expect(splitValid(store)).toBe(schemaValid(store));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('relationsOfKnownIds agrees with relations on entries whose list items are valid ids (property)', () => {
    const shape = storeChecks()!.relationsOfKnownIds!;
    expect([...shape.lists].sort()).toEqual(['children', 'depends_on', 'referenced_by', 'references_to']);
    const ids = fc.array(fc.stringMatching(/^[A-Za-z0-9_-]{1,6}$/), { maxLength: 4 });
    const entry = fc.record(
      { children: fc.oneof(ids, fc.jsonValue({ maxDepth: 1 })), references_to: ids, referenced_by: ids, depends_on: ids, extra: fc.jsonValue({ maxDepth: 1 }) },
      { requiredKeys: ['references_to', 'referenced_by'] },
    );
    fc.assert(
      fc.property(fc.oneof(entry, fc.jsonValue({ maxDepth: 2 })), (value) => {
        const listsOfIds = (['children', 'references_to', 'referenced_by', 'depends_on'] as const).every((f) => {
          const list = (value as Record<string, unknown> | null)?.[f];
          return !Array.isArray(list) || list.every((x) => typeof x === 'string' && storeChecks()!.key(x));
        });
        fc.pre(listsOfIds);
        expect(shape.check(value)).toBe(storeChecks()!.relations(value));
      }),
      { numRuns: 300 },
    );
  });

  it('checks non-enumerable keys by name, as the validator does', () => {
    const s = structuredClone(run(SCRIPT).store);
    Object.defineProperty(s.threads, 'bad key', { value: 1, enumerable: false });
    expect(schemaValid(s)).toBe(false);
    expect(splitValid(s)).toBe(false);
  });
});
