/**
 * `memkit/ledger`: hash-chained ledgers, RFC 9162 checkpoints and proofs,
 * signed checkpoint notes, the writer policy and the append-only checks
 * (names listed in docs/api-surface.md).
 * @packageDocumentation
 */
export {
  LEDGER_FORMAT_IDS,
  LEDGER_FORMATS,
  type LedgerEntry,
  type LedgerEntryMap,
  type LedgerFormatId,
  type LedgerFormatInfo,
  isLedgerFormat,
  ledgerFormatOfFile,
} from '../../formats/memory-bank/ledgers.js';
export type { LedgerEnv } from '../../formats/memory-bank/env.js';
export { entryBytes, entryHash, serializeEntry } from '../../formats/memory-bank/entry-hash.js';
export { type RedactionRecord, type Tombstone, chainHash, entryLeaf, redactionOf, tombstoneOf } from '../../formats/memory-bank/redaction.js';
export { type RedactOptions, type Redacted, redactLedgerText } from './redact.js';
export { type AppendOptions, type Appended, type EntryDraft, type LedgerHead, append, appendToHead, headOf } from './append.js';
export {
  type ChainConvention,
  type LedgerVerifier,
  type PayloadCheck,
  type PayloadResolver,
  type VerifyOptions,
  type VerifySummary,
  verify,
  verifyEntries,
  verifyText,
} from '../../formats/memory-bank/verify.js';
export { MerkleRootAccumulator, MerkleTree, leafHash, nodeHash } from '../../kernel/canonical/merkle.js';
export { checkInclusion, rootFromInclusionProof, verifyConsistency, verifyInclusion } from './proofs.js';
export {
  type Checkpoint,
  type CheckpointNote,
  type CheckpointSigner,
  type CheckpointVerifier,
  type NoteSignature,
  type SignatureEnv,
  type SubtleCryptoLike,
  type WebCryptoKey,
  checkCheckpointConsistency,
  checkpoint,
  ed25519KeyId,
  formatCheckpoint,
  isNoteText,
  parseCheckpoint,
  parseVerifierKey,
  signCheckpoint,
  verifierKeyString,
  verifyCheckpointSignature,
} from './checkpoint.js';
export { ALL_AGENTS, DEFAULT_WRITER_POLICY, type FileRule, type WriteOperation, type WriterPolicy, checkWrite, withWriters } from '../../formats/memory-bank/policy.js';
export { type AppendOnlyOptions, checkAppendOnly } from '../../formats/memory-bank/append-only.js';
export { type SystemPatternsChangeOptions, checkSystemPatternsChange, systemPatternsDiffHash } from '../../formats/system-patterns/change.js';
export { verifyFeedbackLog } from '../../formats/feedback-log/verify.js';
