import type { Static } from 'typebox';
import { Type } from './type.js';
import { AnyObject, DateTime, SEED_SEMVER_PATTERN, SeedSemver, StringEnum, StrictRecord, TWO_PART_VERSION_PATTERN as TWO_PART } from './common.js';

/**
 * Thread ids: alphanumeric with hyphens and underscores. `__proto__`,
 * `constructor` and `prototype` are refused: thread ids are object keys.
 */
export const THREAD_ID_PATTERN = '^(?!(?:__proto__|constructor|prototype)$)[A-Za-z0-9_-]+$';
/** A thread id. */
export const ThreadId = Type.String({ pattern: THREAD_ID_PATTERN });

/** `MAJOR.MINOR`: the form of the format's own example (`"1.0"`); memkit reads it and warns (`threads.version-two-part`). */
export const TWO_PART_VERSION_PATTERN = TWO_PART;

/** The pattern of a thread store's `version`: {@link TWO_PART_VERSION_PATTERN} or SemVer 2.0.0, as every field a seed calls "semver". */
export const THREAD_STORE_VERSION_PATTERN = SEED_SEMVER_PATTERN;

/**
 * A thread store's `version`: SemVer 2.0.0, or the two-part `MAJOR.MINOR` the
 * format's own example uses (`"1.0"`), which is valid too.
 */
export const ThreadStoreSemver = SeedSemver();

/** Thread statuses; transitions: active → frozen | archived, frozen → archived. */
export const THREAD_STATUSES = ['active', 'frozen', 'archived'] as const;

/** Thread store metadata. */
export const ThreadMetadata = Type.Object({
  last_updated: DateTime,
  // "number" in the format; a count that is not the number of threads is threads.count-mismatch.
  thread_count: Type.Number(),
});

/**
 * One thread. Extra fields are kept (the seed's example allows them). Strings
 * the format only types as strings may be empty; memkit's reading that they are
 * not is the `threads.empty-string` convention (the Memory Bank's `Text` fields
 * follow the same rule as `convention.empty-string`).
 */
export const Thread = Type.Object(
  {
    id: ThreadId,
    title: Type.String(),
    objective: Type.String(),
    created_at: DateTime,
    status: StringEnum(THREAD_STATUSES),
    tags: Type.Optional(Type.Array(Type.String())),
    parent_id: Type.Union([ThreadId, Type.Null()]),
    storage_path: Type.String({ description: 'thread directory path' }),
  },
  { title: 'thread' },
);

/** Commands the seed defines; others are allowed but not interpreted. */
export const THREAD_COMMANDS = ['spawn', 'reference', 'freeze', 'archive', 'update'] as const;

/** One operation in the history. */
export const ThreadOperation = Type.Object(
  {
    id: Type.String({ description: 'operation id' }),
    timestamp: DateTime,
    command: Type.String({ description: 'CLI command name' }),
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
    version: ThreadStoreSemver,
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
