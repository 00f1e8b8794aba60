import fc from 'fast-check';
import type { FeedbackLogEntry } from '../index.js';
import { dateTimeArb } from './date-time.js';
import { agentId, nonEmptyText, relPath, text } from './internal.js';
import { sha256Arb } from './sha256.js';

/** Valid `feedback-log.md` entries (format `feedback-log-entry`). */
export const feedbackLogEntryArb: fc.Arbitrary<FeedbackLogEntry> = fc.record({
  timestamp: dateTimeArb,
  from_agent: agentId,
  to_agent: agentId,
  category: fc.constantFrom('defect', 'suggestion', 'concern', 'praise'),
  severity: fc.constantFrom('low', 'medium', 'high', 'critical'),
  artifact_path: relPath,
  description: nonEmptyText(80),
  evidence: text(80),
  predecessor_hash: sha256Arb,
});
