import { canonicalize } from '../../kernel/canonical/jcs.js';
import { type Problem, error, toPointer } from '../../kernel/problems/index.js';
import { type Loose, isObject } from '../../kernel/object.js';
import { jsonHistory, versionDown } from '../history.js';
import { versionBumpProblems } from './version-bump.js';

/**
 * A thread store's `version` may not go down, nor rise by less than its change
 * asks (`threads.version-bump`); a frozen or archived thread may not change (a
 * frozen one may only be archived).
 */
export const threadStoreHistory = jsonHistory((b, a, { file, lineOf }) => [
  ...versionDown(b.version, a.version, file, lineOf('/version'), 'version'),
  ...versionBumpProblems(b, a, file, lineOf('/version')),
  ...readOnlyThreads(b, a, file, lineOf),
]);

function readOnlyThreads(before: Loose, after: Loose, file: string, lineOf: (pointer: string) => number | undefined): Problem[] {
  const out: Problem[] = [];
  const bt = isObject(before.threads) ? before.threads : {};
  const at = isObject(after.threads) ? after.threads : {};
  for (const [id, old] of Object.entries(bt)) {
    if (!isObject(old) || (old.status !== 'frozen' && old.status !== 'archived')) continue;
    const now = Object.hasOwn(at, id) ? at[id] : undefined;
    const pointer = toPointer(['threads', id]);
    const report = (what: string) =>
      out.push(error('git.thread-read-only-changed', `thread ${id} is ${String(old.status)} at the base revision and ${what}`, { file, line: lineOf(pointer) ?? 1, pointer }));
    if (!isObject(now)) {
      report('was removed');
      continue;
    }
    if (canonicalize(now) === canonicalize(old)) continue;
    // A frozen thread may be archived: its status, and the times that record the change, may differ.
    const rest = (t: Loose) => canonicalize(Object.fromEntries(Object.entries(t).filter(([k]) => k !== 'status' && !k.endsWith('_at'))));
    if (old.status === 'frozen' && now.status === 'archived' && rest(now) === rest(old)) continue;
    report(old.status === 'archived' ? 'changed (archived is final)' : 'changed (a frozen thread may only be archived)');
  }
  return out;
}
