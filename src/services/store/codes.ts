import { memoryDoc, memoryManifest } from '../../formats/index.js';
import { defineCodes } from '../../kernel/problems/index.js';

/** Problem codes of the store port, its adapters and the index refresh rule. */
export const storeCodes = defineCodes({
  'store.newer-database': {
    meaning: 'The database was written by a newer memkit: its schema version is higher than this library knows.',
    fix: 'Upgrade memkit, or rebuild the index from the memory files with this version.',
    source: 'operational',
  },
  'store.not-a-database': {
    meaning: 'The bytes given to open a store are not a database this engine can read.',
    fix: 'Pass bytes produced by `toBytes()`, or rebuild the index from the memory files.',
    source: 'operational',
  },
  'store.fts-unavailable': {
    meaning: "The database's search table needs a full-text module (FTS5 or FTS4) that this SQLite engine lacks.",
    fix: 'Open the bytes with the engine that wrote them, or rebuild the index with this engine.',
    source: 'operational',
  },
  'store.engine-error': { meaning: 'The database engine reported an error.', fix: 'See the message; rebuild the index from the memory files if the database is damaged.', source: 'operational' },
  'store.query-syntax': {
    meaning: 'An advanced-mode search query is not valid full-text query syntax.',
    fix: 'Fix the query, or search in plain mode, which accepts any text.',
    source: 'operational',
  },
  'store.advanced-unsupported': {
    meaning: 'This store cannot run advanced (raw full-text syntax) queries.',
    fix: 'Search in plain mode, or use a store whose `capabilities.advancedSearch` is true.',
    source: 'operational',
  },
  'store.search-unsupported': { meaning: 'This store has no search.', fix: 'Use a store whose `capabilities.search` is true.', source: 'operational' },
  'store.ledger-head-moved': {
    meaning: 'The ledger head is not the expected one: another writer appended first.',
    fix: 'Re-read the ledger, rebuild the entry on the new head and append again.',
    source: 'operational',
  },
  'store.ledger-bad-entry': { meaning: 'A ledger entry is not one line holding a JSON object.', fix: 'Pass the entry as single-line JSON (no newline).', source: 'operational' },
  'store.doc-invalid': {
    meaning: 'A doc record lacks a required field or has one of the wrong type.',
    fix: 'Build doc records with `docRecordFromFile` or fill every field of `DocRecord`.',
    source: 'operational',
  },
  'store.edge-unknown-doc': { meaning: 'A provenance edge names a doc that is not in the store.', fix: 'Index both docs before linking them.', source: 'convention' },
  'store.edge-bad-rel': {
    meaning: 'A provenance edge has a relation other than derives_from, refers_to, supersedes or duplicates.',
    fix: 'Use one of the four relations.',
    source: { seed: 'thunderus-schemas.txt', quote: '-- derives_from|refers_to|supersedes|duplicates' },
  },
  'store.edge-self': { meaning: 'A provenance edge links a doc to itself.', fix: 'Link two different docs.', source: 'convention' },
  'store.edge-dangling': {
    meaning: 'A stored provenance edge names a doc that is no longer in the index.',
    fix: 'Remove the edge, or restore the doc file and refresh the index.',
    source: 'convention',
  },
  'store.bad-path': {
    meaning: 'A file path given to the store is not relative, `/`-separated and free of `..`, empty segments and NUL.',
    fix: 'Pass a relative path such as `.thunderus/memory/CORE.md`.',
    source: 'operational',
  },
  'store.duplicate-doc-id': {
    meaning: 'Two memory doc files declare the same `id`; only the first (by path) is indexed.',
    fix: 'Give each memory doc a unique id.',
    source: { seed: 'thunderus-schemas.txt', quote: 'doc_id TEXT PRIMARY KEY,' },
    format: memoryDoc.id,
  },
  'store.drift-missing': { meaning: 'A memory doc on disk is not in the index.', fix: 'Run `refresh` (or `rebuild`) so the index matches the files.', source: 'convention' },
  'store.drift-extra': { meaning: 'The index holds a doc that no memory file on disk declares.', fix: 'Run `refresh` (or `rebuild`) so the index matches the files.', source: 'convention' },
  'store.drift-stale': {
    meaning: "The index holds an older version of a doc: its content hash differs from the file's.",
    fix: 'Run `refresh` (or `rebuild`) so the index matches the files.',
    source: 'convention',
  },
  'store.drift-mismatch': {
    meaning: "An index row disagrees with its file although the recorded content hash matches (the index was changed behind the files' back).",
    fix: 'Run `rebuild`; files on disk are the source of truth.',
    source: 'convention',
  },
  'store.manifest-invalid': {
    meaning: 'The memory manifest does not match the memory-manifest schema.',
    fix: 'Regenerate the manifest with `buildManifest`.',
    source: { seed: 'thunderus-schemas.txt', quote: 'B. Memory manifest format (JSON)' },
    format: memoryManifest.id,
  },
  'store.manifest-missing-doc': {
    meaning: 'The memory manifest lists a doc that no memory file on disk declares.',
    fix: 'Regenerate the manifest from the files with `buildManifest`.',
    source: 'convention',
    format: memoryManifest.id,
  },
  'store.manifest-absolute-path': {
    meaning: 'A memory manifest entry holds an absolute path; manifest paths are relative to the repository root. The entry is read as the doc its memory-root part names (`.thunderus/memory/…`).',
    fix: 'Regenerate the manifest from the files with `buildManifest`.',
    severity: 'warning',
    source: 'convention',
    format: memoryManifest.id,
  },
  'store.manifest-unlisted-doc': {
    meaning: 'A memory doc on disk is not listed in the memory manifest.',
    fix: 'Regenerate the manifest from the files with `buildManifest`.',
    source: 'convention',
    format: memoryManifest.id,
  },
  'store.manifest-stale': {
    meaning: 'A manifest entry disagrees with the frontmatter of its doc file.',
    fix: 'Regenerate the manifest from the files with `buildManifest`.',
    source: 'convention',
    format: memoryManifest.id,
  },
  'store.manifest-order': {
    meaning: 'The manifest docs are not in path order, so regenerating it would change the file.',
    fix: 'Regenerate the manifest with `buildManifest`.',
    source: 'convention',
    format: memoryManifest.id,
  },
  'store.closed': { meaning: 'The store was used after `close()`.', fix: 'Open the store again.', source: 'operational' },
});

/** Problem codes of file ports (`nodeFiles` in `memkit/node`). */
export const fileCodes = defineCodes({
  'fs.bad-path': {
    meaning: 'A path given to the file port is empty, absolute, has a `..`, `.` or empty segment, a backslash or a NUL byte.',
    fix: 'Pass a relative, `/`-separated path inside the root.',
    source: 'operational',
  },
  'fs.extension-not-allowed': { meaning: "The file's extension is not in the port's allowlist.", fix: 'Use an allowed extension, or widen the `extensions` option.', source: 'operational' },
  'fs.outside-root': { meaning: 'The path resolves (through a symbolic link) to a place outside the root.', fix: 'Remove the symbolic link, or point it inside the root.', source: 'operational' },
  'fs.not-found': { meaning: 'The file to rename does not exist.', fix: 'Check the path.', source: 'operational' },
});
