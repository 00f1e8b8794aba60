import fc from 'fast-check';
import type { ActiveContextEntry } from '../index.js';
import { dateTimeArb } from './date-time.js';
import { ALNUM, agentId, token } from './internal.js';
import { sha256Arb } from './sha256.js';

const word = token(ALNUM, 1, 8);

/**
 * Valid `activeContext.md` entries (format `active-context-entry`).
 * `summary_128` stays within 128 tokens of the default counter
 * (`defaultCountTokens`): at most 128 characters, or up to 60 short words.
 */
export const activeContextEntryArb: fc.Arbitrary<ActiveContextEntry> = fc.record({
  ts: dateTimeArb,
  source_agent: agentId,
  source_chunks: fc.array(sha256Arb, { maxLength: 3 }),
  summary_128: fc.oneof(
    fc.string({ maxLength: 128 }),
    fc.array(word, { maxLength: 60 }).map((w) => w.join(' ')),
  ),
  predecessor_hash: sha256Arb,
});
