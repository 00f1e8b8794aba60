/**
 * `memkit/git`: memory in git. A check against a base revision
 * ({@link checkAgainstBase}, the old version read through a port), the merge
 * driver's three-way merges (hash-chained ledgers and `events.jsonl`
 * re-chained, WBS index, thread store and memory manifest by item) and the
 * repository setup. git itself is reached through an injected
 * {@link GitRunner} (`memkit/node`'s `nodeGitRunner`), so this entry imports
 * no Node built-in. The curated list, one line per name, is docs/api-surface.md.
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
