import { error } from '../../../kernel/problems/index.js';
import type { FormatRule } from '../../rule.js';
import { type ProgressTable, parseProgressTable } from '../parse.js';

const CODE = 'progress.row-deleted';

const table = (...rows: string[]) =>
  ['# Progress', '', '| task_id | status | agent | milestone_severity | updated_at |', '|---|---|---|---|---|', ...rows.map((r) => `| ${r} | 2026-02-20T02:00:00Z |`), ''].join('\n');
const T1 = 'T-1 | DONE | Coder | LOW';
const T2 = 'T-2 | IN_PROGRESS | Coder | HIGH';

/** How many rows of each `task_id` a table holds (a row without one is prose, not an entry). */
function taskCounts(t: ProgressTable): Map<string, number> {
  const out = new Map<string, number>();
  for (const row of t.rows) {
    const id = row.cells.task_id;
    if (id !== undefined && id !== '') out.set(id, (out.get(id) ?? 0) + 1);
  }
  return out;
}

/** A `progress.md` row of the base revision that HEAD no longer has: the seed denies deleting any memory bank entry. */
export const rowDeleted: FormatRule = {
  code: CODE,
  info: {
    meaning: 'A row of the progress table at the base revision is gone at HEAD (its `task_id` has fewer rows than before): a memory bank entry was deleted.',
    fix: 'Restore the row; to record that a task ended, change its `status` instead of removing it.',
    source: { seed: 'memory-bank-schema.md', quote: 'DENY: Deletion of any memory bank entry' },
  },
  compare: (after, before) => {
    const was = parseProgressTable(before, { validateRows: false });
    const now = after.parsed?.kind === 'progress' ? after.parsed.table : parseProgressTable(after.text, { validateRows: false });
    // A base without the seed's table has no entries to lose; a HEAD without one is reported by its own check.
    if (!was.ok || !now.ok) return [];
    const left = taskCounts(now.value);
    const line = now.value.rows[0]?.line ?? 1;
    const out = [];
    for (const [id, n] of taskCounts(was.value)) {
      const gone = n - (left.get(id) ?? 0);
      if (gone > 0) out.push(error(CODE, `${gone === 1 ? 'the row' : `${gone} rows`} of task ${id} at the base revision ${gone === 1 ? 'is' : 'are'} gone`, { file: after.path, line }));
    }
    return out;
  },
  examples: {
    base: { 'memory-bank/progress.md': table(T1, T2) },
    fail: { 'memory-bank/progress.md': table(T2) },
    pass: { 'memory-bank/progress.md': table(T1, 'T-2 | DONE | Coder | HIGH', 'T-3 | PENDING | Coder | LOW') },
  },
};
