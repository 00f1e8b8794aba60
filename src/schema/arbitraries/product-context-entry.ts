import fc from 'fast-check';
import type { ProductContextEntry } from '../index.js';
import { dateTimeArb } from './date-time.js';
import { agentId, nonEmptyText, relPath } from './internal.js';
import { sha256Arb } from './sha256.js';

/** Valid `productContext.md` entries (format `product-context-entry`); `summary` has at most 256 characters. */
export const productContextEntryArb: fc.Arbitrary<ProductContextEntry> = fc.record({
  ts: dateTimeArb,
  author_agent: agentId,
  summary: fc.oneof(fc.string({ maxLength: 40 }), fc.string({ minLength: 200, maxLength: 256 })),
  payload_hash: sha256Arb,
  payload_loc: fc.oneof(relPath, nonEmptyText()),
  predecessor_hash: sha256Arb,
});
