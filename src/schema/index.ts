/**
 * `memkit/schemas`: the TypeBox schema of every memkit format (emitted as
 * JSON Schema 2020-12 under `memkit/schemas/*.json`), their id patterns and
 * enums, the `Static` type of each record, and the format registry with
 * `validate`. The curated list, one line per name, is docs/api-surface.md.
 * @packageDocumentation
 */
// Building blocks shared by several formats.
export { DATE_TIME_PATTERN, DateTime, GitSha, Rfc3339DateTime, SEMVER_PATTERN, Semver, Sha256 } from './common.js';
export { ISO_DATE_TIME_PATTERN, isDateTime, isIsoDateTime, isoDateTimeMillis } from './date-time.js';

// Thunderus memory (`.thunderus/memory/`).
export {
  DEDUP_STRATEGIES,
  EVENT_ACTORS,
  EVENT_ID_PATTERN,
  EVENT_KINDS,
  EVENT_SESSION_ID_PATTERN,
  EventRefs,
  EventV1,
  GardenerConfig,
  MEMORY_KINDS,
  ManifestDoc,
  MemoryDocFrontmatter,
  MemoryDocId,
  MemoryKind,
  MemoryManifest,
  PATCH_ID_PATTERN,
  Provenance,
  SNAPSHOT_ID_PATTERN,
  Verification,
} from './thunderus.js';

// Memory Bank (`memory-bank/`).
export {
  ActiveContextEntry,
  AgentId,
  Artifact,
  ArtifactsManifest,
  DECISION_ID_PATTERN,
  DecisionLogEntry,
  FeedbackLogEntry,
  PHASES,
  PHASE_STATUSES,
  PROGRESS_STATUSES,
  PhaseState,
  PredecessorHash,
  ProductContextEntry,
  ProgressRow,
  RISK_ID_PATTERN,
  RiskRegisterEntry,
  SESSION_ID_PATTERN,
  STRIDE,
  SystemPatternsHeader,
  WorkflowState,
  isStrideCategory,
} from './memory-bank.js';

// Export bundles (v1 records; v2 is in `memkit/exchange`).
export { DecisionV1, ExportManifest, FactV1, IdentityV1, V1_RECORD_TYPES } from './export-v1.js';

// Thread store.
export {
  THREAD_COMMANDS,
  THREAD_ID_PATTERN,
  THREAD_STATUSES,
  TWO_PART_VERSION_PATTERN,
  Thread,
  ThreadId,
  ThreadMetadata,
  ThreadOperation,
  ThreadRelations,
  ThreadStore,
  ThreadStoreSemver,
} from './thread-store.js';

// WBS task memory.
export { TaskEntity, TaskIndex, TaskIndexEntry, WBS_ID_PATTERN, WBS_STATUSES, WBS_TYPES, WbsId, WbsProgress } from './wbs.js';

// memkit.config.json.
export { MemkitConfig } from './memkit-config.js';

// The registry, validation and the emitted files.
export type { SchemaValue, TypedSchema } from './typed-schema.js';
export { type CheckEnv, type FormatDef, type FormatFamily, type SchemaId, type SchemaObject, formatIds, formats, getFormat, isSchemaId } from './registry.js';
export {
  DEFAULT_MAX_PROBLEMS,
  type FormatValidator,
  type SchemaIdInput,
  type Tally,
  type ValidateOptions,
  compileTally,
  compileValidator,
  isValid,
  parseFormat,
  validate,
} from './validate.js';
export { MAX_CHARS_PER_TOKEN, SUMMARY_MAX_TOKENS, type TokenCounter, countTokensUpTo, defaultCountTokens } from './tokens.js';
export { SCHEMA_BASE_URL, type SchemaFile, emitSchemaFiles, toJsonSchema } from './emit.js';
export { MEMORY_STORE_SQL } from './memory-store-sql.js';
