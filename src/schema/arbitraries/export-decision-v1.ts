import fc from 'fast-check';
import type { DecisionV1 } from '../index.js';
import { dateTimeArb } from './date-time.js';
import { nonEmptyText, text } from './internal.js';

/** Valid v1 `Decision` records (format `export-decision-v1`). */
export const exportDecisionV1Arb: fc.Arbitrary<DecisionV1> = fc.record({
  type: fc.constant('Decision' as const),
  id: nonEmptyText(24),
  title: nonEmptyText(),
  rationale: text(80),
  status: fc.constantFrom('proposed', 'accepted', 'superseded', 'rejected'),
  decided_at: dateTimeArb,
  supersedes: fc.option(nonEmptyText(24), { nil: null }),
});
