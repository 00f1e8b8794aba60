import fc from 'fast-check';
import { PROGRESS_STATUSES, type ProgressRow } from '../index.js';
import { dateTimeArb } from './date-time.js';
import { agentId, nonEmptyText } from './internal.js';

/** Valid `progress.md` rows (format `progress-row`). */
export const progressRowArb: fc.Arbitrary<ProgressRow> = fc.record({
  task_id: nonEmptyText(16),
  status: fc.constantFrom(...PROGRESS_STATUSES),
  agent: agentId,
  milestone_severity: fc.constantFrom('LOW', 'MEDIUM', 'HIGH'),
  updated_at: dateTimeArb,
});
