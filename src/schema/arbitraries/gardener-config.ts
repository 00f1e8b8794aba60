import fc from 'fast-check';
import { DEDUP_STRATEGIES, type GardenerConfig, MEMORY_KINDS } from '../index.js';
import { nonEmptyText, relPath } from './internal.js';

const count = fc.integer({ min: 0, max: 10_000 });

/** Valid gardener configs (format `gardener-config`); `required_sections` always holds `Provenance`. */
export const gardenerConfigArb: fc.Arbitrary<GardenerConfig> = fc.record(
  {
    version: fc.constant(1 as const),
    size_caps: fc.record(
      {
        max_doc_bytes: fc.integer({ min: 1, max: 1 << 24 }),
        max_total_bytes: fc.integer({ min: 1, max: 1 << 30 }),
        max_docs: count,
        max_docs_per_kind: fc.record({ core: count, fact: count, adr: count, playbook: count, recap: count }, { requiredKeys: [] }),
      },
      { requiredKeys: [] },
    ),
    allowed_kinds: fc.shuffledSubarray([...MEMORY_KINDS], { minLength: 1 }),
    dedup: fc.record({ strategy: fc.constantFrom(...DEDUP_STRATEGIES) }),
    recap_template: fc.record({
      path: relPath.map((p) => 'memory/episodic/' + p),
      required_sections: fc.uniqueArray(nonEmptyText(20), { maxLength: 4 }).chain((extra) => {
        const all = ['Provenance', ...extra.filter((s) => s !== 'Provenance')];
        return fc.shuffledSubarray(all, { minLength: all.length });
      }),
    }),
  },
  { requiredKeys: ['size_caps', 'allowed_kinds', 'dedup', 'recap_template'] },
);
