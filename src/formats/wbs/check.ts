import { validate } from '../../schema/index.js';
import { checkWbs } from './invariants.js';
import { JOURNAL_FILE, pendingJournalProblem } from './journal.js';
import { parseWbsJson } from './limits.js';
import type { CheckContext, LoadedFile } from '../check-context.js';

export { JOURNAL_FILE };

/**
 * Checks one `.claude/memory` WBS tree: the index and every task file parse,
 * then every WBS invariant including index ↔ `tasks/*.json` agreement.
 * `journal`: the tree holds the journal of an interrupted write
 * (`wbs.pending-journal`, a warning; the check only reports, never completes it).
 * Deliverables are not looked up: they are paths of the project, which the
 * checked directory need not hold (`memkit wbs check` looks them up).
 */
export function checkWbsGroup(root: string, index: LoadedFile | undefined, tasks: LoadedFile[], ctx: CheckContext, journal = false): void {
  const dir = root + '/';
  if (journal) ctx.report(dir + JOURNAL_FILE, [pendingJournalProblem(dir + JOURNAL_FILE)]);
  const byPath = new Map<string, LoadedFile>();
  const taskValues: Record<string, unknown> = {};
  for (const t of tasks) {
    byPath.set(t.path, t);
    const parsed = parseWbsJson(t.text, 'wbs-task', undefined, true);
    // The same code the library's loadWbs gives an entity file that is not JSON.
    if (!parsed.ok)
      ctx.report(
        t,
        parsed.problems.map((p) => (p.code === 'input.not-json' ? { ...p, code: 'wbs.entity-not-json' } : p)),
      );
    else {
      taskValues[t.path.slice(dir.length)] = parsed.value;
      t.positions = parsed.positions;
      t.parsed = { kind: 'json', value: parsed.value };
    }
  }
  if (index === undefined) {
    // No index: each task file must still be a valid entity.
    for (const [rel, value] of Object.entries(taskValues)) ctx.report(byPath.get(dir + rel)!, validate('wbs-task', value), true);
    return;
  }
  byPath.set(index.path, index);
  const parsed = parseWbsJson(index.text, 'wbs-task-index', undefined, true);
  if (!parsed.ok) {
    ctx.report(index, parsed.problems);
    return;
  }
  index.positions = parsed.positions;
  index.parsed = { kind: 'json', value: parsed.value };
  for (const p of checkWbs(parsed.value, taskValues, { dir })) {
    const file = p.file !== undefined ? byPath.get(p.file) : index;
    if (file) ctx.report(file, [p], true);
    else ctx.report(p.file ?? index.path, [p]);
  }
  // checkWbs's schema validation of the index and each task file gives convention.date-time-profile: a second report here printed each twice.
}
