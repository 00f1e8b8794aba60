import fc from 'fast-check';
import type { Static } from 'typebox';
import type { Provenance } from '../index.js';
import { prefixedId } from './internal.js';

/** Provenance back-links: `evt_…` event ids, `patch_…` patch ids, optional git commit ids. */
export const provenanceArb: fc.Arbitrary<Static<typeof Provenance>> = fc.record(
  {
    events: fc.array(prefixedId('evt_'), { maxLength: 3 }),
    patches: fc.array(prefixedId('patch_'), { maxLength: 3 }),
    commits: fc.array(fc.stringMatching(/^[0-9a-f]{7,40}$/), { maxLength: 2 }),
  },
  { requiredKeys: ['events', 'patches'] },
);
