// Not exported from `memkit/arbitraries`: shared by the thread and thread store arbitraries.
import fc from 'fast-check';
import { THREAD_STATUSES, type Thread } from '../index.js';
import { dateTimeArb } from './date-time.js';
import { nonEmptyText, tags } from './internal.js';

/** A valid thread with the given id; used by the thread store arbitrary. */
export function threadWithId(id: string, parent: fc.Arbitrary<string | null>): fc.Arbitrary<Thread> {
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
