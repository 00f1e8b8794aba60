import fc from 'fast-check';
import { DEDUP_STRATEGIES, EVENT_ACTORS, EVENT_KINDS, type EventV1, type GardenerConfig, MEMORY_KINDS, type MemoryDocFrontmatter, type MemoryManifest } from '../thunderus.js';
import { ALNUM, nonEmptyText, prefixedId, relPath, tags, text, token } from './internal.js';
import { dateTimeArb } from './primitives.js';

/** Stable memory doc ids such as `fact.testing.llvm-cov`. */
export const memoryDocIdArb: fc.Arbitrary<string> = fc.tuple(fc.constantFrom(...ALNUM), token(ALNUM + '._:-', 0, 30)).map(([first, rest]) => first + rest);

/** Provenance back-links: `evt_…` event ids, `patch_…` patch ids, optional git commit ids. */
export const provenanceArb: fc.Arbitrary<MemoryDocFrontmatter['provenance']> = fc.record(
  {
    events: fc.array(prefixedId('evt_'), { maxLength: 3 }),
    patches: fc.array(prefixedId('patch_'), { maxLength: 3 }),
    commits: fc.array(fc.stringMatching(/^[0-9a-f]{7,40}$/), { maxLength: 2 }),
  },
  { requiredKeys: ['events', 'patches'] },
);

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

/**
 * Valid `events.jsonl` lines (format `event`): a `patch` event always carries
 * `refs.patch_id`, a `snapshot` event `refs.snapshot_id`.
 */
export const eventArb: fc.Arbitrary<EventV1> = fc
  .record({
    id: prefixedId('evt_'),
    ts: dateTimeArb,
    session_id: prefixedId('sess_'),
    actor: fc.constantFrom(...EVENT_ACTORS),
    kind: fc.constantFrom(...EVENT_KINDS),
    refs: fc.record(
      {
        paths: fc.array(relPath, { maxLength: 3 }),
        patch_id: prefixedId('patch_'),
        snapshot_id: prefixedId('snap_'),
        memory_doc_ids: fc.array(memoryDocIdArb, { maxLength: 2 }),
      },
      { requiredKeys: [] },
    ),
    body: fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(text(), fc.integer(), fc.boolean()), { maxKeys: 3 }),
    patchId: prefixedId('patch_'),
    snapshotId: prefixedId('snap_'),
  })
  .map(({ patchId, snapshotId, ...e }) => {
    const refs = { ...e.refs };
    if (e.kind === 'patch' && refs.patch_id === undefined) refs.patch_id = patchId;
    if (e.kind === 'snapshot' && refs.snapshot_id === undefined) refs.snapshot_id = snapshotId;
    return { v: 1 as const, ...e, refs };
  });

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
