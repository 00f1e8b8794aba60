// The store conformance suite (the kysely / unstorage pattern): every Store
// adapter runs it; capability flags skip what an engine lacks.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ZERO_HASH, hashJson } from '../../src/kernel/canonical/index.js';
import { MemkitError } from '../../src/kernel/problems/index.js';
import type { DocRecord, Store, StoreCapabilities } from '../../src/services/store/index.js';
import { corpus, queries, record } from '../store/corpus.js';

/** What the suite needs besides the store factory. */
export interface ConformanceCaps extends Partial<StoreCapabilities> {
  /** Opens bytes from `toBytes()`; needed for the persistence tests. */
  reopen?: (bytes: Uint8Array) => Promise<Store>;
  /** fast-check runs for the property tests (default 20). */
  numRuns?: number;
}

const codes = (r: { ok: boolean; problems?: { code: string }[] }) => (r.problems ?? []).map((p) => p.code);
const enc = (s: string) => new TextEncoder().encode(s);

/** Checks that two hit lists rank the same docs in the same order with scores equal within `rel`. */
export function expectSameRanking(a: { docId: string; score: number }[], b: { docId: string; score: number }[], rel = 1e-9): void {
  expect(a.map((h) => h.docId)).toEqual(b.map((h) => h.docId));
  a.forEach((h, i) => {
    const other = b[i]!.score;
    expect(Math.abs(h.score - other)).toBeLessThanOrEqual(rel * Math.max(Math.abs(h.score), Math.abs(other), 1e-300));
  });
}

/**
 * Registers the conformance tests for one store adapter. `factory` returns a
 * fresh, empty store each call.
 */
export function runStoreConformance(name: string, factory: () => Promise<Store>, caps: ConformanceCaps): void {
  const numRuns = caps.numRuns ?? 20;
  const withStore = async <T>(fn: (s: Store) => Promise<T>): Promise<T> => {
    const s = await factory();
    try {
      return await fn(s);
    } finally {
      await s.close();
    }
  };

  describe(`store conformance: ${name}`, () => {
    it('declares capabilities that match the ones the suite was given', async () => {
      await withStore(async (s) => {
        for (const key of ['search', 'advancedSearch', 'persistence', 'transactions', 'ranking', 'fulltext'] as const) {
          if (caps[key] !== undefined) expect(s.capabilities[key], key).toBe(caps[key]);
        }
      });
    });

    describe('docs', () => {
      it('puts, gets, replaces and deletes docs', async () => {
        await withStore(async (s) => {
          const a = record('fact.a', 'alpha body', { tags: ['x', 'y'], provenance: { events: ['evt_1'], patches: ['patch_2'], commits: ['a'.repeat(40)] } });
          expect((await s.putDoc(a)).ok).toBe(true);
          const { headings, body, ...meta } = a;
          expect(await s.getDoc('fact.a')).toEqual(meta);
          expect(await s.getDocRecord('fact.a')).toEqual(a);
          expect(await s.getDoc('nope')).toBeUndefined();
          const a2 = { ...a, title: 'changed', body: 'new body', headings: ['H1', 'H2'], contentHash: 'h2' };
          expect((await s.putDoc(a2)).ok).toBe(true);
          expect(await s.getDocRecord('fact.a')).toEqual(a2);
          expect((await s.listDocs()).length).toBe(1);
          expect(await s.deleteDoc('fact.a')).toBe(true);
          expect(await s.deleteDoc('fact.a')).toBe(false);
          expect(await s.getDoc('fact.a')).toBeUndefined();
          void headings;
          void body;
        });
      });

      it('lists docs sorted by id, filtered by kind and path prefix', async () => {
        await withStore(async (s) => {
          await s.putDoc(record('b', 'x', { kind: 'adr', path: '.thunderus/memory/adr/b.md' }));
          await s.putDoc(record('a', 'x', { kind: 'fact' }));
          await s.putDoc(record('c', 'x', { kind: 'recap', path: '.thunderus/memory/episodic/c.md' }));
          expect((await s.listDocs()).map((d) => d.docId)).toEqual(['a', 'b', 'c']);
          expect((await s.listDocs({ kinds: ['adr', 'recap'] })).map((d) => d.docId)).toEqual(['b', 'c']);
          expect((await s.listDocs({ pathPrefix: '.thunderus/memory/episodic/' })).map((d) => d.docId)).toEqual(['c']);
          expect(await s.listHashes()).toEqual((await s.listDocs()).map((d) => ({ docId: d.docId, path: d.path, contentHash: d.contentHash })));
          await s.clearDocs();
          expect(await s.listDocs()).toEqual([]);
        });
      });

      it('refuses malformed doc records with store.doc-invalid', async () => {
        await withStore(async (s) => {
          const bad = { ...record('x', 'y'), tags: 'nope' } as unknown as DocRecord;
          const r = await s.putDoc(bad);
          expect(r.ok).toBe(false);
          expect(codes(r)).toContain('store.doc-invalid');
          expect(codes(await s.putDoc({ ...record('x', 'y'), docId: '' }))).toContain('store.doc-invalid');
          expect(await s.listDocs()).toEqual([]);
        });
      });
    });

    describe('provenance edges', () => {
      it('records the target hash, lists edges both ways and refuses unknown docs', async () => {
        await withStore(async (s) => {
          await s.putDoc(record('fact.a', 'a', { contentHash: 'ha' }));
          await s.putDoc(record('recap.r', 'r', { contentHash: 'hr' }));
          await s.putDoc(record('fact.b', 'b', { contentHash: 'hb' }));
          const e = await s.addEdge('fact.a', 'derives_from', 'recap.r');
          expect(e).toEqual({ ok: true, value: { src: 'fact.a', rel: 'derives_from', dst: 'recap.r', dstHash: 'hr' } });
          await s.addEdge('fact.b', 'refers_to', 'fact.a');
          await s.addEdge('fact.a', 'supersedes', 'fact.b');
          expect((await s.edges('fact.a')).map((x) => `${x.rel}:${x.dst}`)).toEqual(['derives_from:recap.r', 'supersedes:fact.b']);
          expect((await s.edges('fact.a', 'in')).map((x) => x.src)).toEqual(['fact.b']);
          expect((await s.edges('fact.a', 'both')).length).toBe(3);
          expect((await s.allEdges()).length).toBe(3);
          expect(codes(await s.addEdge('fact.a', 'derives_from', 'ghost'))).toEqual(['store.edge-unknown-doc']);
          expect(codes(await s.addEdge('ghost1', 'refers_to', 'ghost2'))).toEqual(['store.edge-unknown-doc', 'store.edge-unknown-doc']);
          expect(codes(await s.addEdge('fact.a', 'likes' as never, 'fact.b'))).toEqual(['store.edge-bad-rel']);
          expect(codes(await s.addEdge('fact.a', 'duplicates', 'fact.a'))).toEqual(['store.edge-self']);
          expect(await s.removeEdge('fact.a', 'supersedes', 'fact.b')).toBe(true);
          expect(await s.removeEdge('fact.a', 'supersedes', 'fact.b')).toBe(false);
          expect((await s.allEdges()).length).toBe(2);
        });
      });

      it('reports derived docs whose sources changed or vanished as stale', async () => {
        await withStore(async (s) => {
          await s.putDoc(record('fact.a', 'a', { contentHash: 'ha' }));
          await s.putDoc(record('recap.r', 'r', { contentHash: 'hr1' }));
          await s.putDoc(record('recap.q', 'q', { contentHash: 'hq' }));
          await s.addEdge('fact.a', 'derives_from', 'recap.r');
          await s.addEdge('fact.a', 'derives_from', 'recap.q');
          await s.addEdge('fact.a', 'refers_to', 'recap.r');
          expect(await s.stale('fact.a')).toEqual([]);
          await s.putDoc(record('recap.r', 'r changed', { contentHash: 'hr2' }));
          expect(await s.stale('fact.a')).toEqual([{ src: 'fact.a', rel: 'derives_from', dst: 'recap.r', dstHash: 'hr1', currentHash: 'hr2' }]);
          expect((await s.stale('fact.a', ['derives_from', 'refers_to'])).length).toBe(2);
          expect((await s.stale()).length).toBe(1);
          expect(await s.stale('recap.r')).toEqual([]);
          await s.deleteDoc('recap.q');
          expect((await s.stale('fact.a')).map((e) => [e.dst, e.currentHash])).toEqual([
            ['recap.q', null],
            ['recap.r', 'hr2'],
          ]);
          // Re-adding the edge records the new hash.
          await s.addEdge('fact.a', 'derives_from', 'recap.r');
          expect((await s.stale('fact.a')).map((e) => e.dst)).toEqual(['recap.q']);
        });
      });
    });

    describe('ledgers (compare-and-append)', () => {
      it('appends on the expected head and refuses a moved head', async () => {
        await withStore(async (s) => {
          expect(await s.ledgerHead('decisions')).toEqual({ size: 0, head: ZERO_HASH });
          const e1 = '{"n":1,"predecessor_hash":"' + ZERO_HASH + '"}';
          const r1 = await s.appendLedger('decisions', e1, ZERO_HASH);
          expect(r1).toEqual({ ok: true, value: { size: 1, head: hashJson(JSON.parse(e1)) } });
          const h1 = hashJson(JSON.parse(e1));
          const stale = await s.appendLedger('decisions', '{"n":2}', ZERO_HASH);
          expect(codes(stale)).toEqual(['store.ledger-head-moved']);
          expect((await s.appendLedger('decisions', '{"n":2}', h1)).ok).toBe(true);
          expect(await s.readLedger('decisions')).toEqual([e1, '{"n":2}']);
          expect((await s.ledgerHead('decisions')).size).toBe(2);
          expect(await s.readLedger('other')).toEqual([]);
        });
      });

      it('lets exactly one of two racing writers append on the same head', async () => {
        await withStore(async (s) => {
          const [a, b] = await Promise.all([s.appendLedger('l', '{"w":"a"}', ZERO_HASH), s.appendLedger('l', '{"w":"b"}', ZERO_HASH)]);
          expect([a.ok, b.ok].filter(Boolean).length).toBe(1);
          expect((await s.readLedger('l')).length).toBe(1);
        });
      });

      it('refuses entries that are not one line of JSON object', async () => {
        await withStore(async (s) => {
          for (const bad of ['not json', '[1,2]', '{"a":1}\n{"b":2}', '"str"', '']) {
            expect(codes(await s.appendLedger('l', bad, ZERO_HASH))).toEqual(['store.ledger-bad-entry']);
          }
          expect((await s.ledgerHead('l')).size).toBe(0);
        });
      });
    });

    describe('files', () => {
      it('stores whole files, lists them sorted by prefix, and refuses bad paths', async () => {
        await withStore(async (s) => {
          const bin = new Uint8Array([0, 255, 1, 254]);
          expect((await s.putFile('memory-bank/b.md', enc('b'))).ok).toBe(true);
          await s.putFile('memory-bank/a.bin', bin);
          await s.putFile('memory-bank/empty.md', new Uint8Array(0));
          await s.putFile('other/c.md', enc('c'));
          expect(await s.getFile('memory-bank/a.bin')).toEqual(bin);
          expect(await s.getFile('memory-bank/empty.md')).toEqual(new Uint8Array(0));
          expect(await s.getFile('missing')).toBeUndefined();
          expect(await s.listFiles('memory-bank')).toEqual(['memory-bank/a.bin', 'memory-bank/b.md', 'memory-bank/empty.md']);
          expect(await s.listFiles('')).toHaveLength(4);
          await s.putFile('memory-bank/b.md', enc('b2'));
          expect(new TextDecoder().decode(await s.getFile('memory-bank/b.md'))).toBe('b2');
          expect(await s.deleteFile('other/c.md')).toBe(true);
          expect(await s.deleteFile('other/c.md')).toBe(false);
          for (const bad of ['', '/abs', '../up', 'a//b', 'a/./b', 'nul\0x', 'back\\slash']) expect(codes(await s.putFile(bad, enc('x')))).toEqual(['store.bad-path']);
        });
      });
    });

    describe.runIf(caps.transactions !== false)('transactions', () => {
      it('commits a transaction that returns and rolls back one that throws', async () => {
        await withStore(async (s) => {
          await s.putDoc(record('keep', 'k'));
          const out = await s.transaction(async (tx) => {
            await tx.putDoc(record('t1', 'x'));
            return 42;
          });
          expect(out).toBe(42);
          await expect(
            s.transaction(async (tx) => {
              await tx.putDoc(record('t2', 'x'));
              await tx.deleteDoc('keep');
              await tx.addEdge('t1', 'refers_to', 't2');
              await tx.appendLedger('l', '{"a":1}', ZERO_HASH);
              await tx.putFile('f.md', enc('f'));
              throw new Error('boom');
            }),
          ).rejects.toThrow('boom');
          expect((await s.listDocs()).map((d) => d.docId)).toEqual(['keep', 't1']);
          expect(await s.allEdges()).toEqual([]);
          expect((await s.ledgerHead('l')).size).toBe(0);
          expect(await s.getFile('f.md')).toBeUndefined();
          if (s.capabilities.search) expect(((await s.search('x')) as { value: unknown[] }).value.map((h) => (h as { docId: string }).docId)).toEqual(['t1']);
          // The store still works after a rollback.
          expect((await s.putDoc(record('t3', 'x'))).ok).toBe(true);
          expect((await s.listDocs()).length).toBe(3);
        });
      });

      it('makes other callers wait until a transaction ends', async () => {
        await withStore(async (s) => {
          const order: string[] = [];
          const tx = s.transaction(async (t) => {
            order.push('tx-start');
            await new Promise((r) => setTimeout(r, 20));
            await t.putDoc(record('in-tx', 'x'));
            order.push('tx-end');
          });
          const outside = s.listDocs().then((d) => order.push(`outside:${d.length}`));
          await Promise.all([tx, outside]);
          expect(order).toEqual(['tx-start', 'tx-end', 'outside:1']);
        });
      });
    });

    describe.runIf(caps.search !== false)('search', () => {
      const docs = corpus(120);
      const load = async (s: Store) => {
        await s.transaction(async (tx) => {
          for (const d of docs) await tx.putDoc(d);
        });
      };

      it('returns ranked hits with marked snippets, best first', async () => {
        await withStore(async (s) => {
          await load(s);
          const r = await s.search('vitest coverage', { limit: 5 });
          if (!r.ok) throw new Error(JSON.stringify(r.problems));
          expect(r.value.length).toBeGreaterThan(0);
          expect(r.value.length).toBeLessThanOrEqual(5);
          for (let i = 1; i < r.value.length; i++) expect(r.value[i]!.score).toBeGreaterThanOrEqual(r.value[i - 1]!.score);
          for (const h of r.value) {
            expect(h.score).toBeLessThan(0);
            const d = docs.find((x) => x.docId === h.docId)!;
            expect(h).toMatchObject({ title: d.title, path: d.path, kind: d.kind });
            expect(`${d.docId} ${d.title} ${d.headings.join(' ')} ${d.tags.join(' ')} ${d.body}`).toMatch(/vitest/);
            expect(`${d.docId} ${d.title} ${d.headings.join(' ')} ${d.tags.join(' ')} ${d.body}`).toMatch(/coverage/);
          }
          const withBody = r.value.find((h) => /vitest|coverage/.test(docs.find((x) => x.docId === h.docId)!.body));
          if (withBody) expect(withBody.snippet).toMatch(/«(vitest|coverage)»/);
          const custom = await s.search('vitest', { limit: 1, markers: ['<b>', '</b>'] });
          expect(custom.ok && custom.value[0]?.snippet).toMatch(/<b>vitest<\/b>/i);
        });
      });

      it('filters by kinds and tags, honours limit and match any', async () => {
        await withStore(async (s) => {
          await load(s);
          const adr = await s.search('test', { kinds: ['adr'], limit: 50 });
          expect(adr.ok && adr.value.length > 0 && adr.value.every((h) => h.kind === 'adr')).toBe(true);
          const beta = await s.search('test', { tags: ['alpha', 'beta'], limit: 50 });
          expect(beta.ok && beta.value.length > 0 && beta.value.every((h) => docs.find((d) => d.docId === h.docId)!.tags.includes('beta'))).toBe(true);
          const all = await s.search('test memory', { limit: 1000 });
          const any = await s.search('test memory', { limit: 1000, match: 'any' });
          expect(all.ok && any.ok && any.value.length >= all.value.length).toBe(true);
          expect((await s.search('test', { limit: 3 })).ok && ((await s.search('test', { limit: 3 })) as { value: unknown[] }).value.length).toBe(3);
          expect(await s.search('', {})).toEqual({ ok: true, value: [] });
          expect(await s.search('%%% ((( ***')).toEqual({ ok: true, value: [] });
          expect(await s.search('zzzunknownword')).toEqual({ ok: true, value: [] });
        });
      });

      it('ranks the corpus exactly like the reference in-memory BM25 scan', async () => {
        const { memoryStore } = await import('../../src/services/store/index.js');
        const ref = memoryStore();
        await withStore(async (s) => {
          await load(s);
          await load(ref);
          for (const q of queries(25)) {
            const a = await s.search(q, { limit: 10 });
            const b = await ref.search(q, { limit: 10 });
            if (!a.ok || !b.ok) throw new Error('search failed');
            expectSameRanking(a.value, b.value);
          }
        });
      });

      it('breaks score ties by doc id, also when the tie straddles the limit (property)', async () => {
        const ids = fc.uniqueArray(fc.stringMatching(/^[a-z][0-9]{1,3}$/), { minLength: 2, maxLength: 14 });
        const count = fc.integer({ min: 0, max: 3 });
        await fc.assert(
          fc.asyncProperty(ids, fc.integer({ min: 1, max: 16 }), fc.integer({ min: 0, max: 1000 }), count, count, async (names, limit, salt, nBetter, nWorse) => {
            await withStore(async (s) => {
              // Inserted in an order unrelated to the ids, so the engine's row order does not give the answer.
              const order = names.map((n, i) => ({ n, k: (i * 7919 + salt) % 101 })).sort((a, b) => a.k - b.k || (a.n < b.n ? -1 : 1));
              for (const { n } of order) await s.putDoc(record(`tie.${n}`, 'same words in every tied doc', { title: 'Tied', headings: ['Tie'], tags: ['tie'] }));
              // Docs that rank above the tied ones (the word more often, in short texts) and below them (once, in long texts).
              for (let k = 0; k < nBetter; k++) await s.putDoc(record(`better.${k}`, `${'words '.repeat(3 + k)}apart`, { title: 'Other', headings: ['Tie'], tags: ['tie'] }));
              for (let k = 0; k < nWorse; k++) await s.putDoc(record(`worse.${k}`, `words ${'filler '.repeat(20 + 5 * k)}`, { title: 'Other', headings: ['Tie'], tags: ['tie'] }));
              const r = await s.search('words', { limit });
              if (!r.ok) throw new Error(JSON.stringify(r.problems));
              const got = r.value.map((h) => h.docId);
              const kinds = got.map((id) => id.slice(0, id.indexOf('.')));
              const expectedKinds = [...Array(nBetter).fill('better'), ...Array(names.length).fill('tie'), ...Array(nWorse).fill('worse')].slice(0, limit);
              expect(kinds).toEqual(expectedKinds);
              const tied = names.map((n) => `tie.${n}`).sort();
              const gotTied = got.filter((id) => id.startsWith('tie.'));
              expect(gotTied).toEqual(tied.slice(0, gotTied.length));
            });
          }),
          { numRuns },
        );
      });

      it('accepts any plain text as a query without an error (property)', async () => {
        await withStore(async (s) => {
          await load(s);
          await fc.assert(
            fc.asyncProperty(
              fc.oneof(
                fc.string(),
                fc.string({ unit: 'grapheme' }),
                fc.string({ unit: 'binary' }),
                fc.constantFrom('"', 'AND', 'a OR', 'NEAR(a b)', 'col:x', '^x', '*', 'x*', '(', ')', "'", '-x', '"un closed', 'NOT a'),
              ),
              async (q) => {
                const r = await s.search(q, { limit: 3 });
                expect(r.ok, JSON.stringify(r)).toBe(true);
              },
            ),
            { numRuns: numRuns * 5 },
          );
        });
      });

      it('keeps scores right after docs are replaced and deleted (property)', async () => {
        await fc.assert(
          fc.asyncProperty(fc.array(fc.tuple(fc.integer({ min: 0, max: 29 }), fc.boolean(), fc.integer({ min: 0, max: 119 })), { minLength: 1, maxLength: 30 }), async (opsList) => {
            const s = await factory();
            const fresh = await factory();
            try {
              const live = new Map<string, DocRecord>();
              for (const d of docs.slice(0, 30)) {
                await s.putDoc(d);
                live.set(d.docId, d);
              }
              for (const [i, del, j] of opsList) {
                const id = docs[i]!.docId;
                if (del) {
                  await s.deleteDoc(id);
                  live.delete(id);
                } else {
                  const d = { ...docs[j]!, docId: id };
                  await s.putDoc(d);
                  live.set(id, d);
                }
              }
              for (const d of live.values()) await fresh.putDoc(d);
              for (const q of ['test', 'memory index', 'vitest']) {
                const a = await s.search(q, { limit: 50 });
                const b = await fresh.search(q, { limit: 50 });
                if (!a.ok || !b.ok) throw new Error('search failed');
                expectSameRanking(a.value, b.value);
              }
            } finally {
              await s.close();
              await fresh.close();
            }
          }),
          { numRuns: Math.max(3, Math.floor(numRuns / 2)) },
        );
      });
    });

    describe.runIf(caps.search !== false && caps.transactions !== false)('writes in one transaction', () => {
      const docs = corpus(60);
      it('reads its own puts, replacements and deletes, and commits what a store written one call at a time holds (property)', async () => {
        await fc.assert(
          fc.asyncProperty(fc.array(fc.tuple(fc.integer({ min: 0, max: 29 }), fc.boolean(), fc.integer({ min: 0, max: 59 })), { minLength: 1, maxLength: 40 }), async (opsList) => {
            const s = await factory();
            const fresh = await factory();
            try {
              const live = new Map<string, DocRecord>();
              for (const d of docs.slice(0, 10)) {
                await s.putDoc(d);
                live.set(d.docId, d);
              }
              await s.transaction(async (tx) => {
                for (const [i, del, j] of opsList) {
                  const id = docs[i]!.docId;
                  if (del) {
                    expect(await tx.deleteDoc(id)).toBe(live.has(id));
                    live.delete(id);
                  } else {
                    const d = { ...docs[j]!, docId: id };
                    expect((await tx.putDoc(d)).ok).toBe(true);
                    live.set(id, d);
                  }
                }
                expect((await tx.listHashes()).map((h) => h.docId)).toEqual([...live.keys()].sort());
                const last = opsList.at(-1)!;
                expect(await tx.getDocRecord(docs[last[0]]!.docId)).toEqual(live.get(docs[last[0]]!.docId));
              });
              for (const d of live.values()) await fresh.putDoc(d);
              expect(await s.listDocs()).toEqual(await fresh.listDocs());
              for (const q of ['test', 'memory index', 'vitest']) {
                const a = await s.search(q, { limit: 50 });
                const b = await fresh.search(q, { limit: 50 });
                if (!a.ok || !b.ok) throw new Error('search failed');
                expectSameRanking(a.value, b.value);
              }
            } finally {
              await s.close();
              await fresh.close();
            }
          }),
          { numRuns: Math.max(3, Math.floor(numRuns / 2)) },
        );
      });
    });

    describe('advanced queries', () => {
      it(caps.advancedSearch ? 'runs raw full-text syntax and reports its errors as store.query-syntax' : 'refuses advanced mode with store.advanced-unsupported', async () => {
        await withStore(async (s) => {
          await s.putDoc(record('a', 'quick brown fox'));
          await s.putDoc(record('b', 'quick red hen'));
          const r = await s.search('quick NOT fox', { mode: 'advanced' });
          if (caps.advancedSearch) {
            expect(r.ok && r.value.map((h) => h.docId)).toEqual(['b']);
            for (const bad of ['a AND', '"unclosed', '(', '']) {
              const e = await s.search(bad, { mode: 'advanced' });
              expect(codes(e), bad).toEqual(['store.query-syntax']);
            }
          } else {
            expect(codes(r)).toEqual(['store.advanced-unsupported']);
          }
        });
      });
    });

    describe.runIf(caps.persistence === true && caps.reopen !== undefined)('persistence', () => {
      it('reopens toBytes() with the same docs, edges, ledgers, files and rankings', async () => {
        await withStore(async (s) => {
          for (const d of corpus(40)) await s.putDoc(d);
          await s.addEdge('doc.0001', 'derives_from', 'doc.0002');
          await s.appendLedger('l', '{"a":1}', ZERO_HASH);
          await s.putFile('x/y.md', enc('y'));
          const bytes = await s.toBytes();
          expect(bytes).toBeInstanceOf(Uint8Array);
          const t = await caps.reopen!(bytes);
          try {
            expect(await t.listDocs()).toEqual(await s.listDocs());
            expect(await t.getDocRecord('doc.0003')).toEqual(await s.getDocRecord('doc.0003'));
            expect(await t.allEdges()).toEqual(await s.allEdges());
            expect(await t.ledgerHead('l')).toEqual(await s.ledgerHead('l'));
            expect(await t.getFile('x/y.md')).toEqual(enc('y'));
            const a = await s.search('test memory');
            const b = await t.search('test memory');
            expect(b).toEqual(a);
            // The reopened store keeps working.
            expect((await t.putDoc(record('new', 'test memory'))).ok).toBe(true);
            expect(await t.deleteDoc('doc.0001')).toBe(true);
          } finally {
            await t.close();
          }
        });
      });
    });

    it('refuses calls after close with store.closed', async () => {
      const s = await factory();
      await s.close();
      await s.close();
      const err = await s.listDocs().catch((e: unknown) => e);
      expect(err).toBeInstanceOf(MemkitError);
      expect((err as MemkitError).problems[0]!.code).toBe('store.closed');
    });
  });
}
