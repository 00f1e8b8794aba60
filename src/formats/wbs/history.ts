import { type Problem, toPointer, warning } from '../../kernel/problems/index.js';
import { type Loose, isObject } from '../../kernel/object.js';
import { jsonHistory, versionDown } from '../history.js';

const reopened = (task: Loose, file: string, line: number | undefined, pointer: string): Problem =>
  warning('git.task-reopened', `task ${String(task.id)} is done at the base revision and ${JSON.stringify(task.status)} now`, { file, line, pointer });

/** A WBS task that is `done` at the base revision stays done (a convention: reopening is a warning). */
export const wbsTaskHistory = jsonHistory((b, a, { file, lineOf }) => (b.status === 'done' && a.status !== 'done' ? [reopened(a, file, lineOf('/status'), '/status')] : []));

/** The task index's `version` may not go down, and a task done at the base revision stays done. */
export const wbsTaskIndexHistory = jsonHistory((b, a, { file, lineOf }) => {
  const out = versionDown(b.version, a.version, file, lineOf('/version'), 'version');
  if (!Array.isArray(b.tasks) || !Array.isArray(a.tasks)) return out;
  const done = new Set(b.tasks.filter((t) => isObject(t) && t.status === 'done').map((t) => (t as Loose).id));
  a.tasks.forEach((t, i) => {
    if (!isObject(t) || !done.has(t.id) || t.status === 'done') return;
    const pointer = toPointer(['tasks', i, 'status']);
    out.push(reopened(t, file, lineOf(pointer), pointer));
  });
  return out;
});
