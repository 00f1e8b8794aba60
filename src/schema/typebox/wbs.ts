import type { Static } from 'typebox';
import { Type } from './type.js';
import { DateTime, Semver, StringEnum } from './common.js';

/** WBS ids: `1`, `1.2`, `1.2.3` (depth 1 to 3, components from 1). */
export const WBS_ID_PATTERN = '^[1-9][0-9]*(\\.[1-9][0-9]*){0,2}$';
/** A WBS id. */
export const WbsId = Type.String({ pattern: WBS_ID_PATTERN, description: 'WBS id: 1, 1.1, 1.1.1' });

/** Entity types by depth: 1 epic, 2 feature, 3 task. */
export const WBS_TYPES = ['epic', 'feature', 'task'] as const;
/** Task statuses. */
export const WBS_STATUSES = ['pending', 'in-progress', 'done'] as const;

/** JSON Schema rules tying `type` to the depth of `id`. */
const depthRule = (idPattern: string, type: (typeof WBS_TYPES)[number]) => ({
  if: { type: 'object', properties: { id: { type: 'string', pattern: idPattern } }, required: ['id'] },
  then: { type: 'object', properties: { type: { type: 'string', const: type } } },
});
const typeMatchesDepth = [depthRule('^[0-9]+$', 'epic'), depthRule('^[0-9]+\\.[0-9]+$', 'feature'), depthRule('^[0-9]+\\.[0-9]+\\.[0-9]+$', 'task')];

/**
 * Progress counts of a parent. The format gives only the shape
 * `{completed: number, total: number}`; what they count (memkit: leaf tasks)
 * is the `wbs.progress-mismatch` convention.
 */
export const WbsProgress = Type.Object({
  completed: Type.Number(),
  total: Type.Number(),
});

/** One entry of `task-index.json`. */
export const TaskIndexEntry = Type.Object(
  {
    id: WbsId,
    type: StringEnum(WBS_TYPES),
    status: StringEnum(WBS_STATUSES),
    parent: Type.Union([WbsId, Type.Null()]),
    children: Type.Array(WbsId),
    dependencies: Type.Array(WbsId),
    progress: Type.Optional(WbsProgress),
    deliverables: Type.Optional(Type.Array(Type.String())),
  },
  { title: 'task-index entry', allOf: typeMatchesDepth },
);

/** `.claude/memory/task-index.json`. */
export const TaskIndex = Type.Object(
  {
    version: Semver,
    tasks: Type.Array(TaskIndexEntry),
  },
  { title: 'task-index.json' },
);

/** `.claude/memory/tasks/<id>.json`: full data of one entity. */
export const TaskEntity = Type.Object(
  {
    id: WbsId,
    type: StringEnum(WBS_TYPES),
    status: StringEnum(WBS_STATUSES),
    title: Type.Optional(Type.String()),
    description: Type.Optional(Type.String()),
    parent: Type.Optional(Type.Union([WbsId, Type.Null()])),
    children: Type.Optional(Type.Array(WbsId)),
    dependencies: Type.Optional(Type.Array(WbsId)),
    acceptanceCriteria: Type.Optional(Type.Array(Type.String())),
    deliverables: Type.Optional(Type.Array(Type.String())),
    tests: Type.Optional(Type.Array(Type.String())),
    agent: Type.Optional(Type.String()),
    startedAt: Type.Optional(Type.Union([DateTime, Type.Null()])),
    completedAt: Type.Optional(Type.Union([DateTime, Type.Null()])),
    validationResults: Type.Optional(
      Type.Object({
        testsPass: Type.Optional(Type.Boolean()),
        deliverablesExist: Type.Optional(Type.Boolean()),
      }),
    ),
  },
  { title: 'task entity', allOf: typeMatchesDepth },
);

/** task-index.json. */
export type TaskIndex = Static<typeof TaskIndex>;
/** One task-index entry. */
export type TaskIndexEntry = Static<typeof TaskIndexEntry>;
/** tasks/<id>.json. */
export type TaskEntity = Static<typeof TaskEntity>;
