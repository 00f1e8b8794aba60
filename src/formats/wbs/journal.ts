import { type Problem, warning } from '../../kernel/problems/index.js';

/** The journal of a multi-file write, relative to the memory directory. */
export const JOURNAL_FILE = '.wbs-journal.json';

/** The warning `check` gives for a journal left by an interrupted write (it never writes). */
export function pendingJournalProblem(file: string): Problem {
  return warning('wbs.pending-journal', `an interrupted WBS write left ${file}; the next "memkit wbs" command completes or undoes it`, { file });
}
