import { looksLikeLedger, namedOutsideBank } from './bank-sniff.js';
import { inBank } from './layout.js';
import { ledgerTextParser } from './parsers.js';
import type { FormatModule } from './types.js';

/** `productContext.md`: a JSON Lines ledger. */
export const productContext: FormatModule<'product-context'> = {
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
};
