import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalize } from '../../src/kernel/canonical/index.js';
import { memoryFiles } from '../../src/kernel/file-port.js';
import {
  CURRENT_SCHEMA_VERSION,
  RECORD_SCHEMAS,
  checkRecord,
  drill,
  exportToString,
  importBundle,
  memoryRecords,
  migrateRecord,
  migrationPath,
  migrations,
} from '../../src/services/exchange/index.js';
import { v1ToV2 } from '../../src/services/exchange/migrations/v1-to-v2.js';
import { recordV1 } from './arbitraries.js';

const fixtures = join(import.meta.dirname, '../fixtures/exchange');
const read = (p: string) => readFileSync(join(fixtures, p), 'utf8');
const v1Files = readdirSync(join(fixtures, 'v1'))
  .filter((f) => f.endsWith('.ndjson'))
  .sort();

describe('migration registry', () => {
  it('has one step per version up to the current one', () => {
    for (let v = 1; v < CURRENT_SCHEMA_VERSION; v++) {
      expect(migrations.get(v)?.to).toBe(v + 1);
      expect(RECORD_SCHEMAS[v]).toBeDefined();
    }
    expect(migrationPath(1)).toEqual({ ok: true, value: [v1ToV2] });
    expect(migrationPath(CURRENT_SCHEMA_VERSION)).toEqual({ ok: true, value: [] });
    const tooNew = migrationPath(CURRENT_SCHEMA_VERSION + 1);
    expect(!tooNew.ok && tooNew.problems[0]!.code).toBe('exchange.bundle-too-new');
    const gap = migrationPath(0);
    expect(!gap.ok && gap.problems[0]!.code).toBe('exchange.no-migration');
  });

  it('migrating any valid v1 record yields a valid v2 record, purely', () => {
    fc.assert(
      fc.property(recordV1, (r) => {
        const frozen = structuredClone(r);
        const a = migrateRecord(r, 1);
        const b = migrateRecord(r, 1);
        expect(r).toEqual(frozen); // input untouched
        expect(a).toEqual(b); // deterministic
        expect(a.ok).toBe(true);
        if (!a.ok) return;
        expect(checkRecord(2, a.value)).toEqual([]);
        // nothing is lost: every v1 value is still there
        const v2 = a.value as Record<string, unknown>;
        if (r.type === 'Fact') expect(v2.text).toBe(r.statement);
        if (r.type === 'Decision') expect(v2.updated_at).toBe(r.decided_at);
        if (r.type === 'Identity') expect((v2.traits as { name: string }[]).map((t) => t.name)).toEqual(r.traits);
        expect(canonicalize(v2)).toBe(JSON.stringify(v2)); // built in canonical key order
      }),
      { numRuns: 300 },
    );
  });

  it('migrates a record with a property v1 does not define, reporting the dropped property', () => {
    const r = migrateRecord({ type: 'Fact', id: 'f', statement: 's', tags: [], source: null, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z', confidence: 0.9 }, 1);
    expect(r.ok).toBe(true);
    expect(r.problems?.map((p) => [p.code, p.severity, p.pointer])).toEqual([['exchange.migration-dropped-field', 'warning', '/confidence']]);
    expect(r.ok && 'confidence' in r.value).toBe(false);
    const unknown = migrateRecord({ type: 'File' }, 1);
    expect(!unknown.ok && unknown.problems[0]!.code).toBe('exchange.unknown-record-type');
  });
});

describe('frozen v1 fixtures import forever', () => {
  it.each(v1Files)('%s imports, migrates and passes the recovery drill', async (name) => {
    const text = read(`v1/${name}`);
    const target = { files: memoryFiles(), records: memoryRecords() };
    const r = await importBundle(text, target, { file: name });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.schemaVersion).toBe(1);
    const lines = text.split('\n').filter((l) => l !== '').length - 1;
    expect(r.value.records).toBe(lines);
    expect(target.records.size()).toBe(lines);
    for (const rec of target.records.snapshot()) expect(checkRecord(2, rec)).toEqual([]);
    const verified = 'digest' in r.value.manifest;
    expect((r.problems ?? []).map((p) => p.code)).toEqual(verified ? [] : ['exchange.unverified-bundle']);
    const report = await drill(text);
    expect(report.problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.sourceVersion).toBe(1);
    for (const c of Object.values(report.counts)) expect(c.restored).toBe(c.expected);
  });

  it('basic.ndjson migrates to exactly the frozen v2 records', async () => {
    const target = { records: memoryRecords() };
    expect((await importBundle(read('v1/basic.ndjson'), target)).ok).toBe(true);
    const got =
      target.records
        .snapshot()
        .map((r) => canonicalize(r))
        .join('\n') + '\n';
    expect(got).toBe(read('v1-to-v2/basic.expected.ndjson'));
  });

  it('the frozen v2 directory bundle imports byte for byte and re-exports identically', async () => {
    const text = read('v2/directory.ndjson');
    const target = { files: memoryFiles(), records: memoryRecords() };
    expect((await importBundle(text, target)).ok).toBe(true);
    expect(new TextDecoder().decode(target.files.snapshot().get('notes/crlf.txt'))).toBe('line one\r\nline two\r\n');
    expect([...target.files.snapshot().get('assets/logo.bin')!]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff]);
    const again = await exportToString(target, { agentId: 'kani', env: { now: () => '2026-02-20T02:00:00Z' } });
    expect(again.ok && again.value).toBe(text);
    const report = await drill(text);
    expect(report.ok).toBe(true);
    expect(report.compared).toBe(12);
  });

  it('export never writes an older version', async () => {
    const r = await exportToString({ records: memoryRecords() }, { agentId: 'a', env: { now: () => '2026-02-20T02:00:00Z' } });
    expect(r.ok && JSON.parse(r.value.split('\n')[0]!).schema_version).toBe(CURRENT_SCHEMA_VERSION);
  });
});
