/**
 * The memory handle: one object for a memory directory, its ordinary jobs as methods.
 * @packageDocumentation
 */
export type { AppendLedger, MemoryOptions, WithLock } from './context.js';
export type { CompactInput, Compaction } from './compact.js';
export type { LedgerReport } from './read.js';
export type { IdleWorkflowState, SessionChange } from './session.js';
export type { ProgressInput, ProgressStatus, WrittenProgress } from './progress.js';
export type { ArtifactEntry, ArtifactInput, WrittenArtifact } from './artifact.js';
export type { RedactInput, Redaction } from './redact.js';
export type { AppendInput, AppendedEntry, ChangedFile, TaskInput, ThreadInput, WriteDocInput, WrittenDoc, WrittenTask, WrittenThread } from './write.js';
export { type InclusionProofOf, type LedgerRef, type MemoryDocView, type MemoryHandle, type MemoryOperations, type MemoryOperationsOrThrow, openMemory } from './open-memory.js';
