import type { Static, TSchema } from 'typebox';
import { Type } from '../../schema/typebox/type.js';
import { MEMORY_BANK_DIR, decisionLog, fileNameOf } from '../../formats/index.js';
import { MemoryKind } from '../../schema/typebox/thunderus.js';
import { WBS_STATUSES, WbsId } from '../../schema/typebox/wbs.js';

// Input schemas of the tools. Descriptions only where the property name does not say enough: every word costs an agent tokens on every turn.

const Ledger = Type.String({ minLength: 1, description: `ledger path, e.g. ${MEMORY_BANK_DIR}/${fileNameOf(decisionLog)}` });
const Strict = { additionalProperties: false } as const;

export const SearchArgs = Type.Object(
  {
    query: Type.String({ minLength: 1, maxLength: 1000 }),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    kind: Type.Optional(MemoryKind),
  },
  Strict,
);

/** `read` arguments: a doc id or a path, and where in the file a page starts. */
export const ReadArgs = Type.Object(
  {
    id: Type.Optional(Type.String({ minLength: 1 })),
    path: Type.Optional(Type.String({ minLength: 1 })),
    offset: Type.Optional(Type.Integer({ minimum: 0, description: 'byte offset: the next of a truncated read' })),
  },
  Strict,
);

/** `check` takes no arguments. */
export const CheckArgs = Type.Object({}, Strict);

export const VerifyArgs = Type.Object({ ledger: Ledger }, Strict);

/** `history` arguments: newest first, `offset` entries skipped. */
export const HistoryArgs = Type.Object({ ledger: Ledger, limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })), offset: Type.Optional(Type.Integer({ minimum: 0 })) }, Strict);

export const ReadyArgs = Type.Object({ leaves: Type.Optional(Type.Boolean({ description: 'leaf tasks only' })) }, Strict);

/** `remember` arguments: the doc's id and the fields to set (a new doc needs title and kind). */
export const RememberArgs = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 200 }),
    title: Type.Optional(Type.String({ minLength: 1 })),
    kind: Type.Optional(MemoryKind),
    tags: Type.Optional(Type.Array(Type.String())),
    body: Type.Optional(Type.String({ description: 'Markdown; replaces the body' })),
    path: Type.Optional(Type.String({ minLength: 1, description: 'new doc only' })),
  },
  Strict,
);

/** `append` arguments: the entry without id, timestamp and predecessor_hash. */
export const AppendArgs = Type.Object({ ledger: Ledger, entry: Type.Object({}, { description: 'entry fields; id, ts, predecessor_hash are filled in' }) }, Strict);

/** `task` arguments: set a task's status, or add a task (`title` needed). */
export const TaskArgs = Type.Object(
  {
    id: WbsId,
    status: Type.Optional(Type.Enum([...WBS_STATUSES])),
    title: Type.Optional(Type.String({ minLength: 1 })),
    dependencies: Type.Optional(Type.Array(WbsId)),
    checkDeliverables: Type.Optional(
      Type.Boolean({ description: "Look up the task's deliverables and record in validationResults.deliverablesExist whether all exist (a warning for each missing one)." }),
    ),
  },
  Strict,
);

/** `thread` arguments: one thread-store operation. */
export const ThreadArgs = Type.Object(
  {
    command: Type.Enum(['spawn', 'reference', 'freeze', 'archive', 'update']),
    params: Type.Object({}, { description: 'e.g. {"thread_id":"x"}; spawn: parent_id, child_id, objective' }),
    operator: Type.Optional(Type.Enum(['user', 'system', 'agent'])),
    store: Type.Optional(Type.String({ minLength: 1, description: 'when several stores exist' })),
  },
  Strict,
);

export type SearchArgs = Static<typeof SearchArgs>;
export type ReadArgs = Static<typeof ReadArgs>;
export type VerifyArgs = Static<typeof VerifyArgs>;
export type HistoryArgs = Static<typeof HistoryArgs>;
export type ReadyArgs = Static<typeof ReadyArgs>;
export type RememberArgs = Static<typeof RememberArgs>;
export type AppendArgs = Static<typeof AppendArgs>;
export type TaskArgs = Static<typeof TaskArgs>;
export type ThreadArgs = Static<typeof ThreadArgs>;

/** A schema as plain JSON (TypeBox keeps its own markers on schema objects; the wire gets none of them). */
export function jsonSchemaOf(schema: TSchema): Record<string, unknown> {
  return JSON.parse(JSON.stringify(schema)) as Record<string, unknown>;
}
