import { frontmatterParser } from '../parsers.js';
import { isReadme } from '../layout.js';
import type { FormatModule } from '../types.js';

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

/** A memory doc: YAML frontmatter and a Markdown body under `.thunderus/memory/`. */
export const memoryDoc: FormatModule<'memory-doc'> = {
  id: 'memory-doc',
  title: 'memory doc',
  family: 'thunderus',
  // A bank file inside a directory named `memory-bank` under `.thunderus/memory/` belongs to the bank.
  matches: (path, layout) => /(^|\/)\.thunderus\/memory\/./.test(path) && isMemoryDocName(path) && !layout.isBankFile(path),
  schemaIds: ['memory-doc'],
  parser: frontmatterParser,
  exportKind: 'memory-doc',
};
