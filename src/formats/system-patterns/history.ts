import { decisionLog } from '../decision-log/index.js';
import { dirOf, fileNameOf } from '../layout.js';
import type { HistoryRule } from '../rule.js';
import { checkSystemPatternsChange } from './change.js';

/** `systemPatterns.md` is permanent, and its body may only grow as the decision log beside it records ({@link checkSystemPatternsChange}). */
export const systemPatternsHistory: HistoryRule = {
  permanent: true,
  compare: async (after, before, head) => {
    const dir = dirOf(after.path);
    const name = fileNameOf(decisionLog);
    const ledger = await head.ledger(dir === '' ? name : `${dir}/${name}`);
    const decisions = ledger === undefined ? [] : ledger.entries.map((e) => e.value);
    return checkSystemPatternsChange(before, after.text, decisions, { file: after.path, ...(after.parsed?.kind === 'system-patterns' ? { parsedAfter: after.parsed.result } : {}) });
  },
};
