import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RECORDS_PATH, directoryMemory, importBundle } from '../../src/services/exchange/index.js';
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
