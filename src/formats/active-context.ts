import { inBank } from './layout.js';
import { ledgerTextParser } from './parsers.js';
import type { FormatModule } from './types.js';

/** `activeContext.md`: a JSON Lines ledger. */
export const activeContext: FormatModule<'active-context'> = {
  id: 'active-context',
  title: 'activeContext.md',
  family: 'memory-bank',
  matches: inBank('activeContext.md'),
  schemaIds: ['active-context-entry'],
  parser: ledgerTextParser,
  exportKind: 'ledger',
};
