import { looksLikeLedger, namedOutsideBank } from './bank-sniff.js';
import { inBank } from './layout.js';
import { ledgerTextParser } from './parsers.js';
import type { FormatModule } from './types.js';

/** `riskRegister.md`: a JSON Lines ledger. */
export const riskRegister: FormatModule<'risk-register'> = {
  id: 'risk-register',
  title: 'riskRegister.md',
  family: 'memory-bank',
  names: ['riskRegister.md'],
  matches: inBank('riskRegister.md'),
  mayHold: namedOutsideBank('riskRegister.md'),
  sniff: looksLikeLedger,
  schemaIds: ['risk-register-entry'],
  parser: ledgerTextParser,
  exportKind: 'ledger',
};
