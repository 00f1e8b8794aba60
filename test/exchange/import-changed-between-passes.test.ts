import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalize } from '../../src/kernel/canonical/index.js';
import { type ExchangeRecord, exportBundle, importBundle, memoryRecords } from '../../src/services/exchange/index.js';
import { memoryFiles } from '../../src/kernel/file-port.js';
import { runCli, tempDir } from '../cli/helpers.js';

// Defect: the bundle is read twice (verify, then apply); a record appended
// between the passes was written and the run exited 0 ("20000 records, 20001
// written"). Now the apply pass uses a line only when its bytes hash to what
// the verify pass read on that line, and a line past the verified ones stops
// the import before anything is committed.

const fact = (i: number): ExchangeRecord => ({
  created_at: '2026-01-01T00:00:00Z',
  id: `f${String(i).padStart(5, '0')}`,
  source: null,
  tags: [],
  text: `fact ${i}`,
  type: 'Fact',
  updated_at: '2026-01-01T00:00:00Z',
});

async function bundle(n: number, files: Record<string, string> = {}): Promise<string> {
  const r = await exportBundle({ records: memoryRecords(Array.from({ length: n }, (_, i) => fact(i))), files: memoryFiles(files) }, { agentId: 'a', env: { now: () => '2026-02-01T00:00:00Z' } });
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r.value.text();
}

/** A source that reads `first` on the verify pass and `second` on every later one. */
const changing = (first: string, second: string) => {
  let calls = 0;
  return () => [calls++ === 0 ? first : second];
};

type Change = { kind: 'append' | 'edit' | 'remove' | 'insert'; at: number };

function change(text: string, c: Change): string {
  const lines = text.split('\n').slice(0, -1);
  const i = 1 + (c.at % (lines.length - 1));
  const extra = canonicalize(fact(99_999));
  if (c.kind === 'append') lines.push(extra);
  if (c.kind === 'insert') lines.splice(i, 0, extra);
  if (c.kind === 'remove') lines.splice(i, 1);
  if (c.kind === 'edit') lines[i] = lines[i]!.replace('fact', 'FACT').replace('"content":"', '"content":"X');
  return lines.join('\n') + '\n';
}

describe('a bundle changed between the verify and write passes: nothing unverified is written', () => {
  it('a record appended between the passes is not written; the import fails and writes nothing', async () => {
    const text = await bundle(200);
    const records = memoryRecords();
    const r = await importBundle(changing(text, change(text, { kind: 'append', at: 0 })), { records });
    expect(r.ok).toBe(false);
    expect(r.ok ? [] : r.problems.map((p) => p.code)).toEqual(['exchange.source-changed']);
    expect(records.list() as ExchangeRecord[]).not.toContainEqual(fact(99_999));
    // Records are put as their verified lines come, and the result says how many.
    expect(r.partial?.records ?? 0).toBe((records.list() as ExchangeRecord[]).length);
  });

  it('property: any change between the passes writes no file, and only records from verified lines', { timeout: 60_000 }, async () => {
    const docs: Record<string, string> = { 'a.md': 'a\n', 'b/c.md': 'c\n', 'z.json': '{"fact":1}\n' };
    const text = await bundle(30, docs);
    await fc.assert(
      fc.asyncProperty(fc.record({ kind: fc.constantFrom('append', 'edit', 'remove', 'insert'), at: fc.nat() }), async (c: Change) => {
        const changed = change(text, c);
        if (changed === text) return;
        const files = memoryFiles();
        const records = memoryRecords();
        const r = await importBundle(changing(text, changed), { files, records });
        expect(r.ok).toBe(false);
        expect(r.ok ? [] : r.problems.map((p) => p.code)).toContain('exchange.source-changed');
        expect(files.snapshot().size).toBe(0);
        const verified = new Set(text.split('\n').slice(1, -1));
        for (const rec of records.list() as ExchangeRecord[]) expect(verified.has(canonicalize(rec))).toBe(true);
        expect(r.partial?.records ?? 0).toBe(records.size());
      }),
      { numRuns: 80 },
    );
  });

  it('property, bundles of many 64 KiB blocks: writes stop before the block that changed; every record put was verified', { timeout: 120_000 }, async () => {
    const text = await bundle(3000, { 'a.md': 'a\n', 'big.md': 'x'.repeat(100_000) });
    const verified = new Set(text.split('\n').slice(1, -1));
    await fc.assert(
      fc.asyncProperty(fc.record({ kind: fc.constantFrom('append', 'edit', 'remove', 'insert'), at: fc.nat() }), async (c: Change) => {
        const changed = change(text, c);
        if (changed === text) return;
        const files = memoryFiles();
        const records = memoryRecords();
        const r = await importBundle(changing(text, changed), { files, records });
        expect(r.ok ? [] : r.problems.map((p) => p.code)).toEqual(['exchange.source-changed']);
        expect(files.snapshot().size).toBe(0);
        for (const rec of records.list() as ExchangeRecord[]) expect(verified.has(canonicalize(rec))).toBe(true);
        expect(r.partial?.records ?? 0).toBe(records.size());
      }),
      { numRuns: 25 },
    );
  });

  it('a real file that grows while the verify pass reads it: the appended line is not imported', async () => {
    const t = tempDir();
    try {
      const path = join(t.dir, 'b.ndjson');
      const text = await bundle(2000, { 'a.md': 'a\n' });
      writeFileSync(path, text);
      const dir = join(t.dir, 'mem');
      mkdirSync(dir);
      let appended = false;
      const r = await importBundle(
        async function* () {
          yield readFileSync(path); // reopened for each pass, as the CLI reopens BUNDLE
        },
        { files: memoryFiles(), records: memoryRecords() },
        {
          onProgress: (n, _b, phase) => {
            if (phase === 'verify' && n === 1000 && !appended) {
              appended = true;
              appendFileSync(path, canonicalize(fact(99_999)) + '\n');
            }
          },
        },
      );
      // The verify pass had read the file as it was; the apply pass sees the extra line and stops.
      expect(appended).toBe(true);
      expect(r.ok).toBe(false);
      expect(r.ok ? [] : r.problems.map((p) => p.code)).toEqual(['exchange.source-changed']);
      // The grown file no longer verifies at all.
      const cli = await runCli(['import', path, dir, '--format', 'json']);
      expect(cli.code).toBe(1);
      expect(readFileSync(path, 'utf8').split('\n').length).toBe(text.split('\n').length + 1);
    } finally {
      t.done();
    }
  });
});
