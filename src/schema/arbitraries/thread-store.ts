import fc from 'fast-check';
import { THREAD_STATUSES, type Thread, type ThreadOperation, type ThreadRelations, type ThreadStore } from '../index.js';
import { ALNUM, nonEmptyText, tags, token } from './internal.js';
import { dateTimeArb, semverArb } from './primitives.js';

const RESERVED = new Set(['__proto__', 'constructor', 'prototype']);

/** Thread ids: letters, digits, `-` and `_` (the thread store seed's id format), never a prototype key. */
export const threadIdArb: fc.Arbitrary<string> = token(ALNUM + '-_', 1, 16).filter((id) => !RESERVED.has(id));

/** A valid thread with the given id; used by the thread store arbitrary. */
function threadWithId(id: string, parent: fc.Arbitrary<string | null>): fc.Arbitrary<Thread> {
  return fc.record(
    {
      id: fc.constant(id),
      title: nonEmptyText(),
      objective: nonEmptyText(80),
      created_at: dateTimeArb,
      status: fc.constantFrom(...THREAD_STATUSES),
      tags,
      parent_id: parent,
      storage_path: fc.constant(`threads/${id}`),
    },
    { requiredKeys: ['id', 'title', 'objective', 'created_at', 'status', 'parent_id', 'storage_path'] },
  );
}

/** Valid threads (format `thread`), with `parent_id` null or another thread id. */
export const threadArb: fc.Arbitrary<Thread> = threadIdArb.chain((id) => threadWithId(id, fc.option(threadIdArb, { nil: null })));

const paramsOf = {
  spawn: fc.record({ parent_id: threadIdArb, child_id: threadIdArb, objective: nonEmptyText() }),
  reference: fc.record({ from_id: threadIdArb, to_id: threadIdArb, asset_path: nonEmptyText() }),
  freeze: fc.record({ thread_id: threadIdArb }),
  archive: fc.record({ thread_id: threadIdArb }),
  update: fc.record({ thread_id: threadIdArb, title: nonEmptyText() }, { requiredKeys: ['thread_id'] }),
} as const;

/** Valid thread operations (format `thread-operation`) carrying the key params of their seed command. */
export const threadOperationArb: fc.Arbitrary<ThreadOperation> = fc.constantFrom(...(Object.keys(paramsOf) as (keyof typeof paramsOf)[])).chain((command) =>
  fc.record({
    id: token(ALNUM + '-_', 1, 12).map((s) => 'op-' + s),
    timestamp: dateTimeArb,
    command: fc.constant(command),
    operator: fc.constantFrom('user', 'system', 'agent'),
    params: paramsOf[command] as fc.Arbitrary<Record<string, unknown>>,
  }),
);

const ids = fc.uniqueArray(threadIdArb, { maxLength: 3 });

/** Valid relation caches of one thread (format `thread-relations`). */
export const threadRelationsArb: fc.Arbitrary<ThreadRelations> = fc.record({
  children: ids,
  references_to: ids,
  referenced_by: ids,
  depends_on: ids,
});

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
