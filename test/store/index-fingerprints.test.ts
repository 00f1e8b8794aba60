// refreshIndex on a port that lists files with fingerprints: a file whose
// fingerprint is the recorded one is not read; the index always ends equal to
// a rebuild from the same files, whatever the fingerprints skip.
import { mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqliteStore, sqliteWasm } from '../../src/adapters/sqlite/index.js';
import { type FsFacade, nodeFiles, nodeFs } from '../../src/adapters/node/index.js';
import { unwrap } from '../../src/kernel/problems/index.js';
import { type FilePort, type Store, indexDrift, memoryFiles, memoryStore, rebuildSearchIndex, refreshIndex } from '../../src/services/store/index.js';
import { docFile } from './corpus.js';

const M = '.thunderus/memory';
const PRINTS = '.memkit/index-fingerprints.json';
const enc = (s: string) => new TextEncoder().encode(s);

/**
 * memoryFiles with fingerprints: a path's version, bumped by every write and
 * rename onto it; paths in `racy` have none (the port cannot vouch for them).
 * Counts reads.
 */
function fingerprinted(initial: Record<string, string>) {
  const inner = memoryFiles(initial);
  const version = new Map<string, number>();
  let clock = 0;
  const bump = (p: string) => version.set(p, ++clock);
  for (const p of Object.keys(initial)) bump(p);
  const racy = new Set<string>();
  const reads: string[] = [];
  const port = {
    async read(p: string) {
      reads.push(p);
      return inner.read(p);
    },
    async write(p: string, d: Uint8Array) {
      bump(p);
      await inner.write(p, d);
    },
    async rename(a: string, b: string) {
      bump(b);
      await inner.rename(a, b);
    },
    remove: (p: string) => inner.remove(p),
    list: (prefix: string) => inner.list(prefix),
    async listFingerprints(prefix: string): Promise<[string, string | undefined][]> {
      return (await inner.list(prefix)).map((p) => [p, racy.has(p) ? undefined : `v${version.get(p)}`]);
    },
  };
  return { port, racy, reads, plain: inner as FilePort };
}

const stores: [string, () => Promise<Store>][] = [
  ['in-memory', async () => memoryStore()],
  ['sqlite-wasm', async () => unwrap(await openSqliteStore({ engine: sqliteWasm() }))],
];

const docs = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`${M}/semantic/FACTS/f${i}.md`, docFile(`fact.f${i}`, `Body ${i} of the fact.`)]));

describe.each(stores)('refreshIndex with fingerprints (%s)', (_name, open) => {
  it('reads only files whose fingerprint changed or is missing', async () => {
    const s = await open();
    const f = fingerprinted(docs(5));
    await rebuildSearchIndex(s, f.port);
    f.reads.length = 0;
    expect(await refreshIndex(s, f.port)).toEqual({ added: [], updated: [], removed: [], unchanged: 5, problems: [] });
    expect(f.reads).toEqual([]);
    // A changed file is read; a file written with the same bytes is read and found unchanged; a racy one is read.
    await f.port.write(`${M}/semantic/FACTS/f1.md`, enc(docFile('fact.f1', 'A new body.')));
    await f.port.write(`${M}/semantic/FACTS/f2.md`, enc(docs(5)[`${M}/semantic/FACTS/f2.md`]!));
    f.racy.add(`${M}/semantic/FACTS/f3.md`);
    expect(await refreshIndex(s, f.port)).toEqual({ added: [], updated: ['fact.f1'], removed: [], unchanged: 4, problems: [] });
    expect(f.reads.sort()).toEqual([`${M}/semantic/FACTS/f1.md`, `${M}/semantic/FACTS/f2.md`, `${M}/semantic/FACTS/f3.md`]);
    expect(await indexDrift(s, f.plain)).toEqual([]);
    await s.close();
  });

  it('reads every file when the record is damaged, or names another hash than the index holds', async () => {
    const s = await open();
    const f = fingerprinted(docs(3));
    await rebuildSearchIndex(s, f.port);
    unwrap(await s.putFile(PRINTS, enc('{"version":1,"docs":')));
    f.reads.length = 0;
    expect((await refreshIndex(s, f.port)).unchanged).toBe(3);
    expect(f.reads).toHaveLength(3);
    // The refresh wrote a sound record again: nothing is read now.
    f.reads.length = 0;
    await refreshIndex(s, f.port);
    expect(f.reads).toEqual([]);
    // A doc put behind the index's back (another hash) is read again and put back as the file says.
    const rec = (await s.getDocRecord('fact.f0'))!;
    unwrap(await s.putDoc({ ...rec, contentHash: '0'.repeat(64), body: 'tampered' }));
    const report = await refreshIndex(s, f.port);
    expect(report.updated).toEqual(['fact.f0']);
    expect(f.reads).toEqual([`${M}/semantic/FACTS/f0.md`]);
    expect(await indexDrift(s, f.plain)).toEqual([]);
    await s.close();
  });

  it('ends equal to a rebuild after any sequence of edits, removals, racy files and refreshes (property)', { timeout: 60_000 }, async () => {
    const paths = [0, 1, 2, 3].map((i) => `${M}/semantic/FACTS/p${i}.md`);
    const op = fc.oneof(
      fc.record({ kind: fc.constant('write' as const), at: fc.nat(3), body: fc.constantFrom('alpha', 'beta', 'gamma'), id: fc.nat(4) }),
      fc.record({ kind: fc.constant('remove' as const), at: fc.nat(3) }),
      fc.record({ kind: fc.constant('racy' as const), at: fc.nat(3), on: fc.boolean() }),
      fc.record({ kind: fc.constant('refresh' as const) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 14 }), async (ops) => {
        const s = await open();
        const f = fingerprinted({});
        for (const o of ops) {
          if (o.kind === 'write') await f.port.write(paths[o.at]!, enc(docFile(`fact.d${o.id}`, `Body ${o.body}.`)));
          else if (o.kind === 'remove') await f.port.remove(paths[o.at]!);
          else if (o.kind === 'racy') o.on ? f.racy.add(paths[o.at]!) : f.racy.delete(paths[o.at]!);
          else await refreshIndex(s, f.port);
        }
        await refreshIndex(s, f.port);
        const fresh = memoryStore();
        await rebuildSearchIndex(fresh, f.plain);
        const view = async (x: Store) => (await x.listDocs()).map((d) => `${d.docId} ${d.path} ${d.contentHash}`);
        expect(await view(s)).toEqual(await view(fresh));
        await s.close();
      }),
      { numRuns: 60 },
    );
  });
});

describe('refreshIndex through the node file port', () => {
  const base = mkdtempSync(join(tmpdir(), 'memkit-prints-'));
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  /** The node file system, counting reads; `age` ms is taken off every time stat reports (files look that much older). */
  function counting(age: number): { fs: FsFacade; reads: string[] } {
    const reads: string[] = [];
    return {
      reads,
      fs: {
        ...nodeFs,
        async readFile(p) {
          reads.push(p);
          return nodeFs.readFile(p);
        },
        async stat(p) {
          const st = await nodeFs.stat!(p);
          return { dev: st.dev, ino: st.ino, size: st.size, mtimeMs: st.mtimeMs - age, ctimeMs: st.ctimeMs - age };
        },
      },
    };
  }

  const tree = (name: string, n: number) => {
    const root = join(base, name);
    for (const [p, text] of Object.entries(docs(n))) {
      mkdirSync(dirname(join(root, p)), { recursive: true });
      writeFileSync(join(root, p), text);
    }
    return root;
  };

  it('skips files not changed since they were read; a change that keeps size and mtime is still seen (ctime)', async () => {
    const root = tree('aged', 4);
    const { fs, reads } = counting(60_000);
    const files = nodeFiles(root, { fs });
    const s = memoryStore();
    await rebuildSearchIndex(s, files);
    reads.length = 0;
    expect((await refreshIndex(s, files)).unchanged).toBe(4);
    expect(reads).toEqual([]);
    // Same length, mtime put back: only the change time tells.
    const p = join(root, M, 'semantic/FACTS/f2.md');
    const before = statSync(p);
    writeFileSync(p, docFile('fact.f2', 'Body 9 of the fact.'));
    utimesSync(p, before.atime, before.mtime);
    expect(statSync(p).size).toBe(before.size);
    const report = await refreshIndex(s, files);
    expect(report.updated).toEqual(['fact.f2']);
    expect(reads.map((r) => r.slice(root.length + 1))).toEqual([`${M}/semantic/FACTS/f2.md`]);
    expect(await indexDrift(s, nodeFiles(root))).toEqual([]);
  });

  it('reads files changed moments ago every time (racy), and records them once they are old enough', async () => {
    const root = tree('fresh', 3);
    const fresh = counting(0);
    const s = memoryStore();
    await rebuildSearchIndex(s, nodeFiles(root, { fs: fresh.fs }));
    fresh.reads.length = 0;
    expect((await refreshIndex(s, nodeFiles(root, { fs: fresh.fs }))).unchanged).toBe(3);
    expect(fresh.reads).toHaveLength(3);
    const aged = counting(60_000);
    await refreshIndex(s, nodeFiles(root, { fs: aged.fs }));
    aged.reads.length = 0;
    await refreshIndex(s, nodeFiles(root, { fs: aged.fs }));
    expect(aged.reads).toEqual([]);
  });
});
