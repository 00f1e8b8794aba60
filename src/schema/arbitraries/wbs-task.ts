import fc from 'fast-check';
import { type TaskEntity, WBS_STATUSES, WBS_TYPES } from '../index.js';
import { dateTimeArb } from './date-time.js';
import { agentId, relPath, text, wbsParentOf } from './internal.js';
import { wbsIdArb } from './wbs-id.js';

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
