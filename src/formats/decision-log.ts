import { looksLikeLedger, namedOutsideBank } from './bank-sniff.js';
import { inBank } from './layout.js';
import { ledgerTextParser } from './parsers.js';
import type { FormatModule } from './types.js';

/** `decisionLog.md`: a JSON Lines ledger. */
export const decisionLog: FormatModule<'decision-log'> = {
  id: 'decision-log',
  title: 'decisionLog.md',
  family: 'memory-bank',
  names: ['decisionLog.md'],
  matches: inBank('decisionLog.md'),
  mayHold: namedOutsideBank('decisionLog.md'),
  sniff: looksLikeLedger,
  schemaIds: ['decision-log-entry'],
  parser: ledgerTextParser,
  exportKind: 'ledger',
};
