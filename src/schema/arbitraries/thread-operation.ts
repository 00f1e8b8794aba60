import fc from 'fast-check';
import type { ThreadOperation } from '../index.js';
import { dateTimeArb } from './date-time.js';
import { ALNUM, nonEmptyText, token } from './internal.js';
import { threadIdArb } from './thread-id.js';

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
