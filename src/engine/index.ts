/**
 * `memkit/check`: the directory checker behind `memkit check`, layout
 * discovery and per-file plus cross-file checks over a {@link CheckSource}
 * (the file port is injected, so it runs anywhere; `memkit/node` has
 * `nodeCheckSource` for a real directory). The curated list, one line per name,
 * is docs/api-surface.md.
 *
 * @example
 * import { checkDirectory } from 'memkit/check';
 * import { nodeCheckSource } from 'memkit/node';
 * const report = await checkDirectory(nodeCheckSource('memory'));
 * report.ok; report.checked; report.problems
 * @packageDocumentation
 */
export { type CheckDirectoryOptions, type DirectoryReport, checkDirectory } from './check-directory.js';
export { type CheckSource, type FileSlice, type ListScope, type SourceFile, type SourceListing, entersListScope, inListScope, sourceFromFilePort } from './source.js';
export { FORMAT_IDS, type FormatId, type Layout, MEMORY_BANK_FILES, type PathClass, classifyPath, classifyPaths, layoutOf } from '../formats/index.js';
export { RULES, type Rule, ruleFor, describeSource, SPEC_NAMES } from './rules.js';
export type { CodeInfo, RuleSource, SeedFile } from '../kernel/problems/codes.js';
export { PROFILES, type Profile, type RuleSetting, type SeverityPolicy, effectiveSeverity, applyPolicy } from './profile.js';
export { CONFIG_FILE, type MemkitConfig, parseConfig } from './config.js';
