import fc from 'fast-check';
import type { Thread, ThreadRelations, ThreadStore } from '../index.js';
import { dateTimeArb } from './date-time.js';
import { semverArb } from './semver.js';
import { threadWithId } from './thread-with-id.js';
import { threadIdArb } from './thread-id.js';
import { threadOperationArb } from './thread-operation.js';

/**
 * Valid thread stores (format `thread-store`) that also keep the seed's
 * consistency rules: keys equal thread ids, `thread_count` is the number of
 * threads, parents come earlier, `children`/`parent_id` and
 * `references_to`/`referenced_by` mirror each other.
 */
export const threadStoreArb: fc.Arbitrary<ThreadStore> = fc
  .uniqueArray(threadIdArb, { maxLength: 5 })
  .chain((ids) =>
    fc.record({
      version: semverArb,
      last_updated: dateTimeArb,
      threads: fc.tuple(...ids.map((id, i) => threadWithId(id, i === 0 ? fc.constant(null) : fc.option(fc.constantFrom(...ids.slice(0, i)), { nil: null })))),
      refs: fc.tuple(...ids.map((id) => fc.subarray(ids.filter((x) => x !== id)))),
      deps: fc.tuple(...ids.map((id) => fc.subarray(ids.filter((x) => x !== id)))),
      operations: fc.array(threadOperationArb, { maxLength: 3 }),
    }),
  )
  .map(({ version, last_updated, threads, refs, deps, operations }) => {
    const relations: Record<string, ThreadRelations> = {};
    for (const t of threads) relations[t.id] = { children: [], references_to: [], referenced_by: [], depends_on: [] };
    threads.forEach((t: Thread, i) => {
      if (t.parent_id !== null) relations[t.parent_id]!.children.push(t.id);
      relations[t.id]!.references_to = [...refs[i]!];
      for (const to of refs[i]!) relations[to]!.referenced_by.push(t.id);
      relations[t.id]!.depends_on = [...deps[i]!];
    });
    return {
      version,
      metadata: { last_updated, thread_count: threads.length },
      threads: Object.fromEntries(threads.map((t) => [t.id, t])),
      operations,
      relations,
    };
  });
