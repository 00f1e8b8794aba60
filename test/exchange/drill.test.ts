import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ExchangeRecord, type Memory, drill, memoryRecords } from '../../src/services/exchange/index.js';
import { type FilePort, memoryFiles } from '../../src/kernel/file-port.js';
import { type MemorySpec, buildMemory, memorySpec } from './arbitraries.js';

/** How a lossy restore target spoils what is imported into it. */
type Spoil = 'drop-record' | 'alter-record' | 'add-record' | 'drop-file' | 'alter-file';

/** The record under another key. */
const withKey = (r: ExchangeRecord, suffix: string): ExchangeRecord =>
  r.type === 'DocEdge' ? { ...r, dst_doc_id: r.dst_doc_id + suffix } : r.type === 'File' ? { ...r, path: r.path + suffix } : ({ ...r, id: r.id + suffix } as ExchangeRecord);
/** The record with a field changed: under the same key where it has a field outside its key. */
const altered = (r: ExchangeRecord): ExchangeRecord =>
  r.type === 'Fact' ? { ...r, text: `${r.text}!` } : r.type === 'Decision' ? { ...r, title: `${r.title}!` } : r.type === 'Identity' ? { ...r, name: `${r.name}!` } : withKey(r, '-changed');

/** A fresh-memory factory whose stores lose or change data on the drill's second import. */
function lossy(spoil: Spoil): () => Memory {
  let made = 0;
  return () => {
    const records = memoryRecords();
    const files = memoryFiles();
    // The drill makes one fresh memory for the copy of a memory source: spoil that one.
    if (made++ !== 0) return { files, records };
    let first = true;
    const spoiledRecords = {
      ...records,
      get: records.get,
      list: records.list,
      put(r: ExchangeRecord) {
        const once = first;
        first = false;
        if (once && spoil === 'drop-record') return;
        if (once && spoil === 'alter-record') return records.put(altered(r));
        if (once && spoil === 'add-record') records.put(withKey(r, '-extra'));
        return records.put(r);
      },
    };
    let firstFile = true;
    const spoiledFiles: FilePort = {
      ...files,
      async write(p, d) {
        // Spoil a file's bytes, not the import's staging bookkeeping (marker, plan).
        const data = !p.startsWith('.memkit-staging-') || /^[^/]+\/new\//.test(p);
        const once = firstFile && data && !p.endsWith('.tmp');
        if (once) firstFile = false;
        if (once && spoil === 'drop-file') return;
        if (once && spoil === 'alter-file') return files.write(p, d.length > 0 ? d.map((b, i) => (i === 0 ? b ^ 1 : b)) : new Uint8Array([1]));
        return files.write(p, d);
      },
      async rename(a, b) {
        if ((await files.read(a)) === undefined) return; // the dropped file's temp
        return files.rename(a, b);
      },
    };
    return { files: spoiledFiles, records: spoiledRecords };
  };
}

describe('drill', () => {
  for (const spoil of ['drop-record', 'alter-record', 'add-record'] as const) {
    it(`fails when the restore ${spoil.replace('-', 's a ')} (property)`, async () => {
      await fc.assert(
        fc.asyncProperty(
          memorySpec.filter((s) => (s as MemorySpec).records.length > 0),
          async (spec) => {
            const report = await drill(buildMemory(spec as MemorySpec), { fresh: lossy(spoil) });
            expect(report.ok, JSON.stringify(report.problems)).toBe(false);
            const codes = new Set(report.problems.map((p) => p.code));
            if (spoil !== 'alter-record') expect(codes).toContain('exchange.drill-count-mismatch');
            expect(codes).toContain('exchange.drill-hash-mismatch');
            expect(report.mismatches.length).toBeGreaterThan(0);
          },
        ),
        { numRuns: 25 },
      );
    });
  }

  for (const spoil of ['drop-file', 'alter-file'] as const) {
    it(`fails when the restore ${spoil.replace('-', 's a ')} (property)`, async () => {
      await fc.assert(
        fc.asyncProperty(
          memorySpec.filter((s) => (s as MemorySpec).files.length > 0),
          async (spec) => {
            const report = await drill(buildMemory(spec as MemorySpec), { fresh: lossy(spoil) });
            expect(report.ok).toBe(false);
            expect(report.problems.map((p) => p.code)).toContain('exchange.drill-hash-mismatch');
          },
        ),
        { numRuns: 25 },
      );
    });
  }
});
