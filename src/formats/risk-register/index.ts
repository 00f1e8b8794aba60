import { looksLikeLedger, namedOutsideBank } from '../bank-sniff.js';
import { inBank } from '../layout.js';
import { ledgerTextParser } from '../parsers.js';
import type { LedgerFormatModule } from '../types.js';
import { appendOnlyHistory } from '../memory-bank/append-only.js';

/** `riskRegister.md`: a JSON Lines ledger. */
export const riskRegister: LedgerFormatModule<'risk-register'> = {
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
  merge: 'chain',
  gitPattern: 'riskRegister.md',
  // memory-bank-schema.md: the file's `writers` and `append_only` lines.
  writerRule: { writers: ['Security', 'ReaperOAK'], appendOnly: true },
  ledger: { tsField: 'ts', idField: 'risk_id', idPrefix: 'RISK-', writerField: 'reporter_agent', entries: 'json-lines' },
  history: appendOnlyHistory,
};
