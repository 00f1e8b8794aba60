import { type CodeInfo, defineCodes } from '../../kernel/problems/codes.js';
import { exportBundle, threadStore } from '../../formats/index.js';

const bundleCode = (info: CodeInfo): CodeInfo => ({ ...info, format: exportBundle.id });
const threadStoreCode = (info: CodeInfo): CodeInfo => ({ ...info, format: threadStore.id });

/** Problem codes raised by export, import, migrations, the drill and thread-store evolution. */
export const exchangeCodes = defineCodes({
  'exchange.missing-manifest': bundleCode({
    meaning: 'The first line of the bundle is not an export manifest (or the bundle is empty).',
    fix: 'Bundles start with the `superagents_export` manifest line; re-export the memory.',
    source: { seed: 'adr-0002-export-versioning.md', quote: 'with the first line always a schema manifest' },
  }),
  'exchange.manifest-not-first': bundleCode({
    meaning: 'A manifest line was found, but not on line 1.',
    fix: 'Move the manifest to the first line, or re-export the memory.',
    source: { seed: 'adr-0002-export-versioning.md', quote: 'with the first line always a schema manifest' },
  }),
  'exchange.bad-manifest': bundleCode({
    meaning: 'The manifest line is not valid for its schema version.',
    fix: 'Re-export the memory; do not edit the manifest by hand.',
    source: { seed: 'adr-0002-export-versioning.md', quote: 'Embed a schema version header in every export file.' },
  }),
  'exchange.bundle-too-new': bundleCode({
    meaning: 'The bundle uses a schema version newer than this runtime understands.',
    fix: 'Upgrade memkit to a version that supports this schema version.',
    source: { seed: 'adr-0002-export-versioning.md', quote: 'No forward compatibility required' },
  }),
  'exchange.no-migration': bundleCode({
    meaning: "No migration path leads from the bundle's schema version to the current one.",
    fix: 'Register the missing migration step (one file per step in exchange/migrations/).',
    source: { seed: 'adr-0002-export-versioning.md', quote: 'Every runtime version must be able to read exports from any prior version.' },
  }),
  'exchange.unverified-bundle': bundleCode({
    meaning:
      'A v1 bundle has no `digest` (the hash over every record line), so edits cannot be detected, nor truncation when it has no `record_counts` either; the message says which of the two it has.',
    fix: 'Check the bundle by other means, then re-export it with memkit to get a self-verifying bundle.',
    severity: 'warning',
    source: 'convention',
  }),
  'exchange.bad-line': bundleCode({
    meaning: 'A line is not valid UTF-8 JSON, is blank, or is longer than the line limit.',
    fix: 'The bundle is damaged or was edited; use an intact copy.',
    source: { seed: 'adr-0002-export-versioning.md', quote: 'Every canonical export file is newline-delimited JSON (`.ndjson`)' },
  }),
  'exchange.bad-record': bundleCode({
    meaning: 'A record line is not a JSON object with a string `type`.',
    fix: 'The bundle is damaged or was edited; use an intact copy.',
    source: { seed: 'adr-0002-export-versioning.md', quote: 'Subsequent lines are typed memory records matching the schema for that version.' },
  }),
  'exchange.unknown-record-type': bundleCode({
    meaning: 'A record has a type that its schema version does not define.',
    fix: 'Use a memkit version that knows the type, or remove the record from the source memory and re-export.',
    source: { seed: 'adr-0002-export-versioning.md', quote: 'Subsequent lines are typed memory records matching the schema for that version.' },
  }),
  'exchange.undeclared-record-type': bundleCode({
    meaning: "A record has a type that the manifest's `record_types` does not list.",
    fix: 'The bundle was edited; re-export the memory.',
    source: 'convention',
  }),
  'exchange.count-mismatch': bundleCode({
    meaning: "The number of records of a type differs from the manifest's `record_counts` (truncated or edited bundle).",
    fix: 'Use an intact copy of the bundle.',
    source: { seed: 'adr-0002-export-versioning.md', quote: 'verify record count matches' },
  }),
  'exchange.digest-mismatch': bundleCode({
    meaning: "The records do not hash to the manifest's `digest` (edited, reordered, inserted or truncated lines).",
    fix: 'Use an intact copy of the bundle.',
    // An error in check as in import: the digest is memkit's field, but a bundle that no longer holds
    // what was exported is no recovery source (ADR-0002's first use of an export), and import refuses it.
    source: { seed: 'adr-0002-export-versioning.md', quote: 'The recovery source if the DB is lost or corrupted' },
  }),
  'exchange.duplicate-record': bundleCode({
    meaning: 'Two records in the bundle have the same key (type and id, or path).',
    fix: 'The bundle was edited or produced by a faulty exporter; re-export the memory.',
    source: 'convention',
  }),
  'exchange.unsorted-records': bundleCode({
    meaning: 'The records of a v2 bundle (or an export source) are not in strictly increasing key order.',
    fix: 'Re-export with memkit; record stores must list records sorted by type then key.',
    source: 'convention',
  }),
  'exchange.migration-loses-data': bundleCode({
    meaning: 'A record has a property the migration does not know, so migrating would drop it.',
    fix: 'Remove or rename the property in the source data, or add it to the next schema version.',
    source: 'operational',
  }),
  'exchange.migration-dropped-field': bundleCode({
    meaning: 'A v1 record has a property that schema v1 does not define; v1 tolerates such properties, v2 has no place for them, so the record was imported without it.',
    fix: 'Nothing to do if the property was not needed; otherwise keep the v1 bundle, which still holds it.',
    severity: 'warning',
    source: 'operational',
  }),
  'exchange.migration-failed': bundleCode({
    meaning: 'A migration step produced a record that is not valid for its target version.',
    fix: 'This is a memkit bug; report it with the record.',
    source: 'operational',
  }),
  'exchange.file-hash-mismatch': bundleCode({
    meaning: "A File record's content does not match its `sha256` or `size`.",
    fix: 'The bundle was edited; use an intact copy.',
    // As exchange.digest-mismatch: an edited File record restores other bytes than were exported.
    source: { seed: 'adr-0002-export-versioning.md', quote: 'The recovery source if the DB is lost or corrupted' },
  }),
  'exchange.bad-encoding': bundleCode({ meaning: "A File record's base64 content is malformed.", fix: 'The bundle was edited; use an intact copy.', source: 'convention' }),
  'exchange.no-target': {
    meaning: 'The bundle holds records of a kind the import target cannot take (files without a file port, or records without a record store).',
    fix: 'Pass both `files` and `records` in the import target.',
    source: 'operational',
  },
  'exchange.conflict': {
    meaning: 'A record or file already exists in the target with different content, and the conflict policy is `fail`.',
    fix: 'Choose `skip` or `overwrite-older`, or import into an empty target.',
    source: 'operational',
  },
  'exchange.kept-local': {
    meaning: 'An existing record or file was kept because it is newer, undated, or not an older prefix of the incoming ledger.',
    fix: 'Nothing to do if the local copy is the one to keep; otherwise resolve by hand.',
    severity: 'warning',
    source: 'operational',
  },
  'exchange.skipped': {
    meaning: 'An existing record or file differs from the bundle and was kept (`skip` policy).',
    fix: 'Nothing to do if the local copy is the one to keep.',
    severity: 'warning',
    source: 'operational',
  },
  'exchange.source-changed': {
    meaning:
      'Import: the bundle changed between the verification pass and the apply pass (a line edited, added or removed); the import stopped, wrote no file and no record from a changed line. Export: the memory changed between the two export passes, so the bundle would not verify.',
    fix: 'Import from a stable copy (a file or bytes) or pass a spool port; export again once nothing writes to the memory.',
    source: 'operational',
  },
  'exchange.target-changed': {
    meaning: 'The import target changed between the verification pass and the apply pass so that a record now conflicts; the import stopped and wrote no file.',
    fix: 'Run the import again once nothing else writes to the target.',
    source: 'operational',
  },
  'exchange.write-failed': {
    meaning:
      'Writing the import failed (a name too long, a file where a directory is needed, no permission, a full disk, or a failing port). Staged files were discarded or moved back; the message says exactly what was written, which is nothing unless it names paths or records.',
    fix: 'Fix the cause named in the message and run the import again; if paths could not be put back, their previous bytes are in the named staging directory.',
    source: 'operational',
  },
  'exchange.recovered-import': {
    meaning:
      'An earlier import into this target was interrupted (killed or crashed); its staging directory was found and resolved before this import: rolled back if its commit had started, removed otherwise.',
    fix: "Nothing to do; check the earlier import's bundle if you are unsure it completed.",
    severity: 'warning',
    source: 'operational',
  },
  'exchange.bad-source': {
    meaning: 'The export source or import target failed (threw) while being read or written.',
    fix: 'See the message; fix the store or file port and retry.',
    source: 'operational',
  },
  'exchange.invalid-record': {
    meaning: 'The export source holds a record that is not valid for the current schema version.',
    fix: 'Fix the record in the store; export never writes invalid data.',
    source: 'operational',
  },
  'exchange.unsafe-path': bundleCode({
    meaning: 'A file path is absolute, has `.`/`..` or empty segments, or contains a backslash or NUL.',
    fix: 'Rename the file; bundles only carry relative paths inside the memory directory.',
    source: 'operational',
  }),
  'exchange.too-many-problems': {
    meaning: 'The problem limit was reached; later problems were not reported.',
    fix: 'Fix the reported problems and run again.',
    severity: 'warning',
    source: 'operational',
  },
  'exchange.drill-count-mismatch': {
    meaning: 'The recovery drill restored a different number of records of a type than it exported.',
    fix: 'This is a data-loss bug in an exporter, importer or migration; do not ship it.',
    source: { seed: 'adr-0002-export-versioning.md', quote: 'verify record count matches' },
  },
  'exchange.drill-hash-mismatch': {
    meaning: 'A record restored by the recovery drill hashes differently from the original.',
    fix: 'This is a data-loss bug in an exporter, importer or migration; do not ship it.',
    source: 'convention',
  },
  'exchange.thread-store-version': threadStoreCode({
    meaning:
      "A thread store's `version` is missing, not SemVer, or not a version memkit knows, when checked before a migration (`migrateThreadStore`, `checkThreadStoreVersion`). `memkit check` reads any SemVer version as the format allows and reports a missing or malformed one with the thread rules.",
    fix: 'Set `version` to one of the documented thread-store versions (docs/exchange.md).',
    source: { seed: 'thread-store-schema.md', quote: 'Must be valid semver string' },
  }),
  'exchange.thread-store-version-alias': threadStoreCode({
    meaning: 'A thread store declares a two-part version such as `1.0`; it is read as `1.0.0`. Reported before a migration; `memkit check` reports the same as `threads.version-two-part`.',
    fix: 'Write the full SemVer version, e.g. `1.0.0`.',
    severity: 'warning',
    source: 'convention',
  }),
  'exchange.thread-store-too-new': threadStoreCode({
    meaning: 'A thread store declares a version newer than memkit knows, or a migration target older than the store.',
    fix: 'Upgrade memkit; migrations only go forward.',
    source: 'convention',
  }),
  'exchange.thread-store-field-too-new': threadStoreCode({
    meaning: 'A thread store has a field introduced after the version it declares.',
    fix: 'Raise `version` to the version that introduced the field (migrate), or remove the field.',
    source: 'convention',
  }),
  'exchange.thread-store-field-removed': threadStoreCode({
    meaning: 'A thread store has a field that its declared version removed.',
    fix: 'Migrate the store properly or remove the field.',
    source: 'convention',
  }),
  'exchange.thread-store-missing-field': threadStoreCode({
    meaning: 'A thread store lacks a field that its declared version requires.',
    fix: 'Migrate the store with migrateThreadStore, which fills the documented default.',
    source: 'convention',
  }),
});

/** A problem code of the exchange module. */
export type ExchangeCode = keyof typeof exchangeCodes;
