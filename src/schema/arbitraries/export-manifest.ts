import fc from 'fast-check';
import { type ExportManifest, V1_RECORD_TYPES } from '../index.js';
import { dateTimeArb } from './date-time.js';
import { agentId } from './internal.js';
import { sha256Arb } from './sha256.js';

/**
 * Valid export manifests (format `export-manifest`) of v1 bundles:
 * `schema_version` 1 and `record_types` drawn from Fact, Decision, Identity.
 */
export const exportManifestArb: fc.Arbitrary<ExportManifest> = fc
  .record(
    {
      exported_at: dateTimeArb,
      agent_id: agentId,
      record_types: fc.shuffledSubarray([...V1_RECORD_TYPES]),
      counts: fc.array(fc.nat({ max: 1000 }), { minLength: 3, maxLength: 3 }),
      digest: sha256Arb,
      withCounts: fc.boolean(),
    },
    { requiredKeys: ['exported_at', 'agent_id', 'record_types', 'counts', 'withCounts'] },
  )
  .map(({ counts, withCounts, ...m }) => ({
    superagents_export: '1' as const,
    schema_version: 1,
    ...m,
    ...(withCounts ? { record_counts: Object.fromEntries(m.record_types.map((t, i) => [t, counts[i]!])) } : {}),
  }));
