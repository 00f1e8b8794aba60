import fc from 'fast-check';
import type { FactV1 } from '../index.js';
import { dateTimeArb } from './date-time.js';
import { nonEmptyText, relPath, tags } from './internal.js';

/** Valid v1 `Fact` records (format `export-fact-v1`). */
export const exportFactV1Arb: fc.Arbitrary<FactV1> = fc.record({
  type: fc.constant('Fact' as const),
  id: nonEmptyText(24),
  statement: nonEmptyText(80),
  tags,
  source: fc.option(relPath, { nil: null }),
  created_at: dateTimeArb,
  updated_at: dateTimeArb,
});
