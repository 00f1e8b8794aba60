import { looksLikeLedger, namedOutsideBank } from '../bank-sniff.js';
import { inBank } from '../layout.js';
import { ledgerTextParser } from '../parsers.js';
import type { LedgerFormatModule } from '../types.js';
import { appendOnlyHistory } from '../memory-bank/append-only.js';

/** `productContext.md`: a JSON Lines ledger. */
export const productContext: LedgerFormatModule<'product-context'> = {
  id: 'product-context',
  title: 'productContext.md',
  family: 'memory-bank',
  names: ['productContext.md'],
  matches: inBank('productContext.md'),
  mayHold: namedOutsideBank('productContext.md'),
  sniff: looksLikeLedger,
  schemaIds: ['product-context-entry'],
  parser: ledgerTextParser,
  exportKind: 'ledger',
  merge: 'chain',
  gitPattern: 'productContext.md',
  // memory-bank-schema.md: the file's `writers` and `append_only` lines.
  writerRule: { writers: ['ProductManager'], appendOnly: true },
  ledger: { tsField: 'ts', writerField: 'author_agent', entries: 'json-lines' },
  history: appendOnlyHistory,
};
