import { looksLikeLedger, namedOutsideBank } from '../bank-sniff.js';
import { inBank } from '../layout.js';
import { ledgerTextParser } from '../parsers.js';
import { ALL_AGENTS, type LedgerFormatModule } from '../types.js';
import { appendOnlyHistory } from '../memory-bank/append-only.js';

/** `activeContext.md`: a JSON Lines ledger. */
export const activeContext: LedgerFormatModule<'active-context'> = {
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
  merge: 'chain',
  gitPattern: 'activeContext.md',
  // memory-bank-schema.md: the file's `writers` and `append_only` lines.
  writerRule: { writers: [ALL_AGENTS], appendOnly: true },
  ledger: { tsField: 'ts', writerField: 'source_agent', entries: 'json-lines' },
  history: appendOnlyHistory,
};
