// The seed's compaction ("session end -> compress to decisionLog.md"): the session's active-context entries become
// one decision entry recording them by hash; the compaction verifies against the active context, and a changed
// active-context entry afterwards is reported even when its chain was rebuilt to hide it.
import { describe, expect, it } from 'vitest';
import { exampleFiles } from './helpers.js';
import { openMemory } from '../../src/index.js';
import { compactionRoot } from '../../src/formats/memory-bank/compaction.js';
import { parseLedgerText } from '../../src/formats/memory-bank/ledger-text.js';
import { append } from '../../src/services/ledger/index.js';

const ACTIVE = 'memory-bank/activeContext.md';
const now = () => new Date('2026-12-02T12:00:00Z');

const note = (summary: string) => ({ source_agent: 'ReaperOAK', source_chunks: ['f'.repeat(64)], summary_128: summary });
const codes = (r: { ok: boolean; problems?: { code: string }[] }) => (r.problems ?? []).map((p) => p.code);

describe('compact', () => {
  it('compresses the uncompacted entries into one decision that records them, then only the new ones', async () => {
    const memory = openMemory({ files: exampleFiles(), now });
    const active = await memory.entriesOrThrow('active-context');
    const first = await memory.compactOrThrow();
    expect(first).toMatchObject({ first: 1, count: active.length });
    const decision = first.decision!.entry;
    expect(decision.compacts).toEqual({ ledger: 'activeContext.md', first: 1, count: active.length });
    expect(decision.diff_hash).toBe(compactionRoot(active.map((e) => e.value)));
    expect(String(decision.rationale)).toContain('Session started: migrate the test runner to vitest.');
    expect((await memory.check()).ok).toBe(true);

    const again = await memory.compactOrThrow();
    expect(again).toEqual({ first: active.length + 1, count: 0, decision: undefined });

    await memory.appendOrThrow('active-context', note('second session: add the handle'));
    await memory.appendOrThrow('active-context', note('second session: compact it'));
    const second = await memory.compactOrThrow({ rationale: 'end of the second session', testsPassed: true });
    expect(second).toMatchObject({ first: active.length + 1, count: 2 });
    expect(second.decision!.entry).toMatchObject({ rationale: 'end of the second session', tests_passed: true });
    const report = await memory.check();
    expect(report.ok, JSON.stringify(report.problems)).toBe(true);
  });

  it('reports an active-context entry changed after it was compacted, though its chain was rebuilt', async () => {
    const files = exampleFiles();
    const memory = openMemory({ files, now });
    await memory.compactOrThrow();
    // A forger rewrites the active context with one summary changed and every predecessor_hash recomputed.
    const text = new TextDecoder().decode(await files.read(ACTIVE));
    const parsed = parseLedgerText(text);
    let entries: unknown[] = [];
    for (const [i, e] of parsed.entries.entries()) {
      const { predecessor_hash: _p, ...draft } = e.value as Record<string, unknown>;
      if (i === 0) draft.summary_128 = 'Session started: something else entirely.';
      const next = append(entries, draft as never, { format: 'active-context', now: () => new Date(String(draft.ts)) });
      if (!next.ok) throw new Error(JSON.stringify(next.problems));
      entries = [...entries, next.value.entry];
    }
    const forged = parsed.preamble + entries.map((e) => `${JSON.stringify(e)}\n`).join('');
    await files.write(ACTIVE, new TextEncoder().encode(forged));
    const verified = await memory.verify('active-context');
    expect(verified.ok).toBe(true);
    const report = await memory.check();
    expect(report.ok).toBe(false);
    expect(codes(report)).toContain('ledger.compaction-mismatch');
  });

  it('refuses a compaction by an agent the decision log does not let write, with nothing written', async () => {
    const files = exampleFiles();
    const memory = openMemory({ files, now });
    const before = new TextDecoder().decode(await files.read('memory-bank/decisionLog.md'));
    const refused = await memory.compact({ as: 'Intruder' });
    expect(refused.ok).toBe(false);
    expect(codes(refused)).toContain('ledger.writer-denied');
    expect(new TextDecoder().decode(await files.read('memory-bank/decisionLog.md'))).toBe(before);
  });
});
