import { defineCodes } from '../kernel/problems/codes.js';

/**
 * Problem codes raised by the directory checker (`memkit check`): problems
 * with files as files (unreadable, binary, loops) and the cross-file rules.
 * Per-format codes come from the modules that check each format.
 */
export const checkCodes = defineCodes({
  'check.unreadable': {
    meaning: 'A file or directory could not be read (permissions, or it vanished during the check).',
    fix: 'Fix the permissions, or remove the file if it is not needed.',
    source: 'operational',
  },
  'check.binary-file': {
    meaning: 'A file where a memkit text format belongs holds binary data (NUL bytes).',
    fix: 'Replace the file with the text format it should hold, or move it out of the memory directory.',
    source: 'operational',
  },
  'check.symlink-loop': {
    meaning: 'A symbolic link points back into a directory already being walked; it was not followed.',
    fix: 'Remove the link or point it outside the directory tree.',
    source: 'operational',
  },
  'check.outside-root': {
    meaning:
      'A symbolic link under the checked directory resolves outside it; it was neither followed nor read. An error where a memory format belongs (a file the layout names, or a link inside `memory-bank`, `.thunderus` or `.claude`), since the check cannot vouch for memory it did not read; a warning elsewhere.',
    fix: 'Replace the link with the file or directory itself, or check the target directory on its own.',
    source: 'operational',
  },
  'check.name-case': {
    meaning:
      'A file is named like a memory file in another case (`DecisionLog.md` in a memory bank, `Task-Index.json` under `.claude/memory`, a memory doc ending in `.MD`), so it is not read as that format; on a case-insensitive checkout it may even be the file itself, or hide it.',
    fix: 'Rename the file to the expected name the message gives (merge it into that file if both exist).',
    severity: 'warning',
    source: 'convention',
  },
  'check.not-regular-file': {
    meaning: 'Where a memory format belongs there is something other than a regular file (a FIFO, socket or device); it was not opened for reading.',
    fix: 'Replace it with a regular file holding the format, or remove it.',
    source: 'operational',
  },
  'check.too-large': {
    meaning: "A file is larger than the checker's size limit and was not read.",
    fix: 'Split the file, or raise the limit with `--max-file-size` if the size is expected.',
    source: 'operational',
  },
  'check.toml-syntax': {
    meaning: 'A TOML file (the gardener config) does not parse.',
    fix: 'Fix the TOML at the reported line and column.',
    source: { seed: 'thunderus-schemas.txt', quote: '`.thunderus/memory/gardener.toml` (or json) for rules:' },
    format: 'gardener-config',
  },
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
  'check.prose-bank-missing-file': {
    meaning: "A memory bank in the prose dialect lacks one of the layout's six core files (projectbrief.md, productContext.md, activeContext.md, systemPatterns.md, techContext.md, progress.md).",
    fix: 'Add the file with its part of the context, or ignore the rule if the bank is meant to be smaller.',
    severity: 'warning',
    source: 'convention',
  },
  'check.prose-bank-empty-file': {
    meaning: 'A core file of a memory bank in the prose dialect is empty.',
    fix: 'Write its part of the context, or remove the file.',
    severity: 'warning',
    source: 'convention',
  },
  'check.system-patterns-unrecorded': {
    meaning:
      "No decisionLog.md entry beside systemPatterns.md has a `diff_hash` covering its body or any first part of it: the body reads as a first version that no decision records. The format asks a decision for each change; recording the first version too is memkit's convention.",
    fix: "Record a decision whose diff_hash is the SHA-256 of the first version's body, if every version should be traceable.",
    severity: 'warning',
    source: 'convention',
    format: 'system-patterns',
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
  'check.prose-memory-bank': {
    meaning:
      'A memory bank is in the prose dialect (no ledger holds a JSON line and `systemPatterns.md` has no header): its ledgers, `systemPatterns.md` and `progress.md` were read as plain Markdown and not verified as hash chains, headers or tables. A legitimate layout; the warning says what was not checked.',
    fix: 'Nothing, if the bank is meant to be prose. To have it verified, keep the ledgers as JSON Lines entries and give `systemPatterns.md` its header.',
    severity: 'warning',
    source: 'operational',
  },
  'check.ledger-no-entries': {
    meaning:
      'In a memory bank whose other files are JSON Lines, a ledger holds text but no entry (no line starts with `{`): nothing in it was verified. An empty ledger is valid, so this is a warning.',
    fix: 'Move prose into the Markdown before the first entry and append entries as JSON lines, or empty the file if it has no entries yet.',
    severity: 'warning',
    source: 'operational',
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
  'config.unknown-rule': {
    meaning:
      'The config file (`memkit.config.json` or `--config`) sets the severity of a problem code memkit does not declare; a misspelt code would otherwise be ignored silently. A usage error: the check does not run.',
    fix: 'Correct the code (docs/rules.md lists every rule), or remove the entry.',
    source: 'operational',
  },
  'config.unknown-bank-file': {
    meaning:
      'The config file names, under `memoryBank.writers`, a file that is not a memory-bank file (the names are case-sensitive: `decisionlog.md` is not `decisionLog.md`); its roster would otherwise apply to nothing, silently. A usage error: the check does not run, and `memkit mcp` does not start.',
    fix: 'Spell the file as the memory bank names it (the message suggests the closest name), or remove the entry.',
    source: 'operational',
  },
  'check.internal': {
    meaning: 'memkit hit an unexpected failure while checking a file; the other files were still checked.',
    fix: 'Report this as a memkit bug, with the file if you can share it.',
    source: 'operational',
  },
});

/** A code raised by the directory checker. */
export type CheckCode = keyof typeof checkCodes;
