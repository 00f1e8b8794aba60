import Type, { type Static } from 'typebox';
import { AnyObject, DateTime, NonEmpty, Semver, StringEnum, StrictRecord } from './common.js';

/**
 * Thread ids: alphanumeric with hyphens and underscores. `__proto__`,
 * `constructor` and `prototype` are refused: thread ids are object keys.
 */
export const THREAD_ID_PATTERN = '^(?!(?:__proto__|constructor|prototype)$)[A-Za-z0-9_-]+$';
/** A thread id. */
export const ThreadId = Type.String({ pattern: THREAD_ID_PATTERN });

/** Thread statuses; transitions: active → frozen | archived, frozen → archived. */
export const THREAD_STATUSES = ['active', 'frozen', 'archived'] as const;

/** Thread store metadata. */
export const ThreadMetadata = Type.Object({
  last_updated: DateTime,
  thread_count: Type.Integer({ minimum: 0 }),
});

/** One thread. Extra fields are kept (the seed's example allows them). */
export const Thread = Type.Object(
  {
    id: ThreadId,
    title: NonEmpty(),
    objective: NonEmpty(),
    created_at: DateTime,
    status: StringEnum(THREAD_STATUSES),
    tags: Type.Optional(Type.Array(Type.String())),
    parent_id: Type.Union([ThreadId, Type.Null()]),
    storage_path: NonEmpty('thread directory path'),
  },
  { title: 'thread' },
);

/** Commands the seed defines; others are allowed but not interpreted. */
export const THREAD_COMMANDS = ['spawn', 'reference', 'freeze', 'archive', 'update'] as const;

/** One operation in the history. */
export const ThreadOperation = Type.Object(
  {
    id: NonEmpty('operation id'),
    timestamp: DateTime,
    command: NonEmpty('CLI command name'),
    operator: StringEnum(['user', 'system', 'agent'] as const),
    params: AnyObject('command-specific parameters'),
  },
  { title: 'thread operation' },
);

/** The relations cache of one thread. */
export const ThreadRelations = Type.Object(
  {
    children: Type.Array(ThreadId),
    references_to: Type.Array(ThreadId),
    referenced_by: Type.Array(ThreadId),
    depends_on: Type.Array(ThreadId),
  },
  { title: 'thread relations' },
);

/** A whole thread store file. */
export const ThreadStore = Type.Object(
  {
    version: Semver,
    metadata: ThreadMetadata,
    threads: StrictRecord(THREAD_ID_PATTERN, Thread),
    operations: Type.Array(ThreadOperation),
    relations: StrictRecord(THREAD_ID_PATTERN, ThreadRelations),
  },
  { title: 'thread store' },
);

/** A thread store file. */
export type ThreadStore = Static<typeof ThreadStore>;

/** One thread. */
export type Thread = Static<typeof Thread>;

/** One thread operation. */
export type ThreadOperation = Static<typeof ThreadOperation>;

/** One thread's relations. */
export type ThreadRelations = Static<typeof ThreadRelations>;
