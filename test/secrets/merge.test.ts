// The merge driver merges a redaction on one side with appends on the other: the tombstone stays, the chain verifies.
import { describe, expect, it } from 'vitest';
import { mergeLedger } from '../../src/services/git/merge-ledger.js';
import { append, redactLedgerText, serializeEntry, verifyText } from '../../src/services/ledger/index.js';
import { parseLedgerText } from '../../src/formats/memory-bank/ledger-text.js';
import { buildLedger, ledgerText } from '../ledger/ledger-arbitraries.js';

const TOKEN = 'ghp_aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5';
const decision = (rationale: string) => ({ proposer_agent: 'ReaperOAK', rationale, diff_hash: 'a'.repeat(64), tests_passed: true });
const opts = { by: 'ReaperOAK', reason: 'a token was pasted', at: '2026-03-01T00:00:00Z' };

function appended(text: string, rationale: string): string {
  const entries = parseLedgerText(text).entries.map((e) => e.value);
  const r = append(entries, decision(rationale) as never, { format: 'decision-log', now: () => new Date('2026-03-02T00:00:00Z') });
  if (!r.ok) throw new Error('append failed');
  return text + serializeEntry(r.value.entry) + '\n';
}
const errors = (text: string) => verifyText(text, { format: 'decision-log' }).problems.filter((p) => p.severity === 'error');

describe('mergeLedger with a redaction', () => {
  const base = ledgerText(buildLedger('decision-log', [decision('one'), decision(`two ${TOKEN}`), decision('three')], [0, 1000, 1000]));
  const redacted = redactLedgerText(base, 2, opts);
  if (!redacted.ok) throw new Error('redaction failed');

  for (const side of ['theirs', 'ours'] as const)
    it(`keeps the tombstone redacted on ${side} and the other side's appends`, () => {
      const other = appended(base, 'four');
      const inputs = side === 'theirs' ? { base, ours: other, theirs: redacted.value.text } : { base, ours: redacted.value.text, theirs: other };
      const r = mergeLedger(inputs, { format: 'decision-log' });
      expect(r.ok, JSON.stringify(r.problems)).toBe(true);
      if (!r.ok) return;
      expect(r.value.text).not.toContain(TOKEN);
      expect(r.value.text).toContain('"rationale":"four"');
      expect(errors(r.value.text)).toEqual([]);
    });

  it('still refuses a side that edited an entry of the ancestor', () => {
    const edited = base.replace('"rationale":"one"', '"rationale":"uno"');
    const r = mergeLedger({ base, ours: edited, theirs: appended(base, 'four') }, { format: 'decision-log' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems[0]?.code).toBe('git.merge-history-changed');
  });
});
