import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeLedger } from '../../src/services/git/merge-ledger.js';
import { mergeMemoryFile } from '../../src/services/git/merge-file.js';
import { append } from '../../src/services/ledger/append.js';
import { verifyText } from '../../src/formats/memory-bank/verify.js';
import { decisionLog } from './helpers.js';

const HASH = 'a'.repeat(64);
const PREAMBLE = '# Decision log\n\n';

/** Appends `n` decisions to `entries` at times from `start` (minutes), one a minute; returns the new lines. */
function grow(entries: unknown[], rationales: readonly string[], start: number): string[] {
  const lines: string[] = [];
  rationales.forEach((rationale, i) => {
    const r = append(entries, { proposer_agent: 'ReaperOAK', rationale, diff_hash: HASH, tests_passed: true }, { format: 'decision-log', now: () => new Date(Date.UTC(2026, 1, 20, 0, start + i)) });
    if (!r.ok) throw new Error(JSON.stringify(r.problems));
    entries.push(r.value.entry);
    lines.push(r.value.line);
  });
  return lines;
}

const text = (lines: readonly string[]) => PREAMBLE + lines.map((l) => `${l}\n`).join('');
const errors = (t: string) => verifyText(t, { format: 'decision-log' }).problems.filter((p) => p.severity === 'error');
const rationalesOf = (t: string) =>
  verifyText(t, { format: 'decision-log' }) &&
  t
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l).rationale as string);

/** A base ledger and two branches grown from it. */
function fork(base: readonly string[], ours: readonly string[], theirs: readonly string[], theirsStart = 0) {
  const b: unknown[] = [];
  const baseLines = grow(b, base, 0);
  const o = [...b];
  const t = [...b];
  const ourLines = grow(o, ours, 100);
  const theirLines = grow(t, theirs, 100 + theirsStart);
  return { base: text(baseLines), ours: text([...baseLines, ...ourLines]), theirs: text([...baseLines, ...theirLines]) };
}

describe('mergeLedger', () => {
  it('keeps the ancestor, then ours, then theirs re-chained, with colliding ids renumbered', () => {
    const inputs = fork(['b1', 'b2'], ['o1', 'o2'], ['t1']);
    const r = mergeLedger(inputs, { format: 'decision-log', file: 'memory-bank/decisionLog.md' });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(errors(r.value.text)).toEqual([]);
    expect(rationalesOf(r.value.text)).toEqual(['b1', 'b2', 'o1', 'o2', 't1']);
    expect(r.value.text.startsWith(inputs.ours)).toBe(true);
    expect(r.value.renumbered).toEqual([{ from: 'DEC-20260220-003', to: 'DEC-20260220-005', line: 7 }]);
    expect(r.value.problems.map((p) => p.code)).toEqual(['git.merge-renumbered']);
  });

  it('keeps an entry both sides appended once (a cherry-pick: equal but for predecessor_hash)', () => {
    const b: unknown[] = [];
    const baseLines = grow(b, ['b1'], 0);
    const t = [...b];
    const theirLines = grow(t, ['picked', 't1'], 10);
    const o = [...b];
    const ourLines = grow(o, ['o1'], 5);
    const picked = { ...(t[1] as Record<string, unknown>) };
    const chained = append(o, picked as never, { format: 'decision-log', now: () => new Date(String(picked.ts)) });
    if (!chained.ok) throw new Error('append');
    // The copy keeps its id and time; only its predecessor differs.
    const copy = { ...picked, predecessor_hash: chained.value.entry.predecessor_hash };
    const inputs = { base: text(baseLines), ours: text([...baseLines, ...ourLines, JSON.stringify(copy)]), theirs: text([...baseLines, ...theirLines]) };
    const r = mergeLedger(inputs, { format: 'decision-log' });
    expect(r.ok && rationalesOf(r.value.text)).toEqual(['b1', 'o1', 'picked', 't1']);
    expect(r.ok && r.value.duplicates).toBe(1);
  });

  it.each([
    ['edited', (t: string) => t.replace('"rationale":"b1"', '"rationale":"B1"')],
    [
      'removed',
      (t: string) =>
        t
          .split('\n')
          .filter((l) => !l.includes('"b1"'))
          .join('\n'),
    ],
  ])('an ancestor entry %s on one side is a real conflict', (_, edit) => {
    const inputs = fork(['b1', 'b2'], ['o1'], ['t1']);
    const r = mergeLedger({ ...inputs, theirs: edit(inputs.theirs) }, { format: 'decision-log' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems[0]!.code).toMatch(/^git\.merge-(history-changed|unparseable)$/);
  });

  it.each([
    ['a torn last line', (t: string) => `${t}{"id":"DEC-2026`],
    ['a non-JSON line', (t: string) => `${t}not json\n`],
  ])('%s on theirs is a conflict with a message', (_, edit) => {
    const inputs = fork(['b1'], ['o1'], ['t1']);
    const r = mergeLedger({ ...inputs, theirs: edit(inputs.theirs) }, { format: 'decision-log' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems.map((p) => p.code)).toEqual(['git.merge-unparseable']);
  });

  it('a line over the bound is a conflict, not a parse', () => {
    const inputs = fork(['b1'], ['o1'], ['t1']);
    const r = mergeLedger({ ...inputs, theirs: `${inputs.theirs}${'x'.repeat(2000)}\n` }, { format: 'decision-log', limits: { maxLineChars: 1000 } });
    expect(!r.ok && r.problems.map((p) => [p.code, p.line])).toEqual([['git.merge-line-too-long', 5]]);
  });

  it('merges events.jsonl: ancestor, ours, theirs; one event id both sides used differently is a conflict', () => {
    const ev = (id: string, text: string) => JSON.stringify({ v: 1, id, ts: '2026-02-20T00:00:00Z', session_id: 's', actor: 'agent', kind: 'note', body: { text } });
    const base = `${ev('evt_1', 'a')}\n`;
    const r = mergeLedger({ base, ours: `${base}${ev('evt_2', 'b')}\n`, theirs: `${base}${ev('evt_3', 'c')}\n${ev('evt_2', 'b')}\n` }, { format: 'events' });
    expect(r.ok && r.value.text).toBe(`${base}${ev('evt_2', 'b')}\n${ev('evt_3', 'c')}\n`);
    const bad = mergeLedger({ base, ours: `${base}${ev('evt_2', 'b')}\n`, theirs: `${base}${ev('evt_2', 'other')}\n` }, { format: 'events' });
    expect(!bad.ok && bad.problems[0]!.code).toBe('git.merge-entry-conflict');
  });

  const branch = fc.array(fc.string({ minLength: 1, maxLength: 12 }), { maxLength: 6 });
  it('property: any two branches merge to a ledger that verifies, holds every entry once, ours before theirs, the same set either way', () => {
    fc.assert(
      fc.property(branch, branch, branch, fc.integer({ min: -5, max: 5 }), (base, ours, theirs, skew) => {
        // Distinct rationales per side, so "once" is countable (equal entries on both sides are a separate test).
        const o = ours.map((s) => `o:${s}`);
        const t = theirs.map((s) => `t:${s}`);
        const inputs = fork(base, o, t, skew);
        const ab = mergeMemoryFile('memory-bank/decisionLog.md', inputs);
        const ba = mergeMemoryFile('memory-bank/decisionLog.md', { base: inputs.base, ours: inputs.theirs, theirs: inputs.ours });
        expect(ab.ok && ba.ok).toBe(true);
        if (!ab.ok || !ba.ok) return;
        expect(errors(ab.value.text)).toEqual([]);
        expect(errors(ba.value.text)).toEqual([]);
        expect(rationalesOf(ab.value.text)).toEqual([...base, ...o, ...t]);
        expect([...rationalesOf(ba.value.text)].sort()).toEqual([...base, ...o, ...t].sort());
      }),
      { numRuns: 200 },
    );
  });
});

// Two branches that each append one decision used to merge (with a union merge) into a ledger with
// ledger.predecessor-mismatch and ledger.duplicate-id: both new entries claimed the same predecessor and id.
describe('a merge of two appending branches keeps the ledger chain (no shared predecessor or id)', () => {
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
