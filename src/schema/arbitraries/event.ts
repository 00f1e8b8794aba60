import fc from 'fast-check';
import { EVENT_ACTORS, EVENT_KINDS, type EventV1 } from '../index.js';
import { dateTimeArb } from './date-time.js';
import { memoryDocIdArb } from './memory-doc-id.js';
import { prefixedId, relPath, text } from './internal.js';

/**
 * Valid `events.jsonl` lines (format `event`): a `patch` event always carries
 * `refs.patch_id`, a `snapshot` event `refs.snapshot_id`.
 */
export const eventArb: fc.Arbitrary<EventV1> = fc
  .record({
    id: prefixedId('evt_'),
    ts: dateTimeArb,
    session_id: prefixedId('sess_'),
    actor: fc.constantFrom(...EVENT_ACTORS),
    kind: fc.constantFrom(...EVENT_KINDS),
    refs: fc.record(
      {
        paths: fc.array(relPath, { maxLength: 3 }),
        patch_id: prefixedId('patch_'),
        snapshot_id: prefixedId('snap_'),
        memory_doc_ids: fc.array(memoryDocIdArb, { maxLength: 2 }),
      },
      { requiredKeys: [] },
    ),
    body: fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(text(), fc.integer(), fc.boolean()), { maxKeys: 3 }),
    patchId: prefixedId('patch_'),
    snapshotId: prefixedId('snap_'),
  })
  .map(({ patchId, snapshotId, ...e }) => {
    const refs = { ...e.refs };
    if (e.kind === 'patch' && refs.patch_id === undefined) refs.patch_id = patchId;
    if (e.kind === 'snapshot' && refs.snapshot_id === undefined) refs.snapshot_id = snapshotId;
    return { v: 1 as const, ...e, refs };
  });
