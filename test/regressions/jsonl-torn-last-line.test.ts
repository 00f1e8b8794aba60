// Reported: a crash mid-append left a partial last line in events.jsonl and
// the reader rejected the whole file (or silently dropped the line as if it
// were corrupt). memkit reports the torn tail as jsonl.truncated-line, keeps
// every earlier line, and tells it apart from corruption in the middle.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type JsonlItem, parseJsonl, parseJsonlText, parseLedgerText, serializeJsonl } from '../../src/parse/index.js';

async function collect(chunks: (string | Uint8Array)[]): Promise<JsonlItem[]> {
  async function* source() {
    for (const c of chunks) yield c;
  }
  const out: JsonlItem[] = [];
  for await (const item of parseJsonl(source())) out.push(item);
  return out;
}

describe('regression: a torn last JSONL line', () => {
  const events = [
    { v: 1, id: 'evt_1' },
    { v: 1, id: 'evt_2' },
    { v: 1, id: 'evt_3', body: { text: 'ünïcödé ✓' } },
  ];
  const full = serializeJsonl(events);

  it('every cut inside the last record yields the earlier records plus one truncated-line', async () => {
    const bytes = new TextEncoder().encode(full);
    const lastStart = bytes.lastIndexOf(10, bytes.length - 2) + 1;
    for (let cut = lastStart + 1; cut < bytes.length - 1; cut++) {
      const torn = bytes.subarray(0, cut);
      const items = parseJsonlText(torn);
      expect(items.slice(0, 2).map((i) => i.ok && i.value)).toEqual(events.slice(0, 2));
      expect(items).toHaveLength(3);
      expect(items[2]).toMatchObject({ ok: false, line: 3, problem: { code: 'jsonl.truncated-line', line: 3 } });
      // Same through the stream, cut into two chunks anywhere.
      const streamed = await collect([torn.subarray(0, cut >> 1), torn.subarray(cut >> 1)]);
      expect(streamed.map((i) => (i.ok ? 'ok' : i.problem.code))).toEqual(['ok', 'ok', 'jsonl.truncated-line']);
    }
  });

  it('a corrupt middle line is jsonl.invalid-json, not a torn write', () => {
    const text = '{"a":1}\n{"a":\n{"a":3}\n';
    expect(parseJsonlText(text).map((i) => (i.ok ? 'ok' : i.problem.code))).toEqual(['ok', 'jsonl.invalid-json', 'ok']);
  });

  it('a complete last line without a newline is not torn', () => {
    expect(parseJsonlText(full.slice(0, -1)).every((i) => i.ok)).toBe(true);
  });

  it('.md ledgers report the torn tail too', () => {
    const r = parseLedgerText('# Log\n' + full.slice(0, -5));
    expect(r.tornTail?.line).toBe(4);
    expect(r.entries).toHaveLength(2);
    expect(r.problems.map((p) => p.code)).toEqual(['jsonl.truncated-line']);
  });

  it('only the last line can ever be torn (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.jsonValue({ maxDepth: 2 }), { minLength: 1, maxLength: 6 }), fc.nat(), (values, n) => {
        const text = serializeJsonl(values);
        const cut = text.slice(0, n % text.length);
        const items = parseJsonlText(cut);
        const torn = items.filter((i) => !i.ok && i.problem.code === 'jsonl.truncated-line');
        expect(torn.length).toBeLessThanOrEqual(1);
        expect(items.filter((i) => !i.ok && i.problem.code !== 'jsonl.truncated-line')).toEqual([]);
        if (torn.length === 1) expect(torn[0]!.line).toBe(items.at(-1)!.line);
      }),
      { numRuns: 500 },
    );
  });
});
