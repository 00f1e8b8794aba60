import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyOperation, checkThreadStore, rebuildRelations } from '../../src/services/threads/index.js';
import { SCRIPT, run } from './arbitraries.js';

const anyJson = fc.jsonValue({ maxDepth: 3 });
const key = fc.constantFrom('root', 'auth', 'ui', 'ghost', '__proto__', 'constructor', 'bad id');

describe('hostile thread stores', () => {
  it('checkThreadStore, rebuildRelations and applyOperation never throw', () => {
    const base = run(SCRIPT).store;
    fc.assert(
      fc.property(
        fc.oneof(
          anyJson,
          fc.record({ version: anyJson, metadata: anyJson, threads: fc.dictionary(key, anyJson), operations: fc.array(anyJson), relations: fc.dictionary(key, anyJson) }),
          fc
            .record({
              path: fc.constantFrom('threads', 'relations', 'operations', 'metadata'),
              value: fc.oneof(anyJson, fc.dictionary(key, fc.record({ children: anyJson, references_to: anyJson, referenced_by: anyJson, depends_on: anyJson, status: anyJson, id: key }))),
            })
            .map(({ path, value }) => ({ ...JSON.parse(JSON.stringify(base)), [path]: value })),
        ),
        fc.record({
          command: fc.constantFrom('spawn', 'reference', 'freeze', 'archive', 'update', 'x'),
          params: fc.dictionary(fc.constantFrom('thread_id', 'child_id', 'parent_id', 'from_id', 'to_id', 'objective', 'depends_on', 'asset_path', 'title'), fc.oneof(key, anyJson)),
        }),
        (store, op) => {
          const problems = checkThreadStore(store);
          for (const p of problems) expect(p.code).toMatch(/^(threads|schema|input|id)\./);
          const r = applyOperation(store as never, op as never, { newId: () => 'op-z', now: () => '2030-01-01T00:00:00Z' });
          if (r.ok) expect(r.value).not.toBe(store);
          if (store !== null && typeof store === 'object' && !Array.isArray(store)) rebuildRelations(store as never);
        },
      ),
      { numRuns: 120 },
    );
  });
});
