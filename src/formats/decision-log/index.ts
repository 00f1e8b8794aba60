import { looksLikeLedger, namedOutsideBank } from '../bank-sniff.js';
import { inBank } from '../layout.js';
import { ledgerTextParser } from '../parsers.js';
import type { LedgerFormatModule } from '../types.js';
import { appendOnlyHistory } from '../memory-bank/append-only.js';

/** `decisionLog.md`: a JSON Lines ledger. */
export const decisionLog: LedgerFormatModule<'decision-log'> = {
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
  merge: 'chain',
  gitPattern: 'decisionLog.md',
  // memory-bank-schema.md: the file's `writers` and `append_only` lines.
  writerRule: { writers: ['ReaperOAK'], appendOnly: true, immutable: true },
  // No field names the writer: proposer_agent is who proposed the decision, which ReaperOAK, the one writer, records.
  ledger: { tsField: 'ts', idField: 'id', idPrefix: 'DEC-', entries: 'json-lines' },
  history: appendOnlyHistory,
};
