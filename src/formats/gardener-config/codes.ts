import { defineCodes } from '../../kernel/problems/codes.js';

/** Problem codes of the gardener config and the caps it sets on memory docs. */
export const gardenerCodes = defineCodes({
  'check.toml-syntax': {
    meaning: 'A TOML file (the gardener config) does not parse.',
    fix: 'Fix the TOML at the reported line and column.',
    source: { seed: 'thunderus-schemas.txt', quote: '`.thunderus/memory/gardener.toml` (or json) for rules:' },
    format: 'gardener-config',
  },
  'check.gardener-doc-too-large': {
    meaning: "A memory doc is larger than `size_caps.max_doc_bytes` in its gardener config. The caps are the user's own rules, so this is an error.",
    fix: 'Split or trim the doc, or raise the cap in the gardener config.',
    source: { seed: 'thunderus-schemas.txt', quote: '- size caps, allowed kinds, dedup strategy, recap template' },
    format: 'gardener-config',
  },
  'check.gardener-total-too-large': {
    meaning: 'The memory docs under a gardener config hold more bytes than its `size_caps.max_total_bytes`.',
    fix: 'Prune or compact memory docs, or raise the cap in the gardener config.',
    source: { seed: 'thunderus-schemas.txt', quote: '- size caps, allowed kinds, dedup strategy, recap template' },
    format: 'gardener-config',
  },
  'check.gardener-too-many-docs': {
    meaning: 'There are more memory docs (of all kinds, or of one kind) under a gardener config than its `size_caps.max_docs` or `size_caps.max_docs_per_kind` allows.',
    fix: 'Merge or retire docs, or raise the cap in the gardener config.',
    source: { seed: 'thunderus-schemas.txt', quote: '- size caps, allowed kinds, dedup strategy, recap template' },
    format: 'gardener-config',
  },
  'check.gardener-kind-not-allowed': {
    meaning: "A memory doc's `kind` is not among the `allowed_kinds` of its gardener config. The config is the user's own rules, so this is an error.",
    fix: 'Give the doc an allowed kind (or retire it), or add the kind to `allowed_kinds`.',
    source: { seed: 'thunderus-schemas.txt', quote: '- size caps, allowed kinds, dedup strategy, recap template' },
    format: 'gardener-config',
  },
  'check.gardener-duplicate-doc': {
    meaning:
      'Two memory docs under a gardener config are duplicates by its dedup strategy (`dedup.strategy` or `dedup_strategy`): the same body (`exact`), the same body in any case and spacing (`normalized-text`), or the same title in any case and spacing (`same-title`). Reported at the later doc. Two docs with one `id` are `check.duplicate-doc-id` whatever the strategy.',
    fix: 'Merge the two docs into one, or retire one.',
    source: { seed: 'thunderus-schemas.txt', quote: '- size caps, allowed kinds, dedup strategy, recap template' },
    format: 'gardener-config',
  },
  'check.gardener-recap-section-missing': {
    meaning:
      "A recap (a memory doc of kind `recap`) has no heading for a section its gardener config's recap template requires (`recap_template.required_sections`, or a root `required_sections`; compared in any case). A missing Provenance section is `check.recap-provenance`.",
    fix: 'Add the section to the recap, or drop it from the required sections.',
    source: { seed: 'thunderus-schemas.txt', quote: '- size caps, allowed kinds, dedup strategy, recap template' },
    format: 'gardener-config',
  },
});
