import { defineCodes } from '../problems/codes.js';

/**
 * Problem codes raised by `memkit/wbs`. (`wbs.type-depth` is declared with the
 * schema codes because the format validator raises it too; `checkWbs` reuses it.)
 */
export const wbsCodes = defineCodes({
  'wbs.not-index': { meaning: 'task-index.json is not an object with a `tasks` array, so no invariant could be checked.', fix: 'Rebuild the index from tasks/*.json (`rebuildIndex`).' },
  'wbs.id-malformed': { meaning: 'A WBS id is not `N`, `N.N` or `N.N.N` with components from 1 (no leading zeros, at most three levels).', fix: 'Rename the entity to a well-formed WBS id.' },
  'wbs.id-duplicate': { meaning: 'Two index entries (or two entity files) have the same id.', fix: 'Remove or renumber one of them.' },
  'wbs.parent-mismatch': { meaning: '`parent` disagrees with the parent derived from the WBS id (the parent of `a.b.c` is `a.b`).', fix: 'Set `parent` to the id without its last component.' },
  'wbs.root-parent': { meaning: 'A root (depth-1, epic) entry has a non-null `parent`.', fix: 'Set `parent` to null.' },
  'wbs.parent-missing': { meaning: 'An entry names a parent that is not in the index.', fix: 'Add the parent entity or renumber the entry.' },
  'wbs.child-missing': { meaning: 'A `children` list names an id that is not in the index.', fix: 'Remove the id from `children` or add the entity.' },
  'wbs.child-parent-mismatch': { meaning: 'A parent lists a child whose `parent` is a different id.', fix: 'Remove the child from this list or fix the child’s `parent`.' },
  'wbs.child-not-listed': { meaning: 'An entry names a parent whose `children` list does not include it.', fix: 'Add the entry to its parent’s `children` (repair plans do this).' },
  'wbs.child-duplicate': { meaning: 'A `children` list names the same id twice.', fix: 'Remove the duplicate.' },
  'wbs.dependency-missing': { meaning: 'A dependency names an id that is not in the index.', fix: 'Remove the dependency or add the entity it names.' },
  'wbs.dependency-self': { meaning: 'An entry depends on itself.', fix: 'Remove the self-dependency.' },
  'wbs.dependency-duplicate': { meaning: 'A `dependencies` list names the same id twice.', fix: 'Remove the duplicate.', severity: 'warning' },
  'wbs.dependency-cycle': { meaning: 'Dependencies form a cycle, so none of its tasks can ever become ready; the message lists the cycle in order.', fix: 'Remove one dependency of the cycle.' },
  'wbs.rollup-mismatch': { meaning: 'A parent’s status differs from the seed’s roll-up of its children (all done → done; some done → in-progress; none done → pending).', fix: 'Set the status the roll-up gives (`rollup`, or apply a repair plan).' },
  'wbs.progress-mismatch': { meaning: '`progress` counts disagree with the leaf tasks below the entry (completed = leaves done, total = leaves).', fix: 'Recompute the counts (repair plans do this).' },
  'wbs.entity-missing': { meaning: 'An index entry has no `tasks/<id>.json` entity file.', fix: 'Create the entity file (repair plans create a minimal one) or remove the index entry.' },
  'wbs.entity-unindexed': { meaning: 'An entity file has no entry in task-index.json.', fix: 'Add the entry (repair plans rebuild it from the entity file).' },
  'wbs.entity-mismatch': { meaning: 'An index entry and its entity file disagree on a field both carry.', fix: 'Make them agree; the entity file is the full record and wins in repair plans.' },
  'wbs.entity-file-name': { meaning: 'An entity file’s `id` differs from the id in its file name.', fix: 'Rename the file to tasks/<id>.json or fix the id.' },
  'wbs.entity-not-json': { meaning: 'An entity file could not be read as JSON.', fix: 'Fix the JSON syntax of the file.' },
  'wbs.completed-not-done': { meaning: '`completedAt` is set on an entity whose status is not done.', fix: 'Clear `completedAt` or set the status to done.', severity: 'warning' },
  'wbs.deliverable-missing': { meaning: 'A listed deliverable does not exist on disk.', fix: 'Produce the deliverable or remove it from the list.' },
  'wbs.plan-stale': { meaning: 'A file changed after the repair plan was made, so the plan was not applied.', fix: 'Make a new plan from the current files and apply it.' },
  'wbs.plan-invalid': { meaning: 'A repair plan could not be applied (a patch operation failed or the result is invalid); nothing was written.', fix: 'Make a new plan from the current files.' },
  'wbs.patch-failed': { meaning: 'A JSON Patch (RFC 6902) operation could not be applied (missing path, failed test, bad op).', fix: 'Check the operation’s path against the document.' },
  'wbs.read-failed': { meaning: 'The file port failed to read or list a file: an I/O error, not a missing file.', fix: 'Check the file system (permissions, a disk error) and retry.' },
  'wbs.write-failed': { meaning: 'A file operation of the port failed; files already replaced were restored.', fix: 'Check the file system (permissions, space) and retry.' },
  'wbs.path-outside': { meaning: 'A memory path does not begin with `.claude/memory/`.', fix: 'Use a path under `.claude/memory/`.' },
  'wbs.path-traversal': { meaning: 'A memory path contains a `..`, `.` or empty segment, or a backslash.', fix: 'Use a plain relative path with `/` separators.' },
  'wbs.path-absolute': { meaning: 'A memory path is absolute.', fix: 'Use a path relative to the project root that begins with `.claude/memory/`.' },
  'wbs.path-nul': { meaning: 'A memory path contains a NUL or another control character.', fix: 'Remove the control characters from the path.' },
  'wbs.path-extension': { meaning: 'A memory path does not end in `.json`, `.md`, `.txt`, `.yaml` or `.yml`.', fix: 'Store only text files with an allowed extension.' },
  'wbs.file-missing': { meaning: 'The memory file does not exist.', fix: 'Check the path, or write the file first.' },
  'wbs.not-text': { meaning: 'A memory file is not valid UTF-8 text.', fix: 'Re-encode the content as UTF-8.' },
  'wbs.not-yaml': { meaning: 'YAML content does not parse.', fix: 'Fix the YAML syntax at the reported line.' },
  'wbs.verify-failed': { meaning: 'The temporary file read back differs from what was written, so it was not renamed into place.', fix: 'Check the file system and retry; the original file is untouched.' },
  'wbs.journal-invalid': { meaning: 'The journal of an interrupted write (`.wbs-journal.json`) is not one memkit wrote: not JSON, a file that is not a WBS file, or a temp name memkit does not make. Nothing was changed.', fix: 'Inspect the file; remove it if no memkit write was interrupted.' },
  'wbs.journal-conflict': { meaning: 'A write was interrupted, and a file it names has since changed, so it can be neither completed nor undone; the journal was kept.', fix: 'Compare the file with the journal’s hashes, fix the files by hand, then remove `.wbs-journal.json` and its temps.' },
  'wbs.pending-journal': { meaning: 'A WBS write was interrupted (a crash during `wbs repair --apply`): its journal `.wbs-journal.json` is still there, and the files may be mid-write.', fix: 'Run any `memkit wbs` command: it completes the write (or undoes it) and removes the journal and its temps.', severity: 'warning' },
  'wbs.update-failed': { meaning: 'The update function threw or returned a value that is not JSON.', fix: 'Return a plain JSON value from the update function.' },
});

/** A problem code of `memkit/wbs`. */
export type WbsCode = keyof typeof wbsCodes;
