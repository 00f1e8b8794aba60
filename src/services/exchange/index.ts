/**
 * `memkit/exchange`: self-verifying NDJSON export and import (ADR-0002),
 * pure schema migrations, the recovery drill, and thread-store evolution.
 * The curated list, one line per name, is docs/api-surface.md.
 * @packageDocumentation
 */
// Export and import.
export { type ExportEnv, type ExportOptions, type ExportedBundle, exportBundle, exportToString } from './export.js';
export { type ImportOptions, type ImportPhase, type ImportResult, type ImportSummary, type PartialWrite, importBundle, verifyBundle } from './import.js';
export { type RecoveredStaging, recoverStaging } from './staging.js';
export type { ConflictPolicy } from './conflicts.js';
export { type BundleInput, type BundleSource, type ByteChunks, type Spool, memorySpool } from './source.js';
export { BundleDigest } from './digest.js';
export { type DrillOptions, type DrillReport, drill } from './drill.js';

// Where records come from and go to.
export type { ExchangeRecord } from './records.js';
export { type FileRecordStore, type MaybePromise, type Memory, type RecordStore, memoryRecords } from './record-store.js';
export { RECORDS_PATH, directoryMemory, fileRecords } from './directory-memory.js';
export type { FileKind } from './file-records.js';

// Schema versions and migrations.
export { CURRENT_SCHEMA_VERSION, MANIFEST_SCHEMAS, RECORD_SCHEMAS, checkRecord } from '../../formats/export-bundle/records.js';
export { type AnyRecord, type RecordMigration, applySteps, migrateRecord, migrationPath, migrations } from './migrations/index.js';
export {
  LATEST_THREAD_STORE_VERSION,
  THREAD_STORE_SCHEMAS,
  THREAD_STORE_STEPS,
  THREAD_STORE_VERSIONS,
  type ThreadStoreStep,
  type ThreadStoreVersion,
  checkThreadStoreVersion,
  migrateThreadStore,
} from '../../formats/thread-store/evolution.js';

// The v2 record schemas (v1 is in `memkit/schemas`).
export {
  DOC_EDGE_RELS,
  DecisionV2,
  DocEdgeV2,
  ExportManifestV2,
  FILE_KINDS,
  FactV2,
  FileV2,
  IdentityV2,
  type RecordV2,
  SafeRelativePath,
  TraitV2,
  V2_RECORD_TYPES,
  type V2RecordType,
} from '../../schema/export-v2.js';
