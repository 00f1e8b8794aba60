import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalize } from '../../src/kernel/canonical/index.js';
import { BundleDigest, importBundle, memoryRecords } from '../../src/services/exchange/index.js';
import { jsHasher } from '../../src/kernel/canonical/index.js';
import { runCli, tempDir } from '../cli/helpers.js';
import { recordV1 } from './arbitraries.js';

// Defect: v1 records with fields memkit did not define were refused as
// exchange.migration-loses-data, although v1 tolerates unknown fields.
// Now they import; each dropped field is one warning per type and name.
function v1Bundle(records: Record<string, unknown>[]): string {
  const lines = records.map((r) => canonicalize(r));
  const counts: Record<string, number> = {};
  for (const r of records) counts[r.type as string] = (counts[r.type as string] ?? 0) + 1;
  const manifest: Record<string, unknown> = {
    agent_id: 'kani',
    exported_at: '2026-02-20T02:00:00Z',
    record_counts: counts,
    record_types: Object.keys(counts).sort(),
    schema_version: 1,
    superagents_export: '1',
  };
  const d = new BundleDigest(jsHasher);
  for (const l of lines) d.addText(l);
  manifest.digest = d.finish(manifest);
  return [canonicalize(manifest), ...lines].join('\n') + '\n';
}

const fact = (id: string, extra: Record<string, unknown> = {}) => ({
  type: 'Fact',
  id,
  statement: 's',
  tags: [],
  source: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  ...extra,
});

describe('v1 records with unknown fields import, minus those fields, with a warning', () => {
  it('memkit import takes v1 records with extra fields; one warning per dropped field name', async () => {
    const t = tempDir();
    try {
      const bundle = join(t.dir, 'old.ndjson');
      writeFileSync(
        bundle,
        v1Bundle([
          fact('f1', { confidence: 0.9 }),
          fact('f2', { confidence: 0.1, 'a/b': 1 }),
          { type: 'Identity', id: 'i1', name: 'kani', role: '', traits: [], created_at: '2026-01-01T00:00:00Z', avatar: 'x.png' },
        ]),
      );
      const r = await runCli(['import', bundle, join(t.dir, 'mem'), '--format', 'json']);
      expect(r.code, r.stdout).toBe(0);
      const out = JSON.parse(r.stdout) as { problems: { code: string; severity: string; pointer?: string }[]; summary: { records: number } };
      expect(out.problems.map((p) => [p.code, p.severity, p.pointer])).toEqual([
        ['exchange.migration-dropped-field', 'warning', '/confidence'],
        ['exchange.migration-dropped-field', 'warning', '/a~1b'],
        ['exchange.migration-dropped-field', 'warning', '/avatar'],
      ]);
      expect(out.summary.records).toBe(3);
    } finally {
      t.done();
    }
  });

  it('property: any valid v1 record with any extra fields imports, minus exactly those fields', async () => {
    const reserved = new Set(['type', 'id', 'statement', 'tags', 'source', 'created_at', 'updated_at', 'title', 'rationale', 'status', 'decided_at', 'supersedes', 'name', 'role', 'traits']);
    const extraKey = fc.string({ minLength: 1, maxLength: 8 }).filter((k) => !reserved.has(k) && k !== '__proto__');
    await fc.assert(
      fc.asyncProperty(recordV1, fc.dictionary(extraKey, fc.jsonValue(), { minKeys: 1, maxKeys: 3 }), async (record, extra) => {
        const records = memoryRecords();
        const r = await importBundle(v1Bundle([{ ...extra, ...record }]), { records });
        expect(r.ok).toBe(true);
        expect(r.problems?.filter((p) => p.code === 'exchange.migration-dropped-field').length).toBe(Object.keys(extra).length);
        expect(records.size()).toBe(1);
        for (const k of Object.keys(extra)) expect(Object.hasOwn(records.snapshot()[0] as object, k)).toBe(false);
      }),
      { numRuns: 100 },
    );
  });
});
