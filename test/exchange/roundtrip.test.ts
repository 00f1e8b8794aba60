import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { memoryFiles } from '../../src/kernel/file-port.js';
import { drill, exportBundle, exportToString, importBundle, memoryRecords } from '../../src/services/exchange/index.js';
import { decodeBase64, encodeBase64 } from '../../src/services/exchange/base64.js';
import { classifyFile, isSafePath } from '../../src/services/exchange/file-records.js';
import { isSchemaValid } from '../../src/formats/export-bundle/records.js';
import { type MemorySpec, buildMemory, dateTime, memorySpec } from './arbitraries.js';
import { DateTime } from '../../src/schema/common.js';
import { isDateTime } from '../../src/schema/date-time.js';

const env = { now: () => '2026-02-20T02:00:00Z' };
const exportText = async (m: Parameters<typeof exportToString>[0]) => {
  const r = await exportToString(m, { agentId: 'kani', env });
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r.value;
};

describe('export → import round trip', () => {
  it('import(export(x)) reproduces every file byte for byte and every record', async () => {
    await fc.assert(
      fc.asyncProperty(memorySpec, async (spec) => {
        const source = buildMemory(spec as MemorySpec);
        const text = await exportText(source);
        const target = { files: memoryFiles(), records: memoryRecords() };
        const r = await importBundle(text, target);
        expect(r.ok).toBe(true);
        expect(target.files.snapshot()).toEqual(source.files.snapshot());
        expect(target.records.snapshot()).toEqual(source.records.snapshot());
        // Deterministic: the restored memory exports to the same bytes.
        expect(await exportText(target)).toBe(text);
      }),
      { numRuns: 60 },
    );
  });

  it('is deterministic regardless of insertion order and key order', async () => {
    await fc.assert(
      fc.asyncProperty(memorySpec, async (spec) => {
        const a = buildMemory(spec as MemorySpec);
        const reversed = {
          files: [...spec.files].reverse() as [string, Uint8Array][],
          records: [...spec.records].reverse().map((r) => Object.fromEntries(Object.entries(r).reverse())) as MemorySpec['records'],
        };
        const b = buildMemory(reversed);
        expect(await exportText(b)).toBe(await exportText(a));
      }),
      { numRuns: 30 },
    );
  });

  it('writes the ADR-0002 manifest first, with counts and a digest, every line canonical', async () => {
    const m = buildMemory({
      files: [['a.md', new TextEncoder().encode('hi\n')]],
      records: [{ type: 'Fact', id: 'f', text: 't', tags: [], source: null, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' }],
    });
    const r = await exportBundle(m, { agentId: 'kani', env });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const lines = (await r.value.text()).split('\n');
    expect(lines.at(-1)).toBe('');
    const manifest = JSON.parse(lines[0]!);
    expect(manifest).toMatchObject({
      superagents_export: '1',
      schema_version: 2,
      exported_at: '2026-02-20T02:00:00Z',
      agent_id: 'kani',
      record_types: ['Fact', 'File'],
      record_counts: { Fact: 1, File: 1 },
    });
    expect(manifest.digest).toMatch(/^[0-9a-f]{64}$/);
    expect(r.value.manifest).toEqual(manifest);
    expect(lines).toHaveLength(4);
  });

  it('streams as a web ReadableStream that imports back', async () => {
    const m = buildMemory({ files: [['x/y.bin', new Uint8Array([0, 1, 2, 255])]], records: [] });
    const r = await exportBundle(m, { agentId: 'a', env });
    if (!r.ok) throw new Error('export failed');
    const target = { files: memoryFiles() };
    const i = await importBundle(r.value.stream(), target);
    expect(i.ok).toBe(true);
    expect(target.files.snapshot()).toEqual(m.files.snapshot());
  });

  it('the recovery drill passes on generated memories', async () => {
    await fc.assert(
      fc.asyncProperty(memorySpec, async (spec) => {
        const report = await drill(buildMemory(spec as MemorySpec));
        expect(report.problems).toEqual([]);
        expect(report.ok).toBe(true);
        expect(report.compared).toBe(spec.files.length + spec.records.length);
      }),
      { numRuns: 20 },
    );
  });

  it('refuses to export invalid or unsorted store records and unsafe paths', async () => {
    const bad = await exportToString({ records: memoryRecords([{ type: 'Fact', id: 'f', tags: [] } as never]) }, { agentId: 'a', env });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.problems.map((p) => p.code)).toContain('exchange.invalid-record');
    const fact = (id: string) => ({ type: 'Fact' as const, id, text: 't', tags: [], source: null, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' });
    const unsorted = { get: () => undefined, put: () => {}, list: () => [fact('b'), fact('a')] };
    const u = await exportToString({ records: unsorted }, { agentId: 'a', env });
    expect(!u.ok && u.problems.map((p) => p.code)).toContain('exchange.unsorted-records');
    const unsafe = await exportToString({ files: memoryFiles({ '../etc/passwd': 'x' }) }, { agentId: 'a', env });
    expect(!unsafe.ok && unsafe.problems.map((p) => p.code)).toContain('exchange.unsafe-path');
  });
});

describe('failing sources', () => {
  const fact = (id: string) => ({ type: 'Fact' as const, id, text: 't', tags: [], source: null, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' });

  it('a memory that changes between the export passes ends the stream with exchange.source-changed', async () => {
    let calls = 0;
    const shifting = { get: () => undefined, put: () => {}, list: () => (++calls === 1 ? [fact('a')] : [fact('a'), fact('b')]) };
    const r = await exportBundle({ records: shifting }, { agentId: 'a', env });
    expect(r.ok).toBe(true);
    if (r.ok) await expect(r.value.text()).rejects.toMatchObject({ problems: [{ code: 'exchange.source-changed' }] });
  });

  it('a throwing file port or record store is a Problem, not a crash', async () => {
    const broken = {
      ...memoryFiles({ a: 'x' }),
      read: async () => {
        throw new Error('disk on fire');
      },
    };
    const e = await exportToString({ files: broken }, { agentId: 'a', env });
    expect(!e.ok && e.problems[0]!.code).toBe('exchange.bad-source');
    const text = await exportText({ records: memoryRecords([fact('a')]) });
    const i = await importBundle(text, {
      records: {
        get: () => {
          throw new Error('db gone');
        },
        put: () => {},
        list: () => [],
      },
    });
    expect(!i.ok && i.problems[0]!.code).toBe('exchange.bad-source');
  });
});

describe('building blocks', () => {
  it('the fast date-time check never accepts what the schema format rejects', () => {
    const near = fc
      .tuple(
        fc.integer({ min: 0, max: 9999 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
        fc.integer({ min: 0, max: 24 }),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 0, max: 60 }),
        fc.constantFrom('', '.5', '.123456789', '.1234567890', '.'),
        fc.constantFrom('Z', 'z', '+01:00', '-23:59', '+24:00', '+01:60', '', '+0100'),
      )
      .map(
        ([y, mo, d, h, mi, s, f, z]) =>
          `${String(y).padStart(4, '0')}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}T${String(h).padStart(2, '0')}:${String(mi).padStart(2, '0')}:${String(s).padStart(2, '0')}${f}${z}`,
      );
    fc.assert(
      fc.property(fc.oneof(near, dateTime, fc.string({ maxLength: 30 })), (s) => {
        if (isDateTime(s)) expect(isSchemaValid(DateTime, s)).toBe(true);
      }),
      { numRuns: 3000 },
    );
    fc.assert(
      fc.property(dateTime, (s) => {
        expect(isDateTime(s)).toBe(true);
      }),
      { numRuns: 200 },
    );
    expect(isDateTime('2026-02-20T02:00:00+01:00')).toBe(true);
    expect(isDateTime('2024-02-29T00:00:00Z')).toBe(true);
    expect(isDateTime('2026-02-29T00:00:00Z')).toBe(false);
  });

  it('base64 round-trips any bytes and rejects malformed text', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const text = encodeBase64(bytes);
        expect(text).toBe(btoa(String.fromCharCode(...bytes)));
        expect(decodeBase64(text)).toEqual(bytes);
      }),
      { numRuns: 200 },
    );
    for (const bad of ['A', 'AB=C', 'A===', '@@@@', 'AB\nC', 'QR==', 'QUI=x']) expect(decodeBase64(bad)).toBeUndefined();
  });

  it('accepts only safe relative paths', () => {
    for (const good of ['a', 'a/b.md', '.thunderus/memory/x.md', 'a/.b', 'a..b/c']) expect(isSafePath(good)).toBe(true);
    for (const bad of ['', '/etc/passwd', '../x', 'a/../b', 'a/./b', './a', 'a//b', 'a/', 'a\\b', 'a\u0000b', '..', '.']) expect(isSafePath(bad)).toBe(false);
  });

  it('classifies memory files by path and content', () => {
    expect(classifyFile('.thunderus/memory/core/a.md', '')).toBe('memory-doc');
    expect(classifyFile('.thunderus/memory/indexes/manifest.json', '{}')).toBe('memory-manifest');
    expect(classifyFile('memory-bank/decisionLog.md', '')).toBe('ledger');
    expect(classifyFile('memory-bank/progress.md', '')).toBe('memory-bank');
    expect(classifyFile('docs/progress.md', '')).toBe('other');
    expect(classifyFile('docs/decisionLog.md', '{"ts":"2026-01-01T00:00:00Z","predecessor_hash":"00"}\n')).toBe('ledger');
    expect(classifyFile('.claude/memory/tasks/1.2.json', '{}')).toBe('wbs-task');
    expect(classifyFile('x/threads.json', '{"version":"1.0.0","threads":{},"operations":[],"relations":{}}')).toBe('thread-store');
    expect(classifyFile('x/other.json', '{"version":"1.0.0"}')).toBe('other');
  });
});
