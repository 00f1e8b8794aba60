/**
 * `memkit/git`: memory in git: {@link checkAgainstBase}, the merge driver's
 * three-way merges and the repository setup. git is reached through an
 * injected {@link GitRunner} (`memkit/node`'s `nodeGitRunner`), so this entry
 * imports no Node built-in (names listed in docs/api-surface.md).
 * @packageDocumentation
 */
export { type BaseFiles, type BaseUnreadable, checkAgainstBase } from './engine/check-base.js';
export { DEFAULT_MERGE_LIMITS, type MergeInputs, type MergeLimits } from './services/git/bounds.js';
export { type LedgerMerge, type MergeLedgerOptions, type Renumbered, mergeLedger } from './services/git/merge-ledger.js';
export { type JsonMergeFormat, type MergeJsonOptions, mergeJsonFile } from './services/git/merge-json.js';
export { type FileMerge, MERGEABLE_FORMATS, type MergeFileOptions, mergeMemoryFile } from './services/git/merge-file.js';
export { type GitResult, type GitRunner, gitBaseFiles, resolveRevision } from './services/git/runner.js';
export { MEMORY_ATTRIBUTE_PATTERNS, MERGE_DRIVER_NAME, attributePattern, checkSetup, configureDriver, driverConfig, missingAttributes, probeDriver, withAttributes } from './services/git/setup.js';
export { gitCodes, type GitCode } from './services/git/codes.js';
