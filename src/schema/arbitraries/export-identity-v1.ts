import fc from 'fast-check';
import type { IdentityV1 } from '../index.js';
import { dateTimeArb } from './date-time.js';
import { nonEmptyText, tags, text } from './internal.js';

/** Valid v1 `Identity` records (format `export-identity-v1`). */
export const exportIdentityV1Arb: fc.Arbitrary<IdentityV1> = fc.record({
  type: fc.constant('Identity' as const),
  id: nonEmptyText(24),
  name: nonEmptyText(),
  role: text(),
  traits: tags,
  created_at: dateTimeArb,
});
