// Two branches that each append one decision used to merge (with a union merge) into a ledger with
// ledger.predecessor-mismatch and ledger.duplicate-id: both new entries claimed the same predecessor and id.
import { describe, expect, it } from 'vitest';
import { mergeMemoryFile } from '../../src/git/index.js';
import { verifyText } from '../../src/ledger/index.js';
import { decisionLog } from '../git/helpers.js';

describe('regression: a merge of two appending branches breaks the ledger chain', () => {
  it('merges to a ledger with no predecessor-mismatch and no duplicate-id', () => {
    const base = decisionLog(['first']);
    const ours = decisionLog(['first', 'ours']);
    const theirs = decisionLog(['first', 'theirs'], 5, 1);
    const union = ours + theirs.slice(base.length);
    const before = verifyText(union, { format: 'decision-log' }).problems.map((p) => p.code);
    expect(before).toEqual(expect.arrayContaining(['ledger.predecessor-mismatch', 'ledger.duplicate-id']));
    const merged = mergeMemoryFile('memory-bank/decisionLog.md', { base, ours, theirs });
    expect(merged.ok).toBe(true);
    if (!merged.ok) return;
    expect(verifyText(merged.value.text, { format: 'decision-log' }).problems).toEqual([]);
  });
});
