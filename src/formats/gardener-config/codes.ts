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
});
