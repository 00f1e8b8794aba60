import fc from 'fast-check';
import { MEMORY_KINDS, type MemoryManifest } from '../index.js';
import { dateTimeArb } from './date-time.js';
import { memoryDocIdArb } from './memory-doc-id.js';
import { nonEmptyText, relPath, tags } from './internal.js';
import { provenanceArb } from './provenance.js';

/** Valid memory manifests (format `memory-manifest`). */
export const memoryManifestArb: fc.Arbitrary<MemoryManifest> = fc.record({
  version: fc.constant(1 as const),
  generated_at: dateTimeArb,
  docs: fc.array(
    fc.record({
      path: relPath.map((p) => '.thunderus/memory/' + p),
      id: memoryDocIdArb,
      kind: fc.constantFrom(...MEMORY_KINDS),
      title: nonEmptyText(),
      tags,
      updated: dateTimeArb,
      provenance: provenanceArb,
    }),
    { maxLength: 4 },
  ),
});
