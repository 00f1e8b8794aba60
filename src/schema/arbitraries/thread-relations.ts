import fc from 'fast-check';
import type { ThreadRelations } from '../index.js';
import { threadIdArb } from './thread-id.js';

const ids = fc.uniqueArray(threadIdArb, { maxLength: 3 });

/** Valid relation caches of one thread (format `thread-relations`). */
export const threadRelationsArb: fc.Arbitrary<ThreadRelations> = fc.record({
  children: ids,
  references_to: ids,
  referenced_by: ids,
  depends_on: ids,
});
