import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LATEST_THREAD_STORE_VERSION, THREAD_STORE_VERSIONS, checkThreadStoreVersion, migrateThreadStore } from '../../src/exchange/index.js';
import { checkThreadStore } from '../../src/threads/index.js';
import { threadStore100 } from '../exchange/arbitraries.js';

// Defect: a thread store migrated by memkit to its own latest version (2.0.0)
// failed memkit's own thread-store checker (no metadata.thread_count, object operators).
const fixture = (name: string) => JSON.parse(readFileSync(join(import.meta.dirname, '../fixtures/threads', name), 'utf8')) as Record<string, unknown>;
const errors = (ps: { code: string; severity: string }[]) => ps.filter((p) => p.severity === 'error').map((p) => p.code);

describe('thread-store-latest-version-checks', () => {
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
