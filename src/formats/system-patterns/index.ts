import { looksLikeSystemPatterns, namedOutsideBank } from '../bank-sniff.js';
import { inBank } from '../layout.js';
import { systemPatternsParser } from '../parsers.js';
import type { FormatModule } from '../types.js';
import { systemPatternsHistory } from './history.js';

/** `systemPatterns.md`: a header carrying the body's SHA-256, then the body. */
export const systemPatterns: FormatModule<'system-patterns'> = {
  id: 'system-patterns',
  title: 'systemPatterns.md',
  family: 'memory-bank',
  names: ['systemPatterns.md'],
  matches: inBank('systemPatterns.md'),
  mayHold: namedOutsideBank('systemPatterns.md'),
  sniff: looksLikeSystemPatterns,
  schemaIds: ['system-patterns-header'],
  parser: systemPatternsParser,
  exportKind: 'ledger',
  gitPattern: 'systemPatterns.md',
  // memory-bank-schema.md: the file's `writers` and `append_only` lines.
  writerRule: { writers: ['ReaperOAK'], appendOnly: true, immutable: true },
  history: systemPatternsHistory,
};
