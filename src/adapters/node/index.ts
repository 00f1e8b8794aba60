/**
 * `memkit/node`: the Node side: `openMemory(dir)`, a confined file-system port, atomic writes
 * and their crash recovery, cross-process ledger locks, safe ledger append and
 * repair, native SHA-256, and the directory source of `memkit check`.
 * The curated list, one line per name, is docs/api-surface.md.
 * @packageDocumentation
 */
export { type NodeMemoryOptions, nodeMemoryOptions, openMemory } from './open-memory.js';
export { nodeHasher } from './hasher.js';
export { DEFAULT_EXTENSIONS, type NodeFiles, type NodeFilesOptions, nodeFiles } from './fs-port.js';
export { type NodeCheckSourceOptions, nodeCheckSource } from './check-source.js';
export { type FsFacade, type FsFileHandle, TEMP_SUFFIX, atomicWrite, isTempName, nodeFs, recoverTemps } from './atomic-write.js';
export {
  LOCK_STALE_MS,
  LOCK_TIMEOUT_MS,
  LOCK_UNREADABLE_STALE_MS,
  type LockHandle,
  type LockOptions,
  type LockOwner,
  type LockRecord,
  type LockStep,
  acquireLock,
  withLock,
} from './lock.js';
export {
  type AppendStep,
  type LedgerFileOptions,
  type LedgerFileStatus,
  type RecoveryRecord,
  type TornTail,
  appendEntry,
  openLedger,
  repairLedger,
  verifyLedgerFile,
} from './ledger-file.js';
export { type GitRun, type NodeGitRunner, type NodeGitRunnerOptions, nodeGitRunner } from './git.js';
