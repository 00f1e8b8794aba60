import fc from 'fast-check';
import { type DecisionV1, type ExportManifest, type FactV1, type IdentityV1, V1_RECORD_TYPES } from '../index.js';
import { agentId, nonEmptyText, relPath, tags, text } from './internal.js';
import { dateTimeArb, sha256Arb } from './primitives.js';

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

/** Valid v1 `Identity` records (format `export-identity-v1`). */
export const exportIdentityV1Arb: fc.Arbitrary<IdentityV1> = fc.record({
  type: fc.constant('Identity' as const),
  id: nonEmptyText(24),
  name: nonEmptyText(),
  role: text(),
  traits: tags,
  created_at: dateTimeArb,
});
