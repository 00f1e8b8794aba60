import fc from 'fast-check';
import { type TaskIndexEntry, WBS_STATUSES, WBS_TYPES } from '../index.js';
import { relPath, wbsParentOf } from './internal.js';
import { wbsIdArb } from './wbs-id.js';

/**
 * Valid task-index entries (format `wbs-index-entry`): `type` matches the
 * depth of `id`, `parent` is the id's parent, children are one level deeper.
 */
export const wbsIndexEntryArb: fc.Arbitrary<TaskIndexEntry> = wbsIdArb().chain((id) => {
  const depth = id.split('.').length;
  return fc.record(
    {
      id: fc.constant(id),
      type: fc.constant(WBS_TYPES[depth - 1]!),
      status: fc.constantFrom(...WBS_STATUSES),
      parent: fc.constant(wbsParentOf(id)),
      children: depth < 3 ? fc.uniqueArray(fc.integer({ min: 1, max: 20 }), { maxLength: 3 }).map((ns) => ns.map((n) => `${id}.${n}`)) : fc.constant([]),
      dependencies: fc.uniqueArray(wbsIdArb(), { maxLength: 2 }),
      progress: fc.nat({ max: 20 }).chain((total) => fc.record({ completed: fc.nat({ max: total }), total: fc.constant(total) })),
      deliverables: fc.array(relPath, { maxLength: 2 }),
    },
    { requiredKeys: ['id', 'type', 'status', 'parent', 'children', 'dependencies'] },
  );
});
