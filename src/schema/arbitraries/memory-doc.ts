import fc from 'fast-check';
import { MEMORY_KINDS, type MemoryDocFrontmatter } from '../index.js';
import { dateTimeArb } from './date-time.js';
import { memoryDocIdArb } from './memory-doc-id.js';
import { nonEmptyText, tags } from './internal.js';
import { provenanceArb } from './provenance.js';

/** Valid memory doc frontmatter (format `memory-doc`). */
export const memoryDocArb: fc.Arbitrary<MemoryDocFrontmatter> = fc.record({
  id: memoryDocIdArb,
  title: nonEmptyText(),
  kind: fc.constantFrom(...MEMORY_KINDS),
  tags,
  created: dateTimeArb,
  updated: dateTimeArb,
  provenance: provenanceArb,
  verification: fc.record({
    last_verified_commit: fc.option(fc.stringMatching(/^[0-9a-f]{40}$/), { nil: null }),
    status: fc.constantFrom('verified', 'stale', 'unknown'),
  }),
});
