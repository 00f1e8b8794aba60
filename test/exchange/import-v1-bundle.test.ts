import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BundleDigest, RECORDS_PATH, directoryMemory, importBundle, memoryRecords } from '../../src/services/exchange/index.js';
import { jsHasher } from '../../src/kernel/canonical/sha256.js';
import { memoryFiles } from '../../src/kernel/file-port.js';
import { ROOT, runCli, tempDir } from '../cli/helpers.js';

// Defect: `memkit import` refused every v1 bundle (exchange.no-target: a
// directory had no record store) although `memkit drill` read them.
const V1 = join(ROOT, 'test/fixtures/exchange/v1');
const json = (s: string) => JSON.parse(s) as Record<string, unknown>;

describe('a v1 bundle is imported, not refused', () => {
  for (const name of ['basic.ndjson', 'adr-minimal.ndjson', 'empty.ndjson']) {
    it(`memkit import takes ${name}, and export gives its records back as v2 records`, async () => {
      const t = tempDir();
      try {
        const bundle = join(V1, name);
        const r = await runCli(['import', bundle, t.dir, '--format', 'json']);
        expect(r.code, r.stdout).toBe(0);
        const out = json(r.stdout);
        expect((out.problems as { code: string }[]).map((p) => p.code)).not.toContain('exchange.no-target');
        const manifest = json(readFileSync(bundle, 'utf8').split('\n')[0]!);
        const counts = (manifest.record_counts ?? {}) as Record<string, number>;
        const total = Object.values(counts).reduce((a, b) => a + b, 0);
        expect(existsSync(join(t.dir, RECORDS_PATH))).toBe(total > 0 || name === 'adr-minimal.ndjson');

        const exported = await runCli(['export', t.dir]);
        expect(exported.code, exported.stderr).toBe(0);
        const lines = exported.stdout.trimEnd().split('\n');
        const m = json(lines[0]!);
        expect(m.schema_version).toBe(2);
        const types = lines.slice(1).map((l) => json(l).type as string);
        expect(types).not.toContain('File'); // the records file travels as records, not as a file
        if (manifest.record_counts !== undefined) expect(m.record_counts).toEqual(counts);

        const drill = await runCli(['drill', t.dir]);
        expect(drill.code, drill.stdout + drill.stderr).toBe(0);
        // Idempotent: the same import again changes nothing.
        const again = await runCli(['import', bundle, t.dir, '--format', 'json']);
        expect(again.code, again.stdout).toBe(0);
        expect((json(again.stdout).summary as { written: number }).written).toBe(0);
      } finally {
        t.done();
      }
    });
  }

  it('the library: a v1 bundle imports into directoryMemory(files) and lands in the records file with the files', async () => {
    const files = memoryFiles();
    const r = await importBundle(readFileSync(join(V1, 'basic.ndjson')), directoryMemory(files));
    expect(r.ok).toBe(true);
    const text = new TextDecoder().decode((await files.read(RECORDS_PATH))!);
    expect(text.split('\n')[0]).toContain('"schema_version":2');
    expect(text).toContain('"type":"Fact"');
    expect((await files.list('')).filter((p) => p.startsWith('.memkit-staging-'))).toEqual([]);
  });
});

describe('exchange.unverified-bundle names what the v1 manifest lacks (it said "no record_counts" beside record_counts)', () => {
  const fact = '{"created_at":"2026-02-20T01:00:00Z","id":"fact-vitest","source":"evt_0004","statement":"Tests run with vitest.","tags":["testing"],"type":"Fact","updated_at":"2026-02-20T01:00:00Z"}';
  const base = { agent_id: 'kani', exported_at: '2026-02-22T02:00:00Z', record_types: ['Fact'], schema_version: 1, superagents_export: '1' };
  const warnings = async (manifest: Record<string, unknown>) => {
    const r = await importBundle(`${JSON.stringify(manifest)}\n${fact}\n`, { files: memoryFiles(), records: memoryRecords() });
    expect(r.ok).toBe(true);
    return (r.problems ?? []).filter((p) => p.code === 'exchange.unverified-bundle').map((p) => p.message);
  };

  it('record_counts without a digest: the warning says the counts are there and the digest is not', async () => {
    const [message, ...more] = await warnings({ ...base, record_counts: { Fact: 1 } });
    expect(more).toEqual([]);
    expect(message).toMatch(/has record_counts but no digest/);
    expect(message).not.toMatch(/no record_counts/);
  });

  it('neither: the warning names both', async () => {
    expect(await warnings(base)).toEqual([expect.stringMatching(/no record_counts and no digest/)]);
  });

  it('a digest (which covers every line) without record_counts: no warning', async () => {
    const digest = new BundleDigest(jsHasher);
    digest.addText(fact);
    const manifest: Record<string, unknown> = { ...base };
    manifest.digest = digest.finish(manifest);
    expect(await warnings(manifest)).toEqual([]);
  });
});
