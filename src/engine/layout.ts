/**
 * Layout discovery for the directory checker. What a path holds is decided
 * by the table of formats (`src/formats/`), the one classifier in memkit;
 * this module re-exports it and keeps the checker's own walk facts.
 */
export { FORMAT_IDS, type FormatId, type Layout, MEMORY_BANK_FILES, type PathClass, classifyPath, classifyPaths, dirOf, layoutOf } from '../formats/index.js';

/** Directories the walk never enters. */
export const SKIPPED_DIRS: ReadonlySet<string> = new Set(['.git', 'node_modules']);

/** The directory holding `.claude/memory` for a WBS path (`a/.claude/memory/tasks/1.json` → `a/.claude/memory`). */
export function wbsRoot(path: string): string {
  const i = path.lastIndexOf('.claude/memory/');
  return path.slice(0, i + '.claude/memory'.length);
}
