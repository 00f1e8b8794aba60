import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ZERO_HASH, hashJson } from '../../src/kernel/canonical/index.js';
import { append, appendToHead, entryHash, serializeEntry, verify, verifyEntries, verifyText } from '../../src/services/ledger/index.js';
import { nextDatedId } from '../../src/services/ledger/append.js';

const FIXTURE = readFileSync('test/fixtures/ledger/decisionLog.md', 'utf8');
const lines = FIXTURE.split('\n');
const FIRST = lines.findIndex((l) => l.startsWith('{')) + 1; // 1-based line of the first entry
const codes = (r: { problems: { code: string; line?: number }[] }) => r.problems.map((p) => [p.code, p.line]);
const draft = { proposer_agent: 'ReaperOAK', rationale: 'r', diff_hash: 'a'.repeat(64), tests_passed: true };
const at = (iso: string) => () => new Date(iso);

function replaceEntry(i: number, edit: (e: Record<string, unknown>) => string): string {
  const copy = lines.slice();
  copy[FIRST - 1 + i] = edit(JSON.parse(copy[FIRST - 1 + i]!));
  return copy.join('\n');
}

describe('append', () => {
  it('fills predecessor_hash, ts and the next free id of the day', () => {
    const entries: unknown[] = [];
    const r1 = append(entries, draft, { format: 'decision-log', now: at('2026-02-20T10:00:00Z') });
    expect(r1.ok && r1.value.entry).toMatchObject({ id: 'DEC-20260220-001', ts: '2026-02-20T10:00:00.000Z', predecessor_hash: ZERO_HASH });
    entries.push(r1.ok && r1.value.entry);
    const r2 = append(entries, draft, { format: 'decision-log', now: at('2026-02-20T11:00:00Z') });
    expect(r2.ok && r2.value.entry.id).toBe('DEC-20260220-002');
    expect(r2.ok && r2.value.entry.predecessor_hash).toBe(entryHash(entries[0]));
    expect(r2.ok && r2.value.line).toBe(serializeEntry(r2.ok && r2.value.entry));
    expect(r2.ok && r2.value.hash).toBe(hashJson(r2.ok && r2.value.entry));
    entries.push(r2.ok && r2.value.entry);
    const r3 = append(entries, draft, { format: 'decision-log', now: at('2026-02-21T00:00:00Z') });
    expect(r3.ok && r3.value.entry.id).toBe('DEC-20260221-001');
    const risk = append(
      [],
      { reporter_agent: 'Security', threat_type: 'Tampering', severity: 'HIGH', description: 'd', mitigation: '', status: 'OPEN' },
      { format: 'risk-register', now: at('2026-02-20T10:00:00Z') },
    );
    expect(risk.ok && risk.value.entry.risk_id).toBe('RISK-20260220-001');
    const fb = append(
      [],
      { from_agent: 'A', to_agent: 'B', category: 'praise', severity: 'low', artifact_path: 'x.ts', description: 'ok', evidence: '' },
      { format: 'feedback-log', now: at('2026-02-20T10:00:00Z') },
    );
    expect(fb.ok && fb.value.entry).toMatchObject({ timestamp: '2026-02-20T10:00:00.000Z', predecessor_hash: ZERO_HASH });
  });

  it('ignores caller values for the fields it fills', () => {
    const r = append([], { ...draft, id: 'DEC-19990101-999', predecessor_hash: 'f'.repeat(64), ts: '1999-01-01T00:00:00Z' } as never, { format: 'decision-log', now: at('2026-02-20T10:00:00Z') });
    expect(r.ok && r.value.entry).toMatchObject({ id: 'DEC-20260220-001', predecessor_hash: ZERO_HASH, ts: '2026-02-20T10:00:00.000Z' });
  });

  it('validates the entry before accepting it', () => {
    const r = append([], { ...draft, diff_hash: 'nope' }, { format: 'decision-log', now: at('2026-02-20T10:00:00Z') });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.problems.map((p) => [p.code, p.pointer])).toEqual([['schema.pattern', '/diff_hash']]);
    const missing = append([], { proposer_agent: 'ReaperOAK' } as never, { format: 'decision-log', now: at('2026-02-20T10:00:00Z') });
    expect(!missing.ok && missing.problems.map((p) => p.code)).toContain('schema.required');
  });

  it('refuses a clock earlier than the last entry, a 1000th id of a day, and unknown formats', () => {
    const head = { lastHash: ZERO_HASH, lastTs: '2026-02-20T10:00:00Z', ids: [] };
    const back = appendToHead(head, draft, { format: 'decision-log', now: at('2026-02-20T09:59:59Z') });
    expect(!back.ok && back.problems[0]!.code).toBe('ledger.clock-backwards');
    const full = appendToHead({ lastHash: ZERO_HASH, ids: ['DEC-20260220-999'] }, draft, { format: 'decision-log', now: at('2026-02-20T10:00:00Z') });
    expect(!full.ok && full.problems[0]!.code).toBe('ledger.id-exhausted');
    const unknown = append([], draft as never, { format: 'nope' as never });
    expect(!unknown.ok && unknown.problems[0]!.code).toBe('ledger.unknown-format');
  });

  it('nextDatedId takes one past the highest number of that day only', () => {
    expect(nextDatedId('DEC-', '20260220', ['DEC-20260220-004', 'DEC-20260220-002', 'DEC-20260219-009', 'junk'])).toBe('DEC-20260220-005');
    expect(nextDatedId('RISK-', '20260220', [])).toBe('RISK-20260220-001');
  });
});

describe('verify: every problem class names its line', () => {
  it('the fixture verifies, with its Markdown preamble', () => {
    const r = verifyText(FIXTURE, { format: 'decision-log' });
    expect(r.problems).toEqual([]);
    expect(r.entries).toBe(4);
    expect(r.preambleLines).toBe(FIRST - 1);
    expect(verifyText(FIXTURE, { file: 'memory-bank/decisionLog.md' }).problems).toEqual([]);
  });

  it('unparseable line', () => {
    const garbled: ((e: unknown) => string)[] = [(e) => JSON.stringify(e).slice(0, 20) + 'garbage', () => 'not json at all', () => '[1,2]'];
    for (const replace of garbled) expect(codes(verifyText(replaceEntry(1, replace), { format: 'decision-log' }))[0]).toEqual(['ledger.unparseable-line', FIRST + 1]);
  });

  it('schema violation (with the pointer of the field)', () => {
    const r = verifyText(
      replaceEntry(2, (e) => serializeEntry({ ...e, tests_passed: 'yes' })),
      { format: 'decision-log' },
    );
    expect(r.problems[0]).toMatchObject({ code: 'ledger.schema-violation', line: FIRST + 2, pointer: '/tests_passed' });
  });

  it('predecessor mismatch at the successor of an edited entry', () => {
    const r = verifyText(
      replaceEntry(1, (e) => serializeEntry({ ...e, rationale: 'rewritten' })),
      { format: 'decision-log' },
    );
    expect(codes(r)).toEqual([['ledger.predecessor-mismatch', FIRST + 2]]);
  });

  it('duplicate id and timestamps going backwards', () => {
    const dup = verifyText(
      replaceEntry(1, (e) => serializeEntry({ ...e, id: 'DEC-20260220-001' })),
      { format: 'decision-log' },
    );
    expect(codes(dup)).toContainEqual(['ledger.duplicate-id', FIRST + 1]);
    const back = verifyText(
      replaceEntry(2, (e) => serializeEntry({ ...e, ts: '2026-02-19T00:00:00Z' })),
      { format: 'decision-log' },
    );
    expect(codes(back)).toContainEqual(['ledger.ts-backwards', FIRST + 2]);
  });

  it('torn last line', () => {
    const torn = FIXTURE.slice(0, FIXTURE.length - 40);
    expect(codes(verifyText(torn, { format: 'decision-log' }))).toEqual([['ledger.torn-tail', FIRST + 3]]);
  });

  it('payload hash mismatch when a resolver is supplied; a missing payload is a warning', async () => {
    const payload = { spec: 'v1' };
    const entries: unknown[] = [];
    for (const p of [payload, { spec: 'v2' }]) {
      const r = append(
        entries,
        { author_agent: 'ProductManager', summary: 's', payload_hash: hashJson(p), payload_loc: `docs/${entries.length}.json` },
        { format: 'product-context', now: at('2026-02-20T10:00:00Z') },
      );
      entries.push(r.ok && r.value.entry);
    }
    const text = entries.map((e) => serializeEntry(e) + '\n').join('');
    const store: Record<string, unknown> = { 'docs/0.json': payload, 'docs/1.json': { spec: 'tampered' } };
    const r = verifyText(text, { format: 'product-context', payloads: (loc) => store[loc] });
    expect(codes(r)).toEqual([['ledger.payload-hash-mismatch', 2]]);
    const a = await verify(text, { format: 'product-context', payloads: async (loc) => store[loc] });
    expect(codes(a)).toEqual([['ledger.payload-hash-mismatch', 2]]);
    const missing = verifyText(text, { format: 'product-context', payloads: () => undefined });
    expect(missing.problems.map((p) => [p.code, p.severity])).toEqual([
      ['ledger.payload-missing', 'warning'],
      ['ledger.payload-missing', 'warning'],
    ]);
  });

  it('a non-canonical line is a warning (only the first is reported)', () => {
    const r = verifyText(
      replaceEntry(0, (e) => JSON.stringify(e, null, 0).replace('{', '{ ')),
      { format: 'decision-log' },
    );
    expect(r.problems.map((p) => [p.code, p.severity, p.line])).toEqual([['ledger.non-canonical', 'warning', FIRST]]);
  });

  it('verifyEntries checks values parsed elsewhere', () => {
    const entries = lines.filter((l) => l.startsWith('{')).map((l, i) => ({ line: 10 + i, value: JSON.parse(l) }));
    expect(verifyEntries(entries, { format: 'decision-log' }).problems).toEqual([]);
    [entries[1], entries[2]] = [entries[2]!, entries[1]!];
    expect(verifyEntries(entries, { format: 'decision-log' }).problems[0]).toMatchObject({ code: 'ledger.predecessor-mismatch', line: 11 });
  });
});

describe('verify: streaming sources', () => {
  const tampered = replaceEntry(1, (e) => serializeEntry({ ...e, rationale: 'x' }));
  const expected = verifyText(tampered, { format: 'decision-log' }).problems;

  it('gives the same answer for text, bytes, small chunks and a ReadableStream', async () => {
    const bytes = new TextEncoder().encode(tampered);
    const chunks = (size: number) => {
      const out: Uint8Array[] = [];
      for (let i = 0; i < bytes.length; i += size) out.push(bytes.subarray(i, i + size));
      return out;
    };
    expect((await verify(tampered, { format: 'decision-log' })).problems).toEqual(expected);
    expect((await verify(bytes, { format: 'decision-log' })).problems).toEqual(expected);
    for (const size of [1, 7, 64]) expect((await verify(chunks(size), { format: 'decision-log' })).problems).toEqual(expected);
    const textChunks = tampered.match(/[\s\S]{1,5}/g)!;
    expect(
      (
        await verify(
          (async function* () {
            yield* textChunks;
          })(),
          { format: 'decision-log' },
        )
      ).problems,
    ).toEqual(expected);
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        for (const x of chunks(33)) c.enqueue(x);
        c.close();
      },
    });
    expect((await verify(stream, { format: 'decision-log' })).problems).toEqual(expected);
  });

  it('strict JSON Lines mode (preamble: false) treats a preamble line as unparseable', async () => {
    const r = await verify(FIXTURE, { format: 'decision-log', preamble: false });
    expect(r.problems[0]).toMatchObject({ code: 'ledger.unparseable-line', line: 1 });
  });

  it('an empty ledger verifies', async () => {
    expect(await verify('', { format: 'decision-log' })).toMatchObject({ entries: 0, head: ZERO_HASH, problems: [] });
    expect(verifyText('# Only a title\n', { format: 'decision-log' })).toMatchObject({ entries: 0, problems: [] });
  });
});

describe('verify: streaming equals in-memory (property)', () => {
  it('for random ledgers, preambles, tampering and chunkings', async () => {
    const { ledgerArb, ledgerText } = await import('./ledger-arbitraries.js');
    const fc = (await import('fast-check')).default;
    const FM = '---\nid: x\nnote: "{not an entry}"\n---\n';
    await fc.assert(
      fc.asyncProperty(ledgerArb(1, 8), fc.boolean(), fc.nat(), fc.integer({ min: 1, max: 97 }), fc.boolean(), async (l, frontmatter, cut, size, asText) => {
        let text = (frontmatter ? FM : '') + ledgerText(l);
        if (cut % 3 === 0) text = text.slice(0, text.length - (cut % 50));
        const want = verifyText(text, { format: l.format }).problems;
        const bytes = new TextEncoder().encode(text);
        const parts: (string | Uint8Array)[] = [];
        for (let i = 0; i < bytes.length; i += size) parts.push(asText ? text.slice(i, i + size) : bytes.subarray(i, i + size));
        expect((await verify(parts, { format: l.format })).problems).toEqual(want);
      }),
      { numRuns: 150 },
    );
  });
});
