import fc from 'fast-check';
import type { Thread } from '../index.js';
import { threadIdArb } from './thread-id.js';
import { threadWithId } from './thread-with-id.js';

/** Valid threads (format `thread`), with `parent_id` null or another thread id. */
export const threadArb: fc.Arbitrary<Thread> = threadIdArb.chain((id) => threadWithId(id, fc.option(threadIdArb, { nil: null })));
