import { isReadme } from '../layout.js';

/** Where memory docs live, relative to the repository root. */
export const THUNDERUS_MEMORY_ROOT = '.thunderus/memory';

/**
 * True for a file name a memory doc may have: Markdown, and not a human
 * README. The store's doc listing uses this same test, so the store and
 * `memkit check` agree on what a memory doc is.
 */
export function isMemoryDocName(path: string): boolean {
  return path.endsWith('.md') && !isReadme(path);
}
