import { defineCodes } from '../../kernel/problems/codes.js';

/** Problem codes of the Thunderus memory files read together: memory docs, the manifest and `events.jsonl`. */
export const thunderusCodes = defineCodes({
  'check.duplicate-doc-id': {
    meaning: 'Two memory docs share the same `id`.',
    fix: 'Give one of them a new id; ids must be unique across the memory directory.',
    source: { seed: 'thunderus-schemas.txt', quote: 'doc_id TEXT PRIMARY KEY,' },
    format: 'memory-doc',
  },
  'check.recap-provenance': {
    meaning: 'An episodic recap has no `Provenance` section, which the recap template requires.',
    fix: 'Add a `## Provenance` heading listing the events and patches the recap came from.',
    source: { seed: 'thunderus-schemas.txt', quote: 'recap template (must include provenance section)' },
    format: 'memory-doc',
  },
  'check.manifest-missing-doc': {
    meaning: 'The memory manifest lists a doc whose file does not exist.',
    fix: 'Regenerate the manifest, or restore the missing doc.',
    source: 'convention',
    format: 'memory-manifest',
  },
  'check.manifest-absolute-path': {
    meaning:
      'A memory manifest entry holds an absolute path (`/home/…/.thunderus/memory/a.md`, `C:\\…`); manifest paths are relative to the repository root, so the manifest only works on the machine that wrote it. The entry is read as the doc its `.thunderus/` part names.',
    fix: 'Regenerate the manifest, or write the path from `.thunderus/` on.',
    severity: 'warning',
    source: 'convention',
    format: 'memory-manifest',
  },
  'check.manifest-unlisted-doc': {
    meaning: 'A memory doc on disk is not listed in the memory manifest.',
    fix: 'Regenerate the manifest so it lists every doc.',
    source: 'convention',
    format: 'memory-manifest',
  },
  'check.manifest-stale': {
    meaning: 'A manifest entry disagrees with the frontmatter of the doc it points at (id, kind, title, tags, updated or provenance).',
    fix: 'Regenerate the manifest from the docs on disk; the docs are the source of truth.',
    source: 'convention',
    format: 'memory-manifest',
  },
  'check.unknown-event': {
    meaning: "A memory doc's provenance names an event id that no events.jsonl in the directory holds.",
    fix: 'Correct the event id, or restore the missing event.',
    source: { seed: 'thunderus-schemas.txt', quote: 'events: [<event_id>, ...] # back-links into events.jsonl' },
    format: 'memory-doc',
  },
  'check.unknown-patch': {
    meaning: "A memory doc's provenance names a patch id that no `patch` event holds.",
    fix: 'Correct the patch id, or restore the patch event.',
    source: { seed: 'thunderus-schemas.txt', quote: 'patches: [<patch_id>, ...] # back-links into patch queue events' },
    format: 'memory-doc',
  },
  'check.unknown-snapshot': {
    meaning: "An event's `refs.snapshot_id` names a snapshot that no `snapshot` event records.",
    fix: 'Correct the snapshot id, or restore the snapshot event.',
    source: 'convention',
    format: 'events',
  },
  'check.unknown-doc-ref': {
    meaning: "An event's `refs.memory_doc_ids` names a memory doc id that no doc on disk has: a doc retired since (events.jsonl is append-only, so the line stays as written) or a wrong id.",
    fix: 'Nothing to fix in the log if the doc was retired; otherwise restore the memory doc, or write the right id in new events.',
    severity: 'warning',
    source: 'convention',
    format: 'events',
  },
  'check.duplicate-event-id': { meaning: 'Two events share the same `id`.', fix: 'Event ids must be unique; give the later event a new id.', source: 'convention', format: 'events' },
  'check.duplicate-ref': {
    meaning: 'Two `patch` (or `snapshot`) events claim the same patch or snapshot id.',
    fix: 'Each patch and snapshot is recorded once; remove or renumber the duplicate.',
    source: 'convention',
    format: 'events',
  },
});
