import { type CodeInfo, defineCodes } from '../../kernel/problems/codes.js';
import { decisionLog, events, exportBundle, memoryManifest, riskRegister, systemPatterns, threadStore, wbsTask, wbsTaskIndex } from '../../formats/index.js';
import { LEDGER_FORMAT_IDS } from '../../formats/memory-bank/ledgers.js';

const APPEND_ONLY = [...LEDGER_FORMAT_IDS, events.id, systemPatterns.id];
const MERGED = [...LEDGER_FORMAT_IDS, events.id, wbsTaskIndex.id, threadStore.id, memoryManifest.id];
const mergedCode = (info: CodeInfo): CodeInfo => ({ ...info, format: MERGED });

/** Problem codes of `memkit/git`: checks against a base revision, the merge driver and `memkit git setup`. */
export const gitCodes = defineCodes({
  'git.file-deleted': {
    meaning: 'An append-only memory file (a ledger, `events.jsonl` or `systemPatterns.md`) that exists at the base revision is gone: every entry in it was deleted.',
    fix: 'Restore the file from the base revision (`git show REV:path`); append new entries instead of removing old ones.',
    source: { seed: 'memory-bank-schema.md', quote: 'DENY: Deletion of any memory bank entry' },
    format: APPEND_ONLY,
  },
  'git.thread-read-only-changed': {
    meaning: 'A thread that is frozen or archived at the base revision was changed or removed (a frozen thread may only become archived; an archived one is final).',
    fix: 'Restore the thread as it is at the base revision; record new work in an active thread.',
    source: { seed: 'thread-store-schema.md', quote: '| `frozen` | Thread is frozen (read-only) | → `archived` |' },
    format: threadStore.id,
  },
  'git.task-reopened': {
    meaning: 'A WBS task that is `done` at the base revision is no longer `done` (the format records no reason for reopening a task, so this is a convention warning).',
    fix: 'Check that reopening the task was meant; note why in the task file (e.g. its description) or restore `done`.',
    source: 'convention',
    format: [wbsTask.id, wbsTaskIndex.id],
  },
  'git.schema-version-down': {
    meaning: "A file's schema version (an export bundle's `schema_version`, a manifest's, task index's or thread store's `version`) is lower than at the base revision.",
    fix: 'Keep the newer version: readers migrate old versions forward, never back.',
    source: 'convention',
    format: [exportBundle.id, memoryManifest.id, wbsTaskIndex.id, threadStore.id],
  },
  'git.base-unreadable': {
    meaning:
      "The version of a file at the base revision (or the base revision's file list) could not be read or decoded, so it was not compared: the check against the base did not run, so it fails under every profile and config.",
    fix: 'Make the base readable: fetch it (a partial clone needs its remote, or `git fetch --refetch`/`--unshallow`), or check that the revision holds the file as UTF-8 text.',
    source: 'operational',
  },
  'git.merge-too-large': mergedCode({
    meaning: 'A merge input is larger than the merge driver reads (64 MiB per side by default), so the merge was left to you.',
    fix: 'Resolve the conflict by hand, or split the ledger; the file was left as it was on your side.',
    source: 'operational',
  }),
  'git.merge-line-too-long': mergedCode({
    meaning: 'A line of a merge input is longer than the merge driver reads (1 MiB by default): no memory entry is that long.',
    fix: 'Find the line (the message names side and line) and restore the entry; resolve the conflict by hand.',
    source: 'operational',
  }),
  'git.merge-unparseable': mergedCode({
    meaning: 'A merge input does not read as its format (a torn last line, a non-JSON line, a broken chain), so no merge was attempted.',
    fix: 'Repair the side named in the message (`memkit verify`, `memkit check`) and merge again.',
    source: 'operational',
  }),
  'git.merge-history-changed': mergedCode({
    meaning: 'One side of the merge edited, removed or reordered an entry both sides had at the common ancestor: a real conflict an append-only file must not have.',
    fix: 'Restore the original entries on that side (append a correcting entry instead) and merge again.',
    source: { seed: 'memory-bank-schema.md', quote: 'DENY: Deletion of any memory bank entry' },
  }),
  'git.merge-entry-conflict': mergedCode({
    meaning: 'Both sides changed the same item (a thread, a task, a manifest entry, an event id, a top-level field) in different ways.',
    fix: 'Resolve the conflict by hand: keep one version of the item, then run `memkit check`.',
    source: 'operational',
  }),
  'git.merge-preamble-conflict': {
    meaning: 'Both sides changed the frontmatter or Markdown before the first entry of a ledger in different ways.',
    fix: 'Resolve the preamble by hand; the entries merge once it agrees.',
    source: 'operational',
    format: LEDGER_FORMAT_IDS,
  },
  'git.merge-id-exhausted': {
    meaning: 'An id from the other branch collides and its day has no free number left (999 ids used).',
    fix: 'Resolve the conflict by hand.',
    source: 'operational',
    format: LEDGER_FORMAT_IDS,
  },
  'git.merge-unsupported': {
    meaning:
      'The merge driver has no three-way merge for the format of this file (it is not a ledger, `events.jsonl`, task index, thread store or memory manifest, or it is a ledger in the prose dialect, with no entry on any side), so it is merged as text, line by line.',
    fix: 'Resolve the conflict by hand, then run `memkit check`.',
    source: 'operational',
  },
  'git.merge-invalid-result': mergedCode({
    meaning: 'The merged file would not check clean (a broken chain, a broken invariant), so it was not written.',
    fix: 'Resolve the conflict by hand; please report the case, since a clean merge of valid sides should verify.',
    source: 'operational',
  }),
  'git.merge-rollup-conflict': {
    meaning:
      'The merged task index rolls the status of a task up to a value that the merge of its entity file (`tasks/<id>.json`) does not give (both branches finished sibling tasks, or one finished a task while the other added one), so the index and the entity files would disagree.',
    fix: 'Resolve by hand: set the status the roll-up gives in the task file and in task-index.json (the message names both values), then run `memkit check`.',
    source: 'operational',
    format: wbsTaskIndex.id,
  },
  'git.merge-renumbered': {
    meaning: 'An entry from the other branch had an id already used on this side; it was given the next free id of its day and re-chained.',
    fix: 'Nothing to fix; update references to the old id if other files name it.',
    severity: 'warning',
    source: 'operational',
    format: [decisionLog.id, riskRegister.id],
  },
  'git.driver-not-runnable': {
    meaning:
      'The merge-driver command registered (or about to be registered) in git config does not run in this repository (for example `npx --no-install memkit` where memkit is not installed): every merge of a memory file would become a conflict without markers.',
    fix: 'Run `memkit git setup` again from the memkit you use (it registers its own absolute path), or pass `--command` with a command that runs memkit.',
    source: 'operational',
  },
  'git.not-set-up': {
    meaning: 'The repository is missing the `.gitattributes` lines or the git config that route memory files to the memkit merge driver.',
    fix: 'Run `memkit git setup` in the repository.',
    severity: 'warning',
    source: 'operational',
  },
});

/** A problem code of `memkit/git`. */
export type GitCode = keyof typeof gitCodes;
