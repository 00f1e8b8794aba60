import { looksLikeLedger, namedOutsideBank } from './bank-sniff.js';
import { inBank } from './layout.js';
import { ledgerTextParser } from './parsers.js';
import type { FormatModule } from './types.js';

/** `activeContext.md`: a JSON Lines ledger. */
export const activeContext: FormatModule<'active-context'> = {
  id: 'active-context',
  title: 'activeContext.md',
  family: 'memory-bank',
  names: ['activeContext.md'],
  matches: inBank('activeContext.md'),
  mayHold: namedOutsideBank('activeContext.md'),
  sniff: looksLikeLedger,
  schemaIds: ['active-context-entry'],
  parser: ledgerTextParser,
  exportKind: 'ledger',
};
