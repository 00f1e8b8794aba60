import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validate } from '../../src/schema/index.js';
import { LATEST_THREAD_STORE_VERSION, THREAD_STORE_STEPS, THREAD_STORE_VERSIONS, checkThreadStoreVersion, migrateThreadStore } from '../../src/services/exchange/index.js';
import { exchangeCodes } from '../../src/services/exchange/codes.js';
import { threadStore100 } from './arbitraries.js';
import { checkThreadStore } from '../../src/services/threads/index.js';

const base = () => ({
  version: '1.0.0',
  metadata: { last_updated: '2026-02-08T16:00:00Z', thread_count: 1 },
  threads: { t1: { id: 't1', title: 'Root', objective: 'Ship', created_at: '2026-02-08T15:00:00Z', status: 'active', parent_id: null, storage_path: 'threads/t1' } },
  operations: [{ id: 'op1', timestamp: '2026-02-08T16:00:00Z', command: 'spawn', operator: 'user', params: {} }],
  relations: { t1: { children: [], references_to: [], referenced_by: [], depends_on: [] } },
});
const codes = (ps: { code: string; severity: string }[]) => ps.filter((p) => p.severity === 'error').map((p) => p.code);

describe('thread-store lineage follows the seed evolution table', () => {
  it('each step bumps as the table says', () => {
    expect(THREAD_STORE_STEPS.map((s) => [s.from, s.to, s.bump])).toEqual([
      ['1.0.0', '1.0.1', 'patch'],
      ['1.0.1', '1.1.0', 'minor'],
      ['1.1.0', '2.0.0', 'major'],
    ]);
    expect(THREAD_STORE_VERSIONS.at(-1)).toBe('2.0.0');
  });

  it('checkThreadStoreVersion: content must match the declared version', () => {
    expect(checkThreadStoreVersion(base())).toEqual([]);
    const withSummary = base();
    (withSummary.threads.t1 as Record<string, unknown>).summary = 's';
    expect(codes(checkThreadStoreVersion(withSummary))).toEqual(['exchange.thread-store-field-too-new']);
    expect(checkThreadStoreVersion({ ...withSummary, version: '1.0.1' })).toEqual([]);
    expect(codes(checkThreadStoreVersion({ ...base(), version: '1.1.0' }))).toEqual(['exchange.thread-store-missing-field']);
    const v2 = migrateThreadStore(base(), '2.0.0');
    expect(v2.ok).toBe(true);
    if (!v2.ok) return;
    expect(checkThreadStoreVersion(v2.value)).toEqual([]);
    expect(codes(checkThreadStoreVersion({ ...v2.value, metadata: { ...(v2.value.metadata as object), thread_count: 1 } }))).toEqual(['exchange.thread-store-field-removed']);
    expect(codes(checkThreadStoreVersion({ ...v2.value, version: '1.1.0' }))).toEqual(['schema.required', 'schema.enum']); // 2.0.0 dropped thread_count and made operator an object
    expect(codes(checkThreadStoreVersion({ ...base(), version: '9.0.0' }))).toEqual(['exchange.thread-store-too-new']);
    expect(codes(checkThreadStoreVersion({ ...base(), version: '1.0.7' }))).toEqual(['exchange.thread-store-version']);
    expect(codes(checkThreadStoreVersion({ ...base(), version: 'one' }))).toEqual(['exchange.thread-store-version']);
    expect(codes(checkThreadStoreVersion(null as unknown))).toEqual(['exchange.thread-store-version']);
    expect(checkThreadStoreVersion({ ...base(), version: '1.0' }).map((p) => p.code)).toEqual(['exchange.thread-store-version-alias']);
  });

  it('migrations: PATCH changes nothing but the version, MINOR fills the default, MAJOR restructures', () => {
    const input = base();
    const frozen = structuredClone(input);
    const p = migrateThreadStore(input, '1.0.1');
    expect(p.ok && p.value).toEqual({ ...frozen, version: '1.0.1' });
    const m = migrateThreadStore(input, '1.1.0');
    expect(m.ok && (m.value.threads as Record<string, { updated_at: string }>).t1!.updated_at).toBe('2026-02-08T15:00:00Z');
    const M = migrateThreadStore(input, '2.0.0');
    expect(M.ok && M.value.metadata).toEqual({ last_updated: '2026-02-08T16:00:00Z' });
    expect(M.ok && (M.value.operations as { operator: unknown }[])[0]!.operator).toEqual({ kind: 'user', id: null });
    expect(input).toEqual(frozen);
    const back = migrateThreadStore(M.ok ? M.value : {}, '1.0.0');
    expect(!back.ok && back.problems[0]!.code).toBe('exchange.thread-store-too-new');
    const unknownTarget = migrateThreadStore(input, '3.0.0');
    expect(!unknownTarget.ok && unknownTarget.problems[0]!.code).toBe('exchange.thread-store-version');
  });

  it('frozen fixtures: the seed-style "1.0" store migrates to exactly the frozen 1.1.0 and 2.0.0 stores', () => {
    const dir = join(import.meta.dirname, '../fixtures/exchange/thread-store');
    const load = (f: string) => JSON.parse(readFileSync(join(dir, f), 'utf8'));
    const input = load('seed-1.0.json');
    expect(checkThreadStoreVersion(input).map((p) => p.code)).toEqual(['exchange.thread-store-version-alias']);
    for (const v of ['1.1.0', '2.0.0']) {
      const r = migrateThreadStore(input, v);
      expect(r.ok && r.value).toEqual(load(`seed-1.0.to-${v}.json`));
    }
  });

  it('any valid 1.0.0 store migrates to every later version and checks clean there', () => {
    fc.assert(
      fc.property(threadStore100, fc.constantFrom(...THREAD_STORE_VERSIONS), (store, target) => {
        expect(codes(checkThreadStoreVersion(store))).toEqual([]);
        const r = migrateThreadStore(store, target);
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        expect(r.value.version).toBe(target);
        expect(checkThreadStoreVersion(r.value)).toEqual([]);
        if (target !== '2.0.0') expect(validate('thread-store', r.value)).toEqual([]); // 1.x stays valid for the seed schema
        expect(Object.keys(r.value.threads as object)).toEqual(Object.keys(store.threads));
      }),
      { numRuns: 100 },
    );
  });
});

describe('problem codes', () => {
  it('every exchange.* code used in src/services/exchange is declared in codes.ts', () => {
    const dir = join(import.meta.dirname, '../../src/services/exchange');
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts') && f !== 'codes.ts');
    const used = new Set<string>();
    for (const f of files) for (const m of readFileSync(join(dir, f), 'utf8').matchAll(/'(exchange\.[a-z0-9.-]+)'/g)) used.add(m[1]!);
    expect(used.size).toBeGreaterThan(20);
    for (const c of used) expect(Object.keys(exchangeCodes)).toContain(c);
  });
});

// Defect: a thread store migrated by memkit to its own latest version (2.0.0)
// failed memkit's own thread-store checker (no metadata.thread_count, object operators).
const fixture = (name: string) => JSON.parse(readFileSync(join(import.meta.dirname, '../fixtures/threads', name), 'utf8')) as Record<string, unknown>;
const errors = (ps: { code: string; severity: string }[]) => ps.filter((p) => p.severity === 'error').map((p) => p.code);

describe('every thread store version memkit writes checks clean with the thread checker', () => {
  it('every version memkit writes checks clean with the thread checker', () => {
    const base = fixture('valid.json');
    expect(errors(checkThreadStore(base))).toEqual([]);
    for (const v of THREAD_STORE_VERSIONS) {
      const m = migrateThreadStore(base, v);
      expect(m.ok).toBe(true);
      if (!m.ok) continue;
      expect(errors(checkThreadStore(m.value)), v).toEqual([]);
      expect(errors(checkThreadStoreVersion(m.value)), v).toEqual([]);
    }
  });

  it('property: any valid 1.0.0 store migrated to the latest version still checks clean', () => {
    fc.assert(
      fc.property(threadStore100, (store) => {
        if (errors(checkThreadStore(store)).length > 0) return; // the generator's stores are schema-valid, not always rule-valid
        const m = migrateThreadStore(store, LATEST_THREAD_STORE_VERSION);
        expect(m.ok).toBe(true);
        if (m.ok) expect(errors(checkThreadStore(m.value))).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });

  it('the 2.0.0 shape is still checked: a bad operator, a removed field, rule violations', () => {
    const m = migrateThreadStore(fixture('valid.json'), '2.0.0');
    if (!m.ok) throw new Error('migration failed');
    const v2 = m.value as { metadata: Record<string, unknown>; operations: Record<string, unknown>[]; threads: Record<string, Record<string, unknown>> };
    const badKind = structuredClone(v2);
    badKind.operations[0]!.operator = { kind: 'robot', id: null };
    expect(errors(checkThreadStore(badKind))).toContain('schema.enum');
    const noId = structuredClone(v2);
    noId.operations[0]!.operator = { kind: 'user' };
    expect(errors(checkThreadStore(noId))).toContain('schema.required');
    const stringOp = structuredClone(v2);
    stringOp.operations[0]!.operator = 'user';
    expect(errors(checkThreadStore(stringOp))).toContain('schema.type');
    const withCount = structuredClone(v2);
    withCount.metadata.thread_count = 1;
    expect(errors(checkThreadStore(withCount))).toContain('schema.additional-properties');
    const badStatus = structuredClone(v2);
    const first = Object.keys(badStatus.threads)[0]!;
    badStatus.threads[first]!.status = 'gone';
    expect(errors(checkThreadStore(badStatus)).length).toBeGreaterThan(0);
  });

  it('the seed example\'s two-part "1.0" is seed-valid: only memkit\'s full-SemVer convention warns', () => {
    expect(checkThreadStore(fixture('seed-example.json'))).toEqual([expect.objectContaining({ code: 'threads.version-two-part', severity: 'warning', pointer: '/version' })]);
  });
});
