import { frontmatterParser } from './parsers.js';
import { isMemoryDocName } from '../store/doc-file.js';
import { MEMORY_BANK_FILES, baseOf, dirOf } from './layout.js';
import type { FormatModule } from './types.js';

/** A memory doc: YAML frontmatter and a Markdown body under `.thunderus/memory/`. */
export const memoryDoc: FormatModule<'memory-doc'> = {
  id: 'memory-doc',
  title: 'memory doc',
  family: 'thunderus',
  // A bank file inside a directory named `memory-bank` under `.thunderus/memory/` belongs to the bank.
  matches: (path, layout) => /(^|\/)\.thunderus\/memory\/./.test(path) && isMemoryDocName(path) && !(Object.hasOwn(MEMORY_BANK_FILES, baseOf(path)) && layout.isBankDir(dirOf(path))),
  schemaIds: ['memory-doc'],
  parser: frontmatterParser,
  exportKind: 'memory-doc',
};
