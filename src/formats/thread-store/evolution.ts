import { Type } from '../../schema/typebox/type.js';
import { type Problem, type Result, error, fail, joinPointer, ok, warning } from '../../kernel/problems/index.js';
import { DateTime, NonEmpty, Semver, SEMVER_PATTERN, StrictRecord, StringEnum } from '../../schema/typebox/common.js';
import { THREAD_ID_PATTERN, TWO_PART_VERSION_PATTERN, Thread, ThreadMetadata, ThreadOperation, ThreadRelations, ThreadStore } from '../../schema/typebox/thread-store.js';
import type { SchemaObject } from '../../schema/registry.js';
import { checkSchema } from '../export-bundle/records.js';

/**
 * The versions of memkit's own thread-store lineage (what `migrateThreadStore`
 * writes), oldest first. 1.0.0 is the seed's format; later versions follow the
 * seed's evolution table (§6): PATCH adds an optional field, MINOR a required
 * field with a default, MAJOR removes or restructures with a migration. The
 * seed fixes no version's content, so `memkit check` holds a store of any
 * version to the seed's shape, not to this lineage. See docs/exchange.md.
 */
export const THREAD_STORE_VERSIONS = ['1.0.0', '1.0.1', '1.1.0', '2.0.0'] as const;

/** A known thread-store version. */
export type ThreadStoreVersion = (typeof THREAD_STORE_VERSIONS)[number];

/** The newest thread-store version memkit can migrate to. */
export const LATEST_THREAD_STORE_VERSION: ThreadStoreVersion = '2.0.0';

type Json = Record<string, unknown>;

/** One step of the thread-store lineage. */
export interface ThreadStoreStep {
  readonly from: ThreadStoreVersion;
  readonly to: ThreadStoreVersion;
  /** The semver bump, as the seed's table requires for the change. */
  readonly bump: 'patch' | 'minor' | 'major';
  /** What changes. */
  readonly change: string;
  /** Pure: returns a new store at `to` from a valid store at `from`. */
  migrate(store: Json): Json;
}

const mapThreads = (store: Json, f: (t: Json) => Json): Json => {
  const threads = store.threads as Record<string, Json>;
  const out: Record<string, Json> = {};
  for (const id of Object.keys(threads)) out[id] = f(threads[id]!);
  return out;
};

/** The steps, in order. */
export const THREAD_STORE_STEPS: readonly ThreadStoreStep[] = [
  {
    from: '1.0.0',
    to: '1.0.1',
    bump: 'patch',
    change: 'new optional thread field `summary` (string): backward compatible, no data change',
    migrate: (s) => ({ ...s, version: '1.0.1' }),
  },
  {
    from: '1.0.1',
    to: '1.1.0',
    bump: 'minor',
    change: "new required thread field `updated_at` (date-time), default: the thread's `created_at`",
    migrate: (s) => ({ ...s, version: '1.1.0', threads: mapThreads(s, (t) => ({ ...t, updated_at: t.updated_at ?? t.created_at })) }),
  },
  {
    from: '1.1.0',
    to: '2.0.0',
    bump: 'major',
    change: 'field removal: `metadata.thread_count` (derivable from `threads`); structure change: operation `operator` string → `{ kind, id: null }`',
    migrate: (s) => {
      const { thread_count: _removed, ...metadata } = s.metadata as Json;
      return {
        ...s,
        version: '2.0.0',
        metadata,
        operations: (s.operations as Json[]).map((op) => ({ ...op, operator: { kind: op.operator, id: null } })),
      };
    },
  },
];

/** Fields that exist only from (`since`) or until (`removedIn`) some version. */
const FIELD_RULES: readonly { where: 'thread' | 'metadata'; field: string; since?: ThreadStoreVersion; removedIn?: ThreadStoreVersion; required?: boolean }[] = [
  { where: 'thread', field: 'summary', since: '1.0.1' },
  { where: 'thread', field: 'updated_at', since: '1.1.0', required: true },
  { where: 'metadata', field: 'thread_count', removedIn: '2.0.0' }, // required by the 1.x schema itself
];

const ThreadV2 = Type.Object({ ...Thread.properties, summary: Type.Optional(Type.String()), updated_at: DateTime }, { title: 'thread (2.0.0)' });
const OperationV2 = Type.Object(
  {
    ...ThreadOperation.properties,
    operator: Type.Object({ kind: StringEnum(['user', 'system', 'agent'] as const), id: Type.Union([NonEmpty(), Type.Null()]) }, { additionalProperties: false }),
  },
  { title: 'thread operation (2.0.0)' },
);
const StoreV2 = Type.Object(
  {
    version: Semver,
    metadata: Type.Object({ last_updated: ThreadMetadata.properties.last_updated }),
    threads: StrictRecord(THREAD_ID_PATTERN, ThreadV2),
    operations: Type.Array(OperationV2),
    relations: StrictRecord(THREAD_ID_PATTERN, ThreadRelations),
  },
  { title: 'thread store (2.0.0)' },
);
const ThreadV1x = Type.Object({ ...Thread.properties, summary: Type.Optional(Type.String()), updated_at: Type.Optional(DateTime) });
const StoreV1x = Type.Object({ ...ThreadStore.properties, threads: StrictRecord(THREAD_ID_PATTERN, ThreadV1x) }, { title: 'thread store (1.x)' });

/** The JSON schema a store of each version must match (field presence rules are checked separately). */
export const THREAD_STORE_SCHEMAS: Readonly<Record<ThreadStoreVersion, SchemaObject>> = {
  '1.0.0': StoreV1x,
  '1.0.1': StoreV1x,
  '1.1.0': StoreV1x,
  '2.0.0': StoreV2,
};

function cmp(a: string, b: string): number {
  const pa = a.split(/[.+-]/).slice(0, 3).map(Number);
  const pb = b.split(/[.+-]/).slice(0, 3).map(Number);
  for (let i = 0; i < 3; i++) if (pa[i]! !== pb[i]!) return pa[i]! < pb[i]! ? -1 : 1;
  return 0;
}

const SEMVER = new RegExp(SEMVER_PATTERN);

/** Reads a store's declared version: a known version, with a warning for the seed's two-part `1.0`. */
// The one definition of the two-part form, shared with the thread-store schema.
const TWO_PART_VERSION = new RegExp(TWO_PART_VERSION_PATTERN);

function declaredVersion(store: unknown): { version?: ThreadStoreVersion; problems: Problem[] } {
  if (typeof store !== 'object' || store === null || Array.isArray(store)) return { problems: [error('exchange.thread-store-version', 'a thread store must be a JSON object', { pointer: '' })] };
  const raw = (store as Json).version;
  if (typeof raw !== 'string') return { problems: [error('exchange.thread-store-version', 'the thread store has no string "version"', { pointer: '/version' })] };
  const problems: Problem[] = [];
  let v = raw;
  if (TWO_PART_VERSION.test(raw)) {
    v = raw + '.0';
    problems.push(warning('exchange.thread-store-version-alias', `version "${raw}" is MAJOR.MINOR (the format's own example form); read as "${v}"`, { pointer: '/version' }));
  } else if (!SEMVER.test(raw)) {
    return { problems: [error('exchange.thread-store-version', `version "${raw}" is not SemVer`, { pointer: '/version' })] };
  }
  if ((THREAD_STORE_VERSIONS as readonly string[]).includes(v)) return { version: v as ThreadStoreVersion, problems };
  if (cmp(v, LATEST_THREAD_STORE_VERSION) > 0)
    return { problems: [...problems, error('exchange.thread-store-too-new', `version "${raw}" is newer than ${LATEST_THREAD_STORE_VERSION}, the newest memkit knows`, { pointer: '/version' })] };
  return {
    problems: [...problems, error('exchange.thread-store-version', `version "${raw}" is not a thread-store version memkit knows (${THREAD_STORE_VERSIONS.join(', ')})`, { pointer: '/version' })],
  };
}

function fieldProblems(store: Json, version: ThreadStoreVersion): Problem[] {
  const out: Problem[] = [];
  const threadRules: FieldRule[] = [];
  for (const rule of FIELD_RULES) {
    const live = (rule.since === undefined || cmp(version, rule.since) >= 0) && (rule.removedIn === undefined || cmp(version, rule.removedIn) < 0);
    // A live field that is optional can be neither too new, removed nor missing: nothing to look at.
    if (live && !rule.required) continue;
    if (rule.where === 'metadata') fieldProblem(out, store.metadata, undefined, { ...rule, live }, version);
    else threadRules.push({ ...rule, live });
  }
  // One pass over the threads for every rule of a thread field.
  const threads = (store.threads ?? {}) as Record<string, Json>;
  if (threadRules.length > 0) for (const id of Object.keys(threads)) for (const rule of threadRules) fieldProblem(out, threads[id], id, rule, version);
  return out;
}

/** A field rule with whether its field exists in the declared version. */
type FieldRule = (typeof FIELD_RULES)[number] & { live: boolean };

/** Adds the problem of one field rule on one object (a thread by `id`, or the metadata), if it has one. */
function fieldProblem(out: Problem[], obj: unknown, id: string | undefined, rule: FieldRule, version: ThreadStoreVersion): void {
  if (typeof obj !== 'object' || obj === null) return;
  const has = Object.hasOwn(obj, rule.field);
  if (has === rule.live || (!has && !rule.required)) return;
  // Pointers are built only for what is reported: a store of 100,000 threads has nothing to say about most.
  const at = { pointer: id === undefined ? joinPointer('/metadata', rule.field) : joinPointer('/threads', id, rule.field) };
  if (!has) out.push(error('exchange.thread-store-missing-field', `"${rule.field}" is required from ${rule.since ?? '1.0.0'}; the store declares ${version}`, at));
  else if (rule.since !== undefined && cmp(version, rule.since) < 0)
    out.push(error('exchange.thread-store-field-too-new', `"${rule.field}" was introduced in ${rule.since}; the store declares ${version}`, at));
  else out.push(error('exchange.thread-store-field-removed', `"${rule.field}" was removed in ${rule.removedIn}; the store declares ${version}`, at));
}

/**
 * Checks that a thread store's content matches the version it declares: the
 * version's schema, no field introduced later (a `summary` in a 1.0.0 store),
 * no field removed earlier, every field the version requires.
 *
 * @example
 * declare const withSummary: ThreadStore; // a 1.1.0 store whose thread t1 has a summary
 * checkThreadStoreVersion({ ...withSummary, version: '1.0.0' })
 * // [{ code: 'exchange.thread-store-field-too-new', pointer: '/threads/t1/summary', ... }]
 */
export function checkThreadStoreVersion(store: unknown): Problem[] {
  const { version, problems } = declaredVersion(store);
  if (version === undefined) return problems;
  // The schema checks the content; a two-part alias was already reported above.
  const schema = checkSchema(THREAD_STORE_SCHEMAS[version], { ...(store as Json), version });
  return [...problems, ...fieldProblems(store as Json, version), ...schema];
}

/**
 * Migrates a thread store to `targetVersion` by composing the pure steps of
 * {@link THREAD_STORE_STEPS}. The input must check clean at its declared
 * version; the input is not mutated; migrations only go forward.
 *
 * @example
 * declare const store10: ThreadStore; // a 1.0.0 store
 * migrateThreadStore(store10, '1.1.0') // threads gain updated_at = created_at
 */
export function migrateThreadStore(store: unknown, targetVersion: string): Result<Json> {
  const found = checkThreadStoreVersion(store);
  if (found.some((p) => p.severity === 'error')) return fail(found);
  const from = declaredVersion(store).version!;
  if (!(THREAD_STORE_VERSIONS as readonly string[]).includes(targetVersion))
    return fail([error('exchange.thread-store-version', `target "${targetVersion}" is not a thread-store version memkit knows (${THREAD_STORE_VERSIONS.join(', ')})`)]);
  if (cmp(from, targetVersion) > 0) return fail([error('exchange.thread-store-too-new', `the store is at ${from}; migrations do not go back to ${targetVersion}`, { pointer: '/version' })]);
  let current = structuredClone(store) as Json;
  current.version = from;
  for (const step of THREAD_STORE_STEPS) {
    if (cmp(step.from, from) < 0 || cmp(step.to, targetVersion) > 0) continue;
    current = step.migrate(current);
  }
  const after = checkThreadStoreVersion(current);
  if (after.some((p) => p.severity === 'error')) return fail(after);
  return ok(current, found);
}
