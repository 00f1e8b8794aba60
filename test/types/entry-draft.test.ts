// `appendEntry(path, draft)` without `{ format }` tells the format from the file name at run time, so its draft type is
// the union of every ledger's draft: a decision compiles without naming its format, a draft of no ledger does not.
// `npm run typecheck` compiles this file; the test below only keeps vitest from reporting an empty file.
import { describe, expect, it } from 'vitest';
import type { EntryDraft, LedgerFormatId } from '../../src/services/ledger/index.js';

const decision: EntryDraft<LedgerFormatId> = { proposer_agent: 'ReaperOAK', rationale: 'r', diff_hash: 'a'.repeat(64), tests_passed: true };
// @ts-expect-error a draft of no ledger
const nothing: EntryDraft<LedgerFormatId> = { nonsense: 1 };
// @ts-expect-error a decision with a wrongly typed field
const wrongType: EntryDraft<'decision-log'> = { proposer_agent: 'ReaperOAK', rationale: 'r', diff_hash: 'a', tests_passed: 'yes' };

describe('EntryDraft', () => {
  it('is a union of the ledgers drafts when the format is not told', () => {
    expect([decision, nothing, wrongType].length).toBe(3);
  });
});
