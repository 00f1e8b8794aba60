import { error } from '../../kernel/problems/index.js';
import type { HistoryRule } from '../rule.js';

/** `feedback-log.md` is append-only text: HEAD's file must begin with the base's. */
export const feedbackLogHistory: HistoryRule = {
  permanent: true,
  compare: ({ path: file, text }, before) =>
    text.startsWith(before) ? [] : [error('ledger.entry-edited', 'the text the base revision has was changed or removed', { file, line: firstDifferentLine(before, text) })],
};

function firstDifferentLine(before: string, after: string): number {
  const b = before.split('\n');
  const a = after.split('\n');
  let i = 0;
  while (i < b.length && i < a.length && b[i] === a[i]) i++;
  return Math.min(i + 1, a.length);
}
