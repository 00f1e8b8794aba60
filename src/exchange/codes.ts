import { defineCodes } from '../problems/codes.js';

/** Problem codes raised by export, import, migrations, the drill and thread-store evolution. */
export const exchangeCodes = defineCodes({
  'exchange.missing-manifest': { meaning: 'The first line of the bundle is not an export manifest (or the bundle is empty).', fix: 'Bundles start with the `superagents_export` manifest line; re-export the memory.' },
  'exchange.manifest-not-first': { meaning: 'A manifest line was found, but not on line 1.', fix: 'Move the manifest to the first line, or re-export the memory.' },
  'exchange.bad-manifest': { meaning: 'The manifest line is not valid for its schema version.', fix: 'Re-export the memory; do not edit the manifest by hand.' },
  'exchange.bundle-too-new': { meaning: 'The bundle uses a schema version newer than this runtime understands.', fix: 'Upgrade memkit to a version that supports this schema version.' },
  'exchange.no-migration': { meaning: 'No migration path leads from the bundle\'s schema version to the current one.', fix: 'Register the missing migration step (one file per step in exchange/migrations/).' },
  'exchange.unverified-bundle': { meaning: 'A v1 bundle has no `record_counts` or `digest`, so truncation or edits cannot be detected.', fix: 'Check the bundle by other means, then re-export it with memkit to get a self-verifying bundle.', severity: 'warning' },
  'exchange.bad-line': { meaning: 'A line is not valid UTF-8 JSON, is blank, or is longer than the line limit.', fix: 'The bundle is damaged or was edited; use an intact copy.' },
  'exchange.bad-record': { meaning: 'A record line is not a JSON object with a string `type`.', fix: 'The bundle is damaged or was edited; use an intact copy.' },
  'exchange.unknown-record-type': { meaning: 'A record has a type that its schema version does not define.', fix: 'Use a memkit version that knows the type, or remove the record from the source memory and re-export.' },
  'exchange.undeclared-record-type': { meaning: 'A record has a type that the manifest\'s `record_types` does not list.', fix: 'The bundle was edited; re-export the memory.' },
  'exchange.count-mismatch': { meaning: 'The number of records of a type differs from the manifest\'s `record_counts` (truncated or edited bundle).', fix: 'Use an intact copy of the bundle.' },
  'exchange.digest-mismatch': { meaning: 'The records do not hash to the manifest\'s `digest` (edited, reordered, inserted or truncated lines).', fix: 'Use an intact copy of the bundle.' },
  'exchange.duplicate-record': { meaning: 'Two records in the bundle have the same key (type and id, or path).', fix: 'The bundle was edited or produced by a faulty exporter; re-export the memory.' },
  'exchange.unsorted-records': { meaning: 'The records of a v2 bundle (or an export source) are not in strictly increasing key order.', fix: 'Re-export with memkit; record stores must list records sorted by type then key.' },
  'exchange.migration-loses-data': { meaning: 'A record has a property the migration does not know, so migrating would drop it.', fix: 'Remove or rename the property in the source data, or add it to the next schema version.' },
  'exchange.migration-failed': { meaning: 'A migration step produced a record that is not valid for its target version.', fix: 'This is a memkit bug; report it with the record.' },
  'exchange.file-hash-mismatch': { meaning: 'A File record\'s content does not match its `sha256` or `size`.', fix: 'The bundle was edited; use an intact copy.' },
  'exchange.bad-encoding': { meaning: 'A File record\'s base64 content is malformed.', fix: 'The bundle was edited; use an intact copy.' },
  'exchange.no-target': { meaning: 'The bundle holds records of a kind the import target cannot take (files without a file port, or records without a record store).', fix: 'Pass both `files` and `records` in the import target.' },
  'exchange.conflict': { meaning: 'A record or file already exists in the target with different content, and the conflict policy is `fail`.', fix: 'Choose `skip` or `overwrite-older`, or import into an empty target.' },
  'exchange.kept-local': { meaning: 'An existing record or file was kept because it is newer, undated, or not an older prefix of the incoming ledger.', fix: 'Nothing to do if the local copy is the one to keep; otherwise resolve by hand.', severity: 'warning' },
  'exchange.skipped': { meaning: 'An existing record or file differs from the bundle and was kept (`skip` policy).', fix: 'Nothing to do if the local copy is the one to keep.', severity: 'warning' },
  'exchange.source-changed': { meaning: 'The bundle changed between the verification pass and the apply pass; the import stopped part-way.', fix: 'Import from a stable copy (a file or bytes) or pass a spool port.' },
  'exchange.bad-source': { meaning: 'The export source or import target failed (threw) while being read or written.', fix: 'See the message; fix the store or file port and retry.' },
  'exchange.invalid-record': { meaning: 'The export source holds a record that is not valid for the current schema version.', fix: 'Fix the record in the store; export never writes invalid data.' },
  'exchange.unsafe-path': { meaning: 'A file path is absolute, has `.`/`..` or empty segments, or contains a backslash or NUL.', fix: 'Rename the file; bundles only carry relative paths inside the memory directory.' },
  'exchange.too-many-problems': { meaning: 'The problem limit was reached; later problems were not reported.', fix: 'Fix the reported problems and run again.', severity: 'warning' },
  'exchange.drill-count-mismatch': { meaning: 'The recovery drill restored a different number of records of a type than it exported.', fix: 'This is a data-loss bug in an exporter, importer or migration; do not ship it.' },
  'exchange.drill-hash-mismatch': { meaning: 'A record restored by the recovery drill hashes differently from the original.', fix: 'This is a data-loss bug in an exporter, importer or migration; do not ship it.' },
  'exchange.thread-store-version': { meaning: 'A thread store\'s `version` is missing, not SemVer, or not a version memkit knows.', fix: 'Set `version` to one of the documented thread-store versions (docs/exchange.md).' },
  'exchange.thread-store-version-alias': { meaning: 'A thread store declares a two-part version such as `1.0`; it is read as `1.0.0`.', fix: 'Write the full SemVer version, e.g. `1.0.0`.', severity: 'warning' },
  'exchange.thread-store-too-new': { meaning: 'A thread store declares a version newer than memkit knows, or a migration target older than the store.', fix: 'Upgrade memkit; migrations only go forward.' },
  'exchange.thread-store-field-too-new': { meaning: 'A thread store has a field introduced after the version it declares.', fix: 'Raise `version` to the version that introduced the field (migrate), or remove the field.' },
  'exchange.thread-store-field-removed': { meaning: 'A thread store has a field that its declared version removed.', fix: 'Migrate the store properly or remove the field.' },
  'exchange.thread-store-missing-field': { meaning: 'A thread store lacks a field that its declared version requires.', fix: 'Migrate the store with migrateThreadStore, which fills the documented default.' },
});

/** A problem code of the exchange module. */
export type ExchangeCode = keyof typeof exchangeCodes;
