/**
 * memkit core: the memory handle (`openMemory`), problems, canonical JSON
 * and hashing, `validate` over the format registry, parsers and serializers, secret detection. Loads no WASM and no `node:`
 * module. The TypeBox schemas themselves live in `memkit/schemas`: the core's
 * declarations name no TypeBox type, so a strict consumer without
 * `skipLibCheck` type-checks an import of `memkit` in about a second.
 * The curated list, one line per name, is docs/api-surface.md.
 * @packageDocumentation
 */
// The memory handle: one object for a memory directory.
export {
  type AppendInput,
  type AppendLedger,
  type AppendedEntry,
  type ArtifactEntry,
  type ArtifactInput,
  type ChangedFile,
  type CompactInput,
  type Compaction,
  type IdleWorkflowState,
  type InclusionProofOf,
  type LedgerReport,
  type LedgerRef,
  type MemoryDocView,
  type MemoryHandle,
  type MemoryOperations,
  type MemoryOperationsOrThrow,
  type MemoryOptions,
  type ProgressInput,
  type ProgressStatus,
  type RedactInput,
  type Redaction,
  type SessionChange,
  type TaskInput,
  type ThreadInput,
  type WriteDocInput,
  type WrittenArtifact,
  type WrittenDoc,
  type WrittenProgress,
  type WrittenTask,
  type WithLock,
  type WrittenThread,
  openMemory,
} from './handle/index.js';
export { type FilePort, memoryFiles } from './kernel/file-port.js';

// Secret detection: what every write refuses and `memkit check` reports as secret.detected.
export { type SecretFinding, type SecretKind, type SecretOptions, findSecrets, maskSecrets } from './kernel/secrets/index.js';

// Problems and results.
export { type Problem, type Result, type Severity, error, fail, hasErrors, inFile, ok, warning } from './kernel/problems/problem.js';
export { MemkitError, unwrap } from './kernel/problems/memkit-error.js';
export { type Position, positionAt } from './kernel/problems/position.js';
export { getAtPointer, joinPointer, parsePointer, toPointer } from './kernel/problems/pointer.js';

// Canonical JSON (RFC 8785) and SHA-256.
export { CanonicalizeError, canonicalize, canonicalizeResult } from './kernel/canonical/jcs.js';
export { hashJson } from './kernel/canonical/hash-json.js';
export { type Hasher, ZERO_HASH, fromHex, jsHasher, sha256Hex, toHex } from './kernel/canonical/sha256.js';
export { type ReadJsonOptions, readJson } from './kernel/canonical/read-json.js';
export { isWellFormed } from './kernel/canonical/well-formed.js';

// Validation against the format registry.
export { type SchemaId, formatIds, isSchemaId } from './schema/registry.js';
export { type FormatValidator, type SchemaIdInput, type ValidateOptions, compileValidator, isValid, parseFormat, validate } from './schema/validate.js';
export { type TokenCounter, defaultCountTokens } from './schema/tokens.js';

// Parsers and serializers.
export { type ParseJsonOptions, parseJson } from './syntax/json.js';
export { DEFAULT_LIMITS, type Limits } from './syntax/limits.js';
export {
  type FrontmatterDoc,
  type FrontmatterOptions,
  type StringifyFrontmatterOptions,
  type UpdateFrontmatterOptions,
  parseFrontmatter,
  parseFrontmatterOrThrow,
  serializeFrontmatter,
  splitFrontmatter,
  stringifyFrontmatter,
  updateFrontmatter,
} from './syntax/frontmatter.js';
export { type Heading, type MarkdownOutline, markdownOutline } from './syntax/markdown.js';
export { type JsonlItem, type JsonlOptions, type JsonlSource, parseJsonLine, parseJsonl, parseJsonlText, serializeJsonl } from './syntax/jsonl.js';
export { type ChunkSource, iterateChunks } from './syntax/chunks.js';
export { type LedgerLine, type LedgerText, type LedgerTextOptions, parseLedgerText } from './formats/memory-bank/ledger-text.js';
export {
  PROGRESS_COLUMNS,
  type ProgressTable,
  type ProgressTableOptions,
  type ProgressTableRow,
  parseProgressTable,
  serializeProgressTable,
} from './formats/progress/parse.js';
export {
  type FeedbackLog,
  type FeedbackLogBlock,
  type FeedbackLogOptions,
  appendFeedbackEntry,
  parseFeedbackLog,
  serializeFeedbackLog,
  stringifyFeedbackEntry,
} from './formats/feedback-log/parse.js';
export { type SystemPatterns, type SystemPatternsOptions, parseSystemPatterns, systemPatternsBodyHash } from './formats/system-patterns/parse.js';
