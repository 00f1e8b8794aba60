// The README's "Use it" example, run for real so it cannot drift from the API.
import { describe, expect, it } from 'vitest';
import { parseFrontmatter, sha256Hex, validate } from '../src/index.js';
import { append, checkpoint, verifyText } from '../src/services/ledger/index.js';

describe('README example', () => {
  it('validates, parses, appends and verifies as the README shows', () => {
    const now = () => new Date('2026-11-22T08:00:00Z');
    const first = append([], { proposer_agent: 'ReaperOAK', rationale: 'adopt memkit', diff_hash: sha256Hex('diff'), tests_passed: true }, { format: 'decision-log', now });
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    const entries = [first.value.entry];
    expect(validate('decision-log-entry', first.value.entry)).toEqual([]);
    expect(validate('decision-log-entry', { ...first.value.entry, id: 'DEC-1' })[0]).toMatchObject({ code: 'schema.pattern', pointer: '/id' });

    const ledgerText = first.value.line + '\n';
    const report = verifyText(ledgerText, { format: 'decision-log', checkpoint: checkpoint(entries) });
    expect(report.problems).toEqual([]);
    expect(verifyText(ledgerText.replace('adopt', 'adapt'), { format: 'decision-log', checkpoint: checkpoint(entries) }).problems.length).toBeGreaterThan(0);

    const doc = parseFrontmatter('---\nid: fact.x\n---\n# Title\nbody\n');
    expect(doc.ok && doc.value.headings()).toEqual([{ depth: 1, text: 'Title', line: 4 }]);
  });
});
