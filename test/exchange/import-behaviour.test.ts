import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { memoryFiles } from '../../src/kernel/file-port.js';
import { type ExchangeRecord, exportToString, importBundle, memoryRecords, memorySpool } from '../../src/services/exchange/index.js';
import { type MemorySpec, buildMemory, memorySpec } from './arbitraries.js';

const env = { now: () => '2026-02-20T02:00:00Z' };
const enc = new TextEncoder();
async function bundleOf(m: Parameters<typeof exportToString>[0]): Promise<string> {
  const r = await exportToString(m, { agentId: 'kani', env });
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r.value;
}
const fact = (id: string, text: string, updated_at: string): ExchangeRecord => ({ type: 'Fact', id, text, tags: [], source: null, created_at: '2026-01-01T00:00:00Z', updated_at });
const doc = (updated: string, body: string) => `---\nid: d\nupdated: ${updated}\n---\n${body}\n`;
const codes = (r: { problems?: { code: string }[] }) => (r.problems ?? []).map((p) => p.code);

describe('streaming', () => {
  it('any chunking of the bundle (bytes or text, async or ReadableStream) imports the same', async () => {
    await fc.assert(
      fc.asyncProperty(memorySpec, fc.array(fc.nat(), { maxLength: 6 }), fc.boolean(), async (spec, cuts, asStream) => {
        const text = await bundleOf(buildMemory(spec as MemorySpec));
        const bytes = enc.encode(text);
        const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
        const chunks: Uint8Array[] = [];
        let at = 0;
        for (const p of [...points, bytes.length]) {
          chunks.push(bytes.slice(at, p));
          at = p;
        }
        const input = asStream
          ? new ReadableStream<Uint8Array>({
              start(c) {
                chunks.forEach((x) => c.enqueue(x));
                c.close();
              },
            })
          : (async function* () {
              yield* chunks;
            })();
        const target = { files: memoryFiles(), records: memoryRecords() };
        const r = await importBundle(input, target, { spool: memorySpool() });
        expect(r.ok).toBe(true);
        expect(await bundleOf(target)).toBe(text);
      }),
      { numRuns: 40 },
    );
  });

  it('string chunks split inside a surrogate pair, and CRLF line endings, are read correctly', async () => {
    const m = { records: memoryRecords([fact('f', 'brain 🧠 emoji', '2026-01-01T00:00:00Z')]) };
    const text = await bundleOf(m);
    const i = text.indexOf('🧠') + 1; // between the two UTF-16 halves
    const t1 = { records: memoryRecords() };
    expect((await importBundle(() => [text.slice(0, i), text.slice(i)], t1)).ok).toBe(true);
    expect(t1.records.snapshot()).toEqual(m.records.snapshot());
    const t2 = { records: memoryRecords() };
    expect((await importBundle(text.replace(/\n/g, '\r\n'), t2)).ok).toBe(true);
    expect(t2.records.snapshot()).toEqual(m.records.snapshot());
  });

  it('reports progress per record in both passes, ending at the totals', async () => {
    const text = await bundleOf({ records: memoryRecords([fact('a', 'x', '2026-01-01T00:00:00Z'), fact('b', 'y', '2026-01-01T00:00:00Z')]) });
    const calls: [number, number, string][] = [];
    const r = await importBundle(text, { records: memoryRecords() }, { onProgress: (n, b, phase) => calls.push([n, b, phase]) });
    expect(r.ok).toBe(true);
    const bytes = enc.encode(text).length;
    expect(calls.map((c) => c[0])).toEqual([1, 2, 1, 2]);
    expect(calls.map((c) => c[2])).toEqual(['verify', 'verify', 'apply', 'apply']);
    expect(calls[1]![1]).toBe(bytes);
    expect(calls[3]![1]).toBe(bytes);
    expect(calls[0]![1]).toBeLessThan(bytes);
    expect(r.ok && r.value.bytes).toBe(bytes);
  });
});

describe('conflict policies', () => {
  const older = '2026-01-01T00:00:00Z';
  const newer = '2026-03-01T00:00:00Z';

  it('fail (default) refuses before writing anything; identical data is not a conflict', async () => {
    const text = await bundleOf({ records: memoryRecords([fact('a', 'incoming', newer), fact('b', 'new', newer)]) });
    const target = { records: memoryRecords([fact('a', 'local', older)]) };
    const r = await importBundle(text, target);
    expect(codes(r)).toEqual(['exchange.conflict']);
    expect(target.records.snapshot()).toEqual([fact('a', 'local', older)]);
    const same = { records: memoryRecords([fact('a', 'incoming', newer)]) };
    const s = await importBundle(text, same);
    expect(s.ok && [s.value.written, s.value.unchanged]).toEqual([1, 1]);
  });

  it('skip keeps every local record, loudly', async () => {
    const text = await bundleOf({ records: memoryRecords([fact('a', 'incoming', newer)]) });
    const target = { records: memoryRecords([fact('a', 'local', older)]) };
    const r = await importBundle(text, target, { policy: 'skip' });
    expect(r.ok).toBe(true);
    expect(codes(r)).toEqual(['exchange.skipped']);
    expect(target.records.snapshot()).toEqual([fact('a', 'local', older)]);
  });

  it('overwrite-older replaces only older local records and never newer or undated ones', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: -3, max: 3 }), async (days) => {
        const local = fact('a', 'local', `2026-02-1${5 + days}T00:00:00Z`);
        const incoming = fact('a', 'incoming', '2026-02-15T00:00:00Z');
        const target = { records: memoryRecords([local]) };
        const r = await importBundle(await bundleOf({ records: memoryRecords([incoming]) }), target, { policy: 'overwrite-older' });
        expect(r.ok).toBe(true);
        expect(target.records.snapshot()).toEqual([days < 0 ? incoming : local]);
        expect(codes(r)).toEqual(days < 0 ? [] : ['exchange.kept-local']);
      }),
      { numRuns: 20 },
    );
  });

  it('overwrite-older on files: frontmatter dates decide; undated files are kept', async () => {
    const text = await bundleOf({ files: memoryFiles({ '.thunderus/memory/a.md': doc(newer, 'incoming'), '.thunderus/memory/b.md': doc(older, 'incoming'), 'c.txt': 'incoming' }) });
    const target = { files: memoryFiles({ '.thunderus/memory/a.md': doc(older, 'local'), '.thunderus/memory/b.md': doc(newer, 'local'), 'c.txt': 'local' }) };
    const r = await importBundle(text, target, { policy: 'overwrite-older' });
    expect(r.ok).toBe(true);
    const get = (p: string) => new TextDecoder().decode(target.files.snapshot().get(p));
    expect(get('.thunderus/memory/a.md')).toBe(doc(newer, 'incoming'));
    expect(get('.thunderus/memory/b.md')).toBe(doc(newer, 'local'));
    expect(get('c.txt')).toBe('local');
    expect(codes(r)).toEqual(['exchange.kept-local', 'exchange.kept-local']);
  });

  it('overwrite-older on ledgers: only an extension of the local ledger replaces it', async () => {
    const e1 = '{"ts":"2026-01-01T00:00:00Z","n":1}\n';
    const e2 = '{"ts":"2026-01-02T00:00:00Z","n":2}\n';
    const e3 = '{"ts":"2026-01-03T00:00:00Z","n":3}\n';
    const text = await bundleOf({ files: memoryFiles({ 'memory-bank/decisionLog.md': e1 + e3, 'events.jsonl': e1 + e2 + e3 }) });
    // local decisionLog has e2 which the bundle lacks, even though the bundle's last entry is newer
    const target = { files: memoryFiles({ 'memory-bank/decisionLog.md': e1 + e2, 'events.jsonl': e1 }) };
    const r = await importBundle(text, target, { policy: 'overwrite-older' });
    expect(r.ok).toBe(true);
    const get = (p: string) => new TextDecoder().decode(target.files.snapshot().get(p));
    expect(get('memory-bank/decisionLog.md')).toBe(e1 + e2);
    expect(get('events.jsonl')).toBe(e1 + e2 + e3);
    expect(codes(r)).toEqual(['exchange.kept-local']);
  });
});

describe('the Store port', () => {
  it("a store's files export and import through storeFiles, byte for byte", async () => {
    const { memoryStore, storeFiles } = await import('../../src/services/store/index.js');
    const source = memoryStore();
    await source.putFile('memory-bank/decisionLog.md', enc.encode('{"ts":"2026-01-01T00:00:00Z"}\n'));
    await source.putFile('assets/x.bin', new Uint8Array([0, 255]));
    const text = await bundleOf({ files: storeFiles(source) });
    const target = memoryStore();
    const r = await importBundle(text, { files: storeFiles(target) });
    expect(r.ok).toBe(true);
    expect(await target.listFiles('')).toEqual(['assets/x.bin', 'memory-bank/decisionLog.md']);
    expect(await target.getFile('assets/x.bin')).toEqual(new Uint8Array([0, 255]));
    expect(await bundleOf({ files: storeFiles(target) })).toBe(text);
  });
});
