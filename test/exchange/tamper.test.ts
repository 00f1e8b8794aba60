import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalize, jsHasher } from '../../src/kernel/canonical/index.js';
import { memoryFiles } from '../../src/kernel/file-port.js';
import { BundleDigest, type ExchangeRecord, exportToString, importBundle, memoryRecords, verifyBundle } from '../../src/services/exchange/index.js';
import { type MemorySpec, buildMemory, memorySpec } from './arbitraries.js';

const env = { now: () => '2026-02-20T02:00:00Z' };
const fact: ExchangeRecord = { type: 'Fact', id: 'local', text: 'kept', tags: [], source: null, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' };

/** A target that already holds data, so "nothing written" is observable. */
function prefilled() {
  return { files: memoryFiles({ 'keep/me.md': 'local\n' }), records: memoryRecords([fact]) };
}
type Target = ReturnType<typeof prefilled>;
const state = (t: Target) => ({ files: t.files.snapshot(), records: t.records.snapshot() });

async function exported(spec: MemorySpec): Promise<string> {
  const r = await exportToString(buildMemory(spec), { agentId: 'kani', env });
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r.value;
}

/** Rebuilds a bundle whose digest is right for the given manifest and lines. */
function seal(manifest: Record<string, unknown>, lines: string[]): string {
  const d = new BundleDigest(jsHasher);
  for (const l of lines) d.addText(l);
  return [canonicalize({ ...manifest, digest: d.finish(manifest) }), ...lines].join('\n') + '\n';
}

async function refused(bundle: string | Uint8Array, codes?: string[]) {
  const target = prefilled();
  const before = state(target);
  let progressed = 0;
  const r = await importBundle(bundle, target, { onProgress: (_n, _b, phase) => void (phase === 'apply' && progressed++) });
  expect(r.ok).toBe(false);
  expect(progressed).toBe(0);
  expect(state(target)).toEqual(before);
  if (!r.ok && codes) for (const c of codes) expect(r.problems.map((p) => p.code)).toContain(c);
  // verification alone (no target) reaches the same verdict
  const v = await verifyBundle(bundle);
  expect(v.ok).toBe(false);
  if (!v.ok && codes) for (const c of codes) expect(v.problems.map((p) => p.code)).toContain(c);
  return r.ok ? [] : r.problems;
}

const nonEmptySpec = memorySpec.filter((s) => s.files.length + s.records.length > 0) as fc.Arbitrary<MemorySpec>;

describe('tampered bundles are refused before anything is written', () => {
  it('any truncation', async () => {
    await fc.assert(
      fc.asyncProperty(nonEmptySpec, fc.double({ min: 0, max: 1, noNaN: true }), async (spec, f) => {
        const text = await exported(spec);
        const bytes = new TextEncoder().encode(text);
        // Dropping only the final newline leaves a complete bundle; cut at least one byte more.
        const cut = Math.min(bytes.length - 2, Math.floor(f * bytes.length));
        await refused(bytes.slice(0, cut));
      }),
      { numRuns: 60 },
    );
  });

  it('any edited character on any line', async () => {
    await fc.assert(
      fc.asyncProperty(nonEmptySpec, fc.nat(), fc.nat(), fc.constantFrom('a', '0', '9', '"', '}', ' ', 'é', ',', 'Z'), async (spec, li, ci, ch) => {
        const lines = (await exported(spec)).split('\n').slice(0, -1);
        const i = li % lines.length;
        const line = lines[i]!;
        const j = ci % line.length;
        fc.pre(line[j] !== ch);
        lines[i] = line.slice(0, j) + ch + line.slice(j + 1);
        await refused(lines.join('\n') + '\n');
      }),
      { numRuns: 100 },
    );
  });

  it('any two lines swapped, a line duplicated or removed', async () => {
    await fc.assert(
      fc.asyncProperty(nonEmptySpec, fc.nat(), fc.nat(), fc.constantFrom('swap', 'dup', 'drop'), async (spec, a, b, how) => {
        const lines = (await exported(spec)).split('\n').slice(0, -1);
        const i = a % lines.length;
        const j = b % lines.length;
        if (how === 'swap') {
          fc.pre(lines[i] !== lines[j]);
          [lines[i], lines[j]] = [lines[j]!, lines[i]!];
        } else if (how === 'dup') lines.splice(i, 0, lines[i]!);
        else lines.splice(i, 1);
        await refused(lines.join('\n') + '\n');
      }),
      { numRuns: 80 },
    );
  });

  it('a wrong count is caught even when the digest was recomputed to match it', async () => {
    await fc.assert(
      fc.asyncProperty(nonEmptySpec, fc.integer({ min: 1, max: 3 }), async (spec, delta) => {
        const [head, ...lines] = (await exported(spec)).split('\n').slice(0, -1);
        const manifest = JSON.parse(head!);
        const t = manifest.record_types[0];
        manifest.record_counts[t] += delta;
        await refused(seal(manifest, lines), ['exchange.count-mismatch']);
      }),
      { numRuns: 30 },
    );
  });
});

describe('malformed bundles', () => {
  const base = { superagents_export: '1', schema_version: 2, exported_at: '2026-02-20T02:00:00Z', agent_id: 'kani' };
  const factLine = canonicalize({ ...fact, id: 'f1' });

  it('an unknown record type', async () => {
    const widget = canonicalize({ type: 'Widget', id: 'w' });
    await refused(seal({ ...base, record_types: ['Fact'], record_counts: { Fact: 1 } }, [factLine, widget]), ['exchange.unknown-record-type']);
  });

  it('a record type the manifest does not declare', async () => {
    await refused(seal({ ...base, record_types: [], record_counts: {} }, [factLine]), ['exchange.undeclared-record-type']);
  });

  it('a missing manifest, an empty bundle, a manifest on line 2', async () => {
    const good = seal({ ...base, record_types: ['Fact'], record_counts: { Fact: 1 } }, [factLine]);
    const [m, r] = good.split('\n');
    await refused(r + '\n', ['exchange.missing-manifest']);
    await refused('', ['exchange.missing-manifest']);
    const p = await refused(`${r}\n${m}\n`, ['exchange.manifest-not-first']);
    expect(p.find((x) => x.code === 'exchange.manifest-not-first')?.line).toBe(2);
    await refused(`${m}\n${m}\n${r}\n`, ['exchange.manifest-not-first']);
  });

  it('a bundle newer than the runtime', async () => {
    const p = await refused(seal({ ...base, schema_version: 3, record_types: [], record_counts: {} }, []), ['exchange.bundle-too-new']);
    expect(p[0]?.line).toBe(1);
  });

  it('a v2 manifest without counts or digest, or with extra properties', async () => {
    await refused(canonicalize({ ...base, record_types: [] }) + '\n', ['exchange.bad-manifest']);
    await refused(seal({ ...base, record_types: [], record_counts: {}, extra: 1 }, []), ['exchange.bad-manifest']);
  });

  it('hostile lines: bad UTF-8, blank lines, huge lines, __proto__, unsafe paths, wrong file hashes', async () => {
    const manifest = { ...base, record_types: ['Fact', 'File'], record_counts: { Fact: 1, File: 1 } };
    const okFile = canonicalize({
      type: 'File',
      path: 'a.txt',
      kind: 'other',
      encoding: 'utf8',
      content: 'x',
      size: 1,
      sha256: '2d711642b726b04401627ca9fbac32f5c8530fb1903cc4db02258717921a4881',
      updated_at: null,
    });
    // sanity: the unmodified bundle imports and verifies
    expect((await importBundle(seal(manifest, [factLine, okFile]), prefilled())).ok).toBe(true);
    expect((await verifyBundle(seal(manifest, [factLine, okFile]))).ok).toBe(true);
    const bad = new Uint8Array([...new TextEncoder().encode(seal({ ...base, record_types: ['Fact'], record_counts: { Fact: 1 } }, [])), 0xff, 0xfe, 0x0a]);
    await refused(bad, ['exchange.bad-line']);
    await refused(seal(manifest, [factLine, '', okFile]), ['exchange.bad-line']);
    const big = canonicalize({ ...fact, id: 'f1', text: 'x'.repeat(5000) });
    const t = prefilled();
    const r = await importBundle(seal({ ...base, record_types: ['Fact'], record_counts: { Fact: 1 } }, [big]), t, { maxLineBytes: 1000 });
    expect(!r.ok && r.problems.map((p) => p.code)).toContain('exchange.bad-line');
    const proto = factLine.replace('{', '{"__proto__":{"polluted":true},');
    const protoProblems = await refused(seal(manifest, [proto, okFile]), ['json.uncovered-key']);
    expect(protoProblems.find((p) => p.code === 'json.uncovered-key')).toMatchObject({ line: 2, pointer: '/__proto__' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    await refused(seal(manifest, [factLine, okFile.replace('"a.txt"', '"../a.txt"')]), ['schema.pattern']);
    await refused(seal(manifest, [factLine, okFile.replace('"content":"x"', '"content":"y"')]), ['exchange.file-hash-mismatch']);
    await refused(seal(manifest, [factLine, okFile.replace('"encoding":"utf8"', '"encoding":"base64"')]), ['exchange.bad-encoding']);
  });

  it('v1 bundles: duplicate keys, a v2-only type; a field v1 does not define is dropped with a warning', async () => {
    const v1 = { ...base, schema_version: 1 };
    const f1 = canonicalize({ type: 'Fact', id: 'f1', statement: 's', tags: [], source: null, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' });
    expect((await importBundle(seal({ ...v1, record_types: ['Fact'], record_counts: { Fact: 1 } }, [f1]), prefilled())).ok).toBe(true);
    await refused(seal({ ...v1, record_types: ['Fact'], record_counts: { Fact: 2 } }, [f1, f1]), ['exchange.duplicate-record']);
    await refused(seal({ ...v1, record_types: ['File'], record_counts: { File: 0 } }, []), ['exchange.unknown-record-type']);
    const extra = f1.replace('{', '{"confidence":0.9,');
    const dropped = await importBundle(seal({ ...v1, record_types: ['Fact'], record_counts: { Fact: 1 } }, [extra]), prefilled());
    expect(dropped.ok && dropped.problems?.map((p) => p.code)).toEqual(['exchange.migration-dropped-field']);
  });

  it('records of a kind the target cannot hold', async () => {
    const r = await importBundle(seal({ ...base, record_types: ['Fact'], record_counts: { Fact: 1 } }, [factLine]), { files: memoryFiles() });
    expect(!r.ok && r.problems.map((p) => p.code)).toContain('exchange.no-target');
  });
});

// Each line is read with memkit's JSON reader, so the digest (over the raw bytes) never stands for a line
// that JSON.parse would resolve silently. Every bundle here is sealed: its digest and counts are right.
describe("lines JSON.parse would resolve silently are refused, with the line and the reader's code", () => {
  const base = { superagents_export: '1', schema_version: 2, exported_at: '2026-02-20T02:00:00Z', agent_id: 'kani' };
  const oneFact = { ...base, record_types: ['Fact'], record_counts: { Fact: 1 } };
  const factLine = canonicalize({ ...fact, id: 'f1' });
  const problemOf = async (bundle: string, code: string) => (await refused(bundle, [code])).find((p) => p.code === code);

  it('a repeated name', async () => {
    const twice = factLine.replace('"id":"f1"', '"id":"f0","id":"f1"');
    expect(JSON.parse(twice)).toEqual(JSON.parse(factLine)); // what the digest would have stood for
    expect(await problemOf(seal(oneFact, [twice]), 'json.duplicate-key')).toMatchObject({ severity: 'error', line: 2, pointer: '/id' });
    const nested = canonicalize({ type: 'Identity', id: 'i', name: 'n', role: 'r', traits: [{ name: 't', note: null }], created_at: fact.created_at, updated_at: fact.updated_at });
    const nestedTwice = nested.replace('"name":"t"', '"name":"u","name":"t"');
    const identities = { ...base, record_types: ['Fact', 'Identity'], record_counts: { Fact: 1, Identity: 1 } };
    expect(await problemOf(seal(identities, [factLine, nestedTwice]), 'json.duplicate-key')).toMatchObject({ line: 3, pointer: '/traits/0/name' });
  });

  it('a lone surrogate escape', async () => {
    const lone = factLine.replace('"text":"kept"', '"text":"kept\\ud800"');
    expect(JSON.parse(lone).text).toBe('kept\ud800');
    expect(await problemOf(seal(oneFact, [lone]), 'json.lone-surrogate')).toMatchObject({ severity: 'error', line: 2, pointer: '/text' });
  });

  it('a __proto__, constructor or prototype key', async () => {
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      const line = factLine.replace('{', `{"${key}":{"polluted":true},`);
      expect(await problemOf(seal(oneFact, [line]), 'json.uncovered-key')).toMatchObject({ severity: 'error', line: 2, pointer: `/${key}` });
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a manifest with a repeated name', async () => {
    const sealed = seal(oneFact, [factLine]);
    const [head, ...rest] = sealed.split('\n');
    const twice = head!.replace('"agent_id":"kani"', '"agent_id":"other","agent_id":"kani"');
    const problems = await refused([twice, ...rest].join('\n'), ['json.duplicate-key']);
    expect(problems.find((p) => p.code === 'json.duplicate-key')).toMatchObject({ line: 1, pointer: '/agent_id' });
  });

  it('the file name is set on the problem, and bad UTF-8 or text that is not JSON stays exchange.bad-line', async () => {
    const twice = factLine.replace('"id":"f1"', '"id":"f0","id":"f1"');
    const r = await importBundle(seal(oneFact, [twice]), prefilled(), { file: 'memory.ndjson' });
    expect(!r.ok && r.problems.find((p) => p.code === 'json.duplicate-key')).toMatchObject({ file: 'memory.ndjson', line: 2, pointer: '/id' });
    const notJson = (await refused(seal(oneFact, ['{"type":"Fact",']), ['exchange.bad-line'])).find((p) => p.code === 'exchange.bad-line');
    expect(notJson).toMatchObject({ line: 2 });
    expect(notJson?.message).toMatch(/^line is not JSON: /);
    const bytes = new TextEncoder().encode(seal(oneFact, ['{"type":"Fact","id":"X"}']));
    const x = bytes.indexOf(0x58); // the X, made a byte that is not UTF-8
    bytes[x] = 0xff;
    expect((await refused(bytes, ['exchange.bad-line'])).find((p) => p.code === 'exchange.bad-line')).toMatchObject({ line: 2, message: 'line is not valid UTF-8' });
  });

  it('property: any line of a bundle with one of its names repeated is refused at that line; the bundle as exported imports identically', async () => {
    await fc.assert(
      fc.asyncProperty(nonEmptySpec, fc.nat(), fc.nat(), fc.boolean(), async (spec, li, ki, sameValue) => {
        const text = await exported(spec);
        const [head, ...lines] = text.split('\n').slice(0, -1);
        const manifest = JSON.parse(head!) as Record<string, unknown>;
        // The bundle as exported, sealed again, imports into an empty memory and exports to the same bytes.
        const source = buildMemory(spec);
        const target = { files: memoryFiles(), records: memoryRecords() };
        const r = await importBundle(seal(manifest, lines), target);
        expect(r.ok).toBe(true);
        expect(target.files.snapshot()).toEqual(source.files.snapshot());
        expect(target.records.snapshot()).toEqual(source.records.snapshot());
        expect(await exported({ files: [...target.files.snapshot()], records: target.records.snapshot() })).toBe(text);
        // One name of one line (the manifest included) repeated, before its own member, with its value or another.
        const all = [head!, ...lines];
        const i = li % all.length;
        const value = JSON.parse(all[i]!) as Record<string, unknown>;
        const keys = Object.keys(value);
        const key = keys[ki % keys.length]!;
        const repeated = `${JSON.stringify(key)}:${sameValue ? JSON.stringify(value[key]) : '"other"'},`;
        all[i] = all[i]!.replace('{', `{${repeated}`);
        const bundle = i === 0 ? `${all.join('\n')}\n` : seal(manifest, all.slice(1));
        const problems = await refused(bundle, ['json.duplicate-key']);
        expect(problems.find((p) => p.code === 'json.duplicate-key')).toMatchObject({ severity: 'error', line: i + 1, pointer: `/${key}` });
      }),
      { numRuns: 60 },
    );
  });
});
