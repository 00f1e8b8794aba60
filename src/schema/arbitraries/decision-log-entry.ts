import fc from 'fast-check';
import type { DecisionLogEntry } from '../index.js';
import { compactDateArb } from './compact-date.js';
import { dateTimeArb } from './date-time.js';
import { agentId, nonEmptyText, pad } from './internal.js';
import { sha256Arb } from './sha256.js';

/** Valid `decisionLog.md` entries (format `decision-log-entry`); ids `DEC-YYYYMMDD-NNN` name real days. */
export const decisionLogEntryArb: fc.Arbitrary<DecisionLogEntry> = fc.record({
  id: fc.tuple(compactDateArb, fc.integer({ min: 0, max: 999 })).map(([d, n]) => `DEC-${d}-${pad(n, 3)}`),
  ts: dateTimeArb,
  proposer_agent: agentId,
  rationale: nonEmptyText(80),
  diff_hash: sha256Arb,
  tests_passed: fc.boolean(),
  predecessor_hash: sha256Arb,
});
