import fc from 'fast-check';
import { type TaskEntity, type TaskIndex, type TaskIndexEntry, WBS_STATUSES, WBS_TYPES } from '../index.js';
import { agentId, relPath, text, wbsParentOf } from './internal.js';
import { dateTimeArb, semverArb } from './primitives.js';

/**
 * WBS ids of depth `minDepth..maxDepth` (default 1..3): `4`, `4.2`, `4.2.17`.
 *
 * @example
 * import fc from 'fast-check';
 * fc.sample(wbsIdArb(), 1) // ['3.1']
 */
export function wbsIdArb(minDepth = 1, maxDepth = 3): fc.Arbitrary<string> {
  return fc.array(fc.integer({ min: 1, max: 40 }), { minLength: minDepth, maxLength: maxDepth }).map((a) => a.join('.'));
}

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

/** Valid `task-index.json` values (format `wbs-task-index`); entries have distinct ids. */
export const wbsTaskIndexArb: fc.Arbitrary<TaskIndex> = fc.record({
  version: semverArb,
  tasks: fc.uniqueArray(wbsIndexEntryArb, { maxLength: 5, selector: (e) => e.id }),
});

/** Valid `tasks/<id>.json` entities (format `wbs-task`); `type` matches the depth of `id`. */
export const wbsTaskArb: fc.Arbitrary<TaskEntity> = wbsIdArb().chain((id) => {
  const depth = id.split('.').length;
  return fc.record(
    {
      id: fc.constant(id),
      type: fc.constant(WBS_TYPES[depth - 1]!),
      status: fc.constantFrom(...WBS_STATUSES),
      title: text(),
      description: text(80),
      parent: fc.constant(wbsParentOf(id)),
      children: depth < 3 ? fc.uniqueArray(fc.integer({ min: 1, max: 20 }), { maxLength: 3 }).map((ns) => ns.map((n) => `${id}.${n}`)) : fc.constant([]),
      dependencies: fc.uniqueArray(wbsIdArb(), { maxLength: 2 }),
      acceptanceCriteria: fc.array(text(), { maxLength: 2 }),
      deliverables: fc.array(relPath, { maxLength: 2 }),
      tests: fc.array(fc.constantFrom('npm test', 'npx vitest run'), { maxLength: 2 }),
      agent: agentId,
      startedAt: fc.option(dateTimeArb, { nil: null }),
      completedAt: fc.option(dateTimeArb, { nil: null }),
      validationResults: fc.record({ testsPass: fc.boolean(), deliverablesExist: fc.boolean() }, { requiredKeys: [] }),
    },
    { requiredKeys: ['id', 'type', 'status'] },
  );
});
