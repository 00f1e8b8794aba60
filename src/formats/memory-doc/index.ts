import { frontmatterParser } from '../parsers.js';
import type { FormatModule } from '../types.js';
import { isMemoryDocName } from './names.js';

// The names live apart, so the store's listing imports them without the parsers.
export { THUNDERUS_MEMORY_ROOT, isMemoryDocName } from './names.js';

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
