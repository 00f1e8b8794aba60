import { defineCodes } from '../../kernel/problems/codes.js';

/** The two WBS formats: the index and the entity files. */
const WBS_FORMATS = ['wbs-task-index', 'wbs-task'] as const;

/**
 * Problem codes raised by `memkit/wbs`. (`wbs.type-depth` is declared with the
 * schema codes because the format validator raises it too; `checkWbs` reuses it.)
 */
export const wbsCodes = defineCodes({
  'wbs.not-index': {
    meaning: 'task-index.json is not an object with a `tasks` array, so no invariant could be checked.',
    fix: 'Rebuild the index from tasks/*.json (`rebuildWbsIndex`).',
    source: { seed: 'wbs-memory-schema.md', quote: 'task-index.json (Normative)' },
    format: 'wbs-task-index',
  },
  'wbs.id-malformed': {
    meaning: 'A WBS id is not `N`, `N.N` or `N.N.N` with components from 1 (no leading zeros, at most three levels).',
    fix: 'Rename the entity to a well-formed WBS id.',
    source: { seed: 'wbs-memory-schema.md', quote: 'IDs: Work Breakdown Structure (WBS) style — `1`, `1.1`, `1.1.1`' },
    format: WBS_FORMATS,
  },
  'wbs.id-duplicate': {
    meaning: 'Two index entries (or two entity files) have the same id.',
    fix: 'Remove or renumber one of them.',
    source: { seed: 'wbs-memory-schema.md', quote: 'One file per entity (epic/feature/task)' },
    format: WBS_FORMATS,
  },
  'wbs.parent-mismatch': {
    meaning: '`parent` disagrees with the parent derived from the WBS id (the parent of `a.b.c` is `a.b`).',
    fix: 'Set `parent` to the id without its last component.',
    source: { seed: 'wbs-memory-schema.md', quote: 'Parent of `a.b.c` is `a.b`; parent of `a` is null' },
    format: WBS_FORMATS,
  },
  'wbs.root-parent': {
    meaning: 'A root (depth-1, epic) entry has a non-null `parent`.',
    fix: 'Set `parent` to null.',
    source: { seed: 'wbs-memory-schema.md', quote: 'Root nodes have `parent == null`' },
    format: 'wbs-task-index',
  },
  'wbs.parent-missing': {
    meaning: 'An entry names a parent that is not in the index.',
    fix: 'Add the parent entity or renumber the entry.',
    source: { seed: 'wbs-memory-schema.md', quote: 'Parent/children referential integrity:' },
    format: 'wbs-task-index',
  },
  'wbs.child-missing': {
    meaning: 'A `children` list names an id that is not in the index.',
    fix: 'Remove the id from `children` or add the entity.',
    source: { seed: 'wbs-memory-schema.md', quote: 'Parent/children referential integrity:' },
    format: 'wbs-task-index',
  },
  'wbs.child-parent-mismatch': {
    meaning: 'A parent lists a child whose `parent` is a different id.',
    fix: 'Remove the child from this list or fix the child’s `parent`.',
    source: { seed: 'wbs-memory-schema.md', quote: 'If A lists B in `children`, then `B.parent == A`' },
    format: 'wbs-task-index',
  },
  'wbs.child-not-listed': {
    meaning: 'An entry names a parent whose `children` list does not include it.',
    fix: 'Add the entry to its parent’s `children` (repair plans do this).',
    source: { seed: 'wbs-memory-schema.md', quote: 'Parent/children referential integrity:' },
    format: 'wbs-task-index',
  },
  'wbs.child-duplicate': { meaning: 'A `children` list names the same id twice.', fix: 'Remove the duplicate.', severity: 'warning', source: 'convention', format: 'wbs-task-index' },
  'wbs.dependency-missing': {
    meaning: 'A dependency names an id that is not in the index.',
    fix: 'Remove the dependency or add the entity it names.',
    source: { seed: 'wbs-memory-schema.md', quote: 'A dependency ID must exist in the index' },
    format: 'wbs-task-index',
  },
  'wbs.dependency-self': {
    meaning: 'An entry depends on itself: a cycle of one, so it can never become ready.',
    fix: 'Remove the self-dependency.',
    source: { seed: 'wbs-memory-schema.md', quote: 'Dependencies:' },
    format: 'wbs-task-index',
  },
  'wbs.dependency-duplicate': { meaning: 'A `dependencies` list names the same id twice.', fix: 'Remove the duplicate.', severity: 'warning', source: 'convention', format: 'wbs-task-index' },
  'wbs.dependency-cycle': {
    meaning:
      "Dependencies form a cycle, so none of its tasks can ever become ready: each waits for another of the cycle to be done first (`memkit wbs ready` never offers them), so the seed's dependencies cannot all be met. The message lists the cycle in order.",
    fix: 'Remove one dependency of the cycle.',
    source: { seed: 'wbs-memory-schema.md', quote: 'Dependencies:' },
    format: 'wbs-task-index',
  },
  'wbs.rollup-mismatch': {
    meaning: 'A parent’s status differs from the seed’s roll-up of its children (all done → done; some done → in-progress; none done → pending).',
    fix: 'Set the status the roll-up gives (`rollup`, or apply a repair plan).',
    source: { seed: 'wbs-memory-schema.md', quote: 'Status roll-up:' },
    format: 'wbs-task-index',
  },
  'wbs.progress-mismatch': {
    meaning:
      "`progress` counts disagree with memkit's counting of the leaf tasks below the entry (completed = leaves done, total = leaves); the format defines only the shape `{completed, total}`, so other countings (direct children, say) are valid.",
    fix: 'Recompute the counts (repair plans do this).',
    severity: 'warning',
    source: 'convention',
    format: 'wbs-task-index',
  },
  'wbs.entity-missing': {
    meaning: 'An index entry has no `tasks/<id>.json` entity file.',
    fix: 'Create the entity file (repair plans create a minimal one) or remove the index entry.',
    source: { seed: 'wbs-memory-schema.md', quote: 'One file per entity (epic/feature/task)' },
    format: WBS_FORMATS,
  },
  'wbs.entity-unindexed': {
    meaning: 'An entity file has no entry in task-index.json.',
    fix: 'Add the entry (repair plans rebuild it from the entity file).',
    severity: 'warning',
    source: 'convention',
    format: WBS_FORMATS,
  },
  'wbs.entity-mismatch': {
    meaning: 'An index entry and its entity file disagree on a field both carry.',
    fix: 'Make them agree; the entity file is the full record and wins in repair plans.',
    severity: 'warning',
    source: 'convention',
    format: WBS_FORMATS,
  },
  'wbs.entity-file-name': {
    meaning: 'An entity file’s `id` differs from the id in its file name.',
    fix: 'Rename the file to tasks/<id>.json or fix the id.',
    source: { seed: 'wbs-memory-schema.md', quote: 'tasks/<id>.json (Entity Files)' },
    format: 'wbs-task',
  },
  'wbs.entity-not-json': {
    meaning: 'An entity file could not be read as JSON.',
    fix: 'Fix the JSON syntax of the file.',
    source: { seed: 'wbs-memory-schema.md', quote: 'File types: `.json` for structured data (required)' },
    format: 'wbs-task',
  },
  'wbs.completed-not-done': {
    meaning: '`completedAt` is set on an entity whose status is not done.',
    fix: 'Clear `completedAt` or set the status to done.',
    severity: 'warning',
    source: 'convention',
    format: 'wbs-task',
  },
  'wbs.deliverable-missing': {
    meaning: 'A listed deliverable does not exist on disk.',
    fix: 'Produce the deliverable or remove it from the list.',
    severity: 'warning',
    source: 'convention',
    format: WBS_FORMATS,
  },
  'wbs.plan-stale': { meaning: 'A file changed after the repair plan was made, so the plan was not applied.', fix: 'Make a new plan from the current files and apply it.', source: 'operational' },
  'wbs.plan-invalid': {
    meaning: 'A repair plan could not be applied (a patch operation failed or the result is invalid); nothing was written.',
    fix: 'Make a new plan from the current files.',
    source: 'operational',
  },
  'wbs.patch-failed': {
    meaning: 'A JSON Patch (RFC 6902) operation could not be applied (missing path, failed test, bad op).',
    fix: 'Check the operation’s path against the document.',
    source: 'operational',
  },
  'wbs.read-failed': {
    meaning: 'The file port failed to read or list a file: an I/O error, not a missing file.',
    fix: 'Check the file system (permissions, a disk error) and retry.',
    source: 'operational',
  },
  'wbs.write-failed': { meaning: 'A file operation of the port failed; files already replaced were restored.', fix: 'Check the file system (permissions, space) and retry.', source: 'operational' },
  'wbs.path-outside': {
    meaning: 'A memory path does not begin with `.claude/memory/`.',
    fix: 'Use a path under `.claude/memory/`.',
    source: { seed: 'wbs-memory-schema.md', quote: 'Path MUST begin with `.claude/memory/`' },
  },
  'wbs.path-traversal': {
    meaning: 'A memory path contains a `..`, `.` or empty segment, or a backslash.',
    fix: 'Use a plain relative path with `/` separators.',
    source: { seed: 'wbs-memory-schema.md', quote: 'No directory traversal (`..`)' },
  },
  'wbs.path-absolute': {
    meaning: 'A memory path is absolute.',
    fix: 'Use a path relative to the project root that begins with `.claude/memory/`.',
    source: { seed: 'wbs-memory-schema.md', quote: 'Path MUST begin with `.claude/memory/`' },
  },
  'wbs.path-nul': { meaning: 'A memory path contains a NUL or another control character.', fix: 'Remove the control characters from the path.', source: 'operational' },
  'wbs.path-extension': {
    meaning: 'A memory path does not end in `.json`, `.md`, `.txt`, `.yaml` or `.yml`.',
    fix: 'Store only text files with an allowed extension.',
    source: { seed: 'wbs-memory-schema.md', quote: 'Only text extensions: `.json`, `.md`, `.txt`, `.yaml`, `.yml`' },
  },
  'wbs.file-missing': { meaning: 'The memory file does not exist.', fix: 'Check the path, or write the file first.', source: 'operational' },
  'wbs.not-text': { meaning: 'A memory file is not valid UTF-8 text.', fix: 'Re-encode the content as UTF-8.', source: { seed: 'wbs-memory-schema.md', quote: 'Encoding: UTF-8, LF line endings' } },
  'wbs.not-yaml': { meaning: 'YAML content does not parse.', fix: 'Fix the YAML syntax at the reported line.', source: 'operational' },
  'wbs.verify-failed': {
    meaning: 'The temporary file read back differs from what was written, so it was not renamed into place.',
    fix: 'Check the file system and retry; the original file is untouched.',
    source: 'operational',
  },
  'wbs.journal-invalid': {
    meaning: 'The journal of an interrupted write (`.wbs-journal.json`) is not one memkit wrote: not JSON, a file that is not a WBS file, or a temp name memkit does not make. Nothing was changed.',
    fix: 'Inspect the file; remove it if no memkit write was interrupted.',
    source: 'operational',
  },
  'wbs.journal-conflict': {
    meaning: 'A write was interrupted, and a file it names has since changed, so it can be neither completed nor undone; the journal was kept.',
    fix: 'Compare the file with the journal’s hashes, fix the files by hand, then remove `.wbs-journal.json` and its temps.',
    source: 'operational',
  },
  'wbs.pending-journal': {
    meaning: 'A WBS write was interrupted (a crash during `wbs repair --apply`): its journal `.wbs-journal.json` is still there, and the files may be mid-write.',
    fix: 'Run any `memkit wbs` command: it completes the write (or undoes it) and removes the journal and its temps.',
    severity: 'warning',
    source: 'operational',
  },
  'wbs.update-failed': { meaning: 'The update function threw or returned a value that is not JSON.', fix: 'Return a plain JSON value from the update function.', source: 'operational' },
});

/** A problem code of `memkit/wbs`. */
export type WbsCode = keyof typeof wbsCodes;
