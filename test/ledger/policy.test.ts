import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../src/kernel/canonical/index.js';
import { DEFAULT_WRITER_POLICY, append, checkAppendOnly, checkSystemPatternsChange, checkWrite, serializeEntry, systemPatternsDiffHash, verifyFeedbackLog } from '../../src/services/ledger/index.js';
import { appendFeedbackEntry } from '../../src/formats/feedback-log/parse.js';

const codes = (ps: { code: string }[]) => ps.map((p) => p.code);

describe('checkWrite (seed writers as the default policy)', () => {
  it('allows listed writers and "all agents"', () => {
    expect(checkWrite(DEFAULT_WRITER_POLICY, 'ReaperOAK', 'memory-bank/decisionLog.md', 'append')).toEqual([]);
    expect(checkWrite(DEFAULT_WRITER_POLICY, 'Security', 'riskRegister.md', 'append')).toEqual([]);
    expect(checkWrite(DEFAULT_WRITER_POLICY, 'AnyoneAtAll', 'activeContext.md', 'append')).toEqual([]);
    expect(checkWrite(DEFAULT_WRITER_POLICY, 'Backend', 'progress.md', 'edit')).toEqual([]);
    expect(checkWrite(DEFAULT_WRITER_POLICY, 'CIReviewer', 'progress.md', 'approve')).toEqual([]);
  });
  it('denies other writers, edits of append-only files, deletion always', () => {
    expect(codes(checkWrite(DEFAULT_WRITER_POLICY, 'Backend', 'decisionLog.md', 'append'))).toEqual(['ledger.writer-denied']);
    expect(codes(checkWrite(DEFAULT_WRITER_POLICY, 'ProductManager', 'productContext.md', 'edit'))).toEqual(['ledger.append-only']);
    expect(codes(checkWrite(DEFAULT_WRITER_POLICY, 'ReaperOAK', 'systemPatterns.md', 'edit'))).toEqual(['ledger.immutable']);
    expect(codes(checkWrite(DEFAULT_WRITER_POLICY, 'Backend', 'activeContext.md', 'delete'))).toEqual(['ledger.delete-denied']);
    expect(codes(checkWrite(DEFAULT_WRITER_POLICY, 'Backend', 'progress.md', 'approve'))).toEqual(['ledger.writer-denied']);
    expect(codes(checkWrite(DEFAULT_WRITER_POLICY, 'Backend', 'notes.md', 'append'))).toEqual(['ledger.unknown-file']);
  });
  it('is replaceable by the caller', () => {
    const policy = { ...DEFAULT_WRITER_POLICY, 'decisionLog.md': { writers: ['Architect'], appendOnly: true } };
    expect(checkWrite(policy, 'Architect', 'decisionLog.md', 'append')).toEqual([]);
    expect(codes(checkWrite(policy, 'ReaperOAK', 'decisionLog.md', 'append'))).toEqual(['ledger.writer-denied']);
  });
});

describe('checkAppendOnly', () => {
  const pre = '# Log\n\n';
  const e = (n: number) => serializeEntry({ n, predecessor_hash: '0'.repeat(64) });
  const before = pre + [e(1), e(2), e(3)].join('\n') + '\n';
  it('accepts appending whole entries', () => {
    expect(checkAppendOnly(before, before)).toEqual([]);
    expect(checkAppendOnly(before, before + e(4) + '\n' + e(5) + '\n')).toEqual([]);
    expect(checkAppendOnly('', e(1) + '\n')).toEqual([]);
    expect(checkAppendOnly('# Log\n', '# Log\n' + e(1) + '\n')).toEqual([]);
  });
  it.each([
    ['edit', pre + [e(1), e(9), e(3)].join('\n') + '\n', 'ledger.entry-edited', 4],
    ['delete', pre + [e(1), e(3)].join('\n') + '\n', 'ledger.entry-deleted', 4],
    ['delete tail', pre + [e(1), e(2)].join('\n') + '\n', 'ledger.entry-deleted', 5],
    ['reorder', pre + [e(1), e(3), e(2)].join('\n') + '\n', 'ledger.entry-reordered', 4],
    ['insert', pre + [e(1), e(7), e(2), e(3)].join('\n') + '\n', 'ledger.entry-inserted', 4],
    ['preamble', '# Changed\n\n' + [e(1), e(2), e(3)].join('\n') + '\n', 'ledger.preamble-changed', 1],
    ['partial', before + '{"n":4', 'ledger.partial-append', 6],
    ['non-entry', before + 'hello\n', 'ledger.partial-append', 6],
  ])('reports %s with the first differing line', (_name, after, code, line) => {
    expect(checkAppendOnly(before, after as string).map((p) => [p.code, p.line])).toEqual([[code, line]]);
  });
});

describe('systemPatterns.md changes', () => {
  const doc = (version: string, body: string) => `---\nversion: ${version}\nhash: ${sha256Hex(body)}\nlocked_by: ReaperOAK\nimmutable: true\n---\n${body}`;
  const v1 = doc('1.0.0', '# Patterns\n\n- one\n');
  const v2 = doc('1.1.0', '# Patterns\n\n- one\n- two\n');
  const decision = { diff_hash: systemPatternsDiffHash('# Patterns\n\n- one\n', '# Patterns\n\n- one\n- two\n') };
  it('diff_hash is sha256 of the appended bytes', () => {
    expect(decision.diff_hash).toBe(sha256Hex('- two\n'));
  });
  it('accepts an extension backed by a decision', () => {
    expect(checkSystemPatternsChange(v1, v2, [decision])).toEqual([]);
  });
  it('reports an unbacked change, a rewrite, a stale header hash and a missing version bump', () => {
    expect(codes(checkSystemPatternsChange(v1, v2, [{ diff_hash: 'f'.repeat(64) }]))).toEqual(['ledger.system-patterns-unbacked']);
    const rewritten = doc('1.1.0', '# Patterns\n\n- uno\n- two\n');
    expect(checkSystemPatternsChange(v1, rewritten, [decision]).map((p) => [p.code, p.line])).toEqual([['ledger.system-patterns-rewritten', 9]]);
    const stale = v2.replace(sha256Hex('# Patterns\n\n- one\n- two\n'), sha256Hex('other'));
    expect(codes(checkSystemPatternsChange(v1, stale, [decision]))).toContain('system-patterns.hash-mismatch');
    const noBump = doc('1.0.0', '# Patterns\n\n- one\n- two\n');
    expect(checkSystemPatternsChange(v1, noBump, [decision]).map((p) => [p.code, p.severity])).toEqual([['ledger.system-patterns-version', 'warning']]);
  });
});

describe('feedback-log.md chain', () => {
  it('verifies the blocks as a ledger and finds an edited block', () => {
    let text = '# Feedback\n\n';
    const entries: unknown[] = [];
    for (let i = 0; i < 3; i++) {
      const r = append(
        entries,
        { from_agent: 'QA', to_agent: 'Backend', category: 'defect', severity: 'high', artifact_path: `src/a${i}.ts`, description: `bug ${i}`, evidence: 'test output' },
        { format: 'feedback-log', now: () => new Date(Date.UTC(2026, 1, 20, i)) },
      );
      if (!r.ok) throw new Error(JSON.stringify(r.problems));
      entries.push(r.value.entry);
      text = appendFeedbackEntry(text, r.value.entry);
    }
    expect(verifyFeedbackLog(text).problems).toEqual([]);
    const edited = text.replace('bug 1', 'bug one');
    const r = verifyFeedbackLog(edited);
    expect(r.problems.map((p) => p.code)).toEqual(['ledger.predecessor-mismatch']);
    const lines = text.split('\n');
    expect(r.problems[0]!.line).toBe(lines.findIndex((l) => l.includes('2026-02-20T02:00:00')) + 1);
  });
});
