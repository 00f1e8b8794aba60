// Store benchmark: 10,000 memory docs (~300 words each), two mixes of 200 two-term top-10 BM25 queries,
// through memkit's SQLite store on sqlite-wasm and on better-sqlite3 (native), raw sqlite-wasm FTS5
// with the seed schema, and minisearch (an informational anchor).
// The refresh figures are in refresh.bench.ts: in this suite's heap they measured its garbage collection.
import { rng } from '../test/store/corpus.js';
import sqlite3InitModule from '@sqlite.org/sqlite-wasm';
import Database from 'better-sqlite3';
import MiniSearch from 'minisearch';
import { FTS5_HASH_BYTES, type SqliteEngineFactory, betterSqlite3, openSqliteStore, sqliteWasm } from '../src/adapters/sqlite/index.js';
import { nodeHasher } from '../src/adapters/node/hasher.js';
import { unwrap } from '../src/kernel/problems/index.js';
import { MEMORY_STORE_SQL } from '../src/schema/index.js';
import { type DocRecord, memoryFiles, rebuildSearchIndex } from '../src/services/store/index.js';
import { ftsColumns } from '../src/services/store/checks.js';
import { type BenchResult, type BenchSuite, compare, median, timeOnce } from './harness.js';

const N = 10_000;
const QUERIES = 200;

// A 20,000-word vocabulary with Zipf-like frequencies (word i drawn with weight ~ 1/(i+1)).
const r = rng(42);
const syll = ['ka', 'lo', 'mi', 'ne', 'ru', 'ta', 'vi', 'so', 'de', 'pa', 'ge', 'xo', 'bu', 'ri', 'fa', 'zu'];
const vocab = Array.from({ length: 20_000 }, (_, i) => {
  let w = '';
  let x = i + 17;
  do {
    w += syll[x % syll.length];
    x = Math.floor(x / syll.length);
  } while (x > 0);
  return w;
});
// exp(u·H) for uniform u is log-uniform on [1, V + 1): word i has weight ln((i + 2)/(i + 1)) ~ 1/(i + 1.5).
// (Until session 6, H was ln V + 0.5772, and the 5.5% of draws past the end were clamped onto the last word.)
const H = Math.log(vocab.length + 1);
const zipf = () => vocab[Math.floor(Math.exp(r() * H)) - 1]!;
const words = (n: number) => Array.from({ length: n }, zipf).join(' ');
const KINDS = ['core', 'fact', 'adr', 'playbook', 'recap'] as const;

export interface Gen {
  record: DocRecord;
  file: string;
}

export function generate(): Gen[] {
  return Array.from({ length: N }, (_, i) => {
    const id = `fact.bench.${i}`;
    const title = words(4);
    const h = [words(3), words(2), words(3)];
    const paras = [words(60 + Math.floor(r() * 80)), words(60 + Math.floor(r() * 80)), words(60 + Math.floor(r() * 80))];
    const kind = KINDS[i % KINDS.length]!;
    const tags = [`t${i % 20}`, `g${i % 7}`];
    const file = `---\nid: ${id}\ntitle: ${title}\nkind: ${kind}\ntags: [${tags.join(', ')}]\ncreated: 2026-01-01T00:00:00Z\nupdated: 2026-01-02T00:00:00Z\nprovenance:\n  events: [evt_${i}]\n  patches: []\nverification:\n  last_verified_commit: null\n  status: unknown\n---\n# ${h[0]}\n\n${paras[0]}\n\n## ${h[1]}\n\n${paras[1]}\n\n## ${h[2]}\n\n${paras[2]}\n`;
    const record: DocRecord = {
      docId: id,
      kind,
      title,
      path: `.thunderus/memory/semantic/FACTS/f${i}.md`,
      tags,
      updated: '2026-01-02T00:00:00Z',
      provenance: { events: [`evt_${i}`], patches: [] },
      contentHash: String(i).padStart(64, '0'),
      headings: h,
      body: paras.join('\n\n'),
    };
    return { record, file };
  });
}

// Two query mixes of 200 two-term queries (all terms must match):
// - common: two distinct words of the 200 most frequent. The issue states its workload by
//   reference figures (raw FTS5 about 0.8 s to index, 1.5 ms per query; minisearch 3.5 ms), and
//   query time over raw indexing time is about the same on any host: 1.9 ms/s there, about
//   2.2 here with this mix. The targets are judged on this mix.
// - mid: one word of ranks 20–2019 and one of ranks 20–319 (the mix of sessions 1–5): far fewer
//   matching docs, so FTS5's fixed cost per query term (a scan of the term's doclist for its IDF)
//   weighs more; about 0.6 ms/s. Reported beside, without targets.
const qr = rng(7);
const pickPair = (a: number, aSpan: number, b: number, bSpan: number): string => {
  const x = a + Math.floor(qr() * aSpan);
  let y = b + Math.floor(qr() * bSpan);
  while (y === x) y = b + Math.floor(qr() * bSpan);
  return `${vocab[x]} ${vocab[y]}`;
};
// The mid mix runs first, as in sessions 1–5: minisearch's query time depends on the state of
// the heap, and grows after a heavier mix has run (0.8 ms fresh, 1.2–1.3 ms after the common mix).
export const MIXES = {
  mid: Array.from({ length: QUERIES }, () => pickPair(20, 2000, 20, 300)),
  common: Array.from({ length: QUERIES }, () => pickPair(0, 200, 0, 200)),
};

/** How much of the two SQLite builds' own speed-up (the same SQL on each) memkit's native engine must keep. */
const NATIVE_SHARE = 0.9;

/**
 * A figure of memkit on better-sqlite3 against memkit on sqlite-wasm, judged against the ratio of the two SQLite
 * builds on the same SQL with no memkit code (`buildsNative`, `buildsWasm`): the store's JavaScript costs the same on
 * either engine, so memkit's ratio can approach that one, never pass it; it must keep {@link NATIVE_SHARE} of it.
 */
function nativeTarget(name: string, native: number, wasm: number, buildsNative: number, buildsWasm: number, unit: string, judged = true): BenchResult {
  const r = compare(name, native, unit, 'memkit sqlite-wasm', wasm, undefined, false);
  const builds = buildsWasm / buildsNative;
  const share = r.ratio! / builds;
  const note = `the two SQLite builds on the same SQL: ${builds.toFixed(2)}x; memkit keeps ${(share * 100).toFixed(0)}% of it`;
  return judged ? { ...r, target: `>= ${NATIVE_SHARE} of the builds' ratio (${(NATIVE_SHARE * builds).toFixed(2)}x)`, met: share >= NATIVE_SHARE, note } : { ...r, note };
}

const suite: BenchSuite = {
  name: 'store',
  // minisearch's query time moves from process to process (2.87–5.29 ms on the common mix over
  // sessions 6–8) far more than within one; five fresh processes, and each figure is the median.
  processes: 5,
  async run(): Promise<BenchResult[]> {
    const docs = generate();
    const records = docs.map((d) => d.record);
    const results: BenchResult[] = [];
    const sqlite3 = await (sqlite3InitModule as unknown as (o: object) => ReturnType<typeof sqlite3InitModule>)({ print: () => {}, printErr: () => {} });
    const engine = sqliteWasm();
    const native = betterSqlite3(Database);

    // --- raw sqlite-wasm FTS5, seed schema
    const rawIndex = (hashBytes?: number) => {
      const db = new sqlite3.oo1.DB(':memory:');
      db.exec(MEMORY_STORE_SQL);
      if (hashBytes !== undefined) db.exec(`INSERT INTO docs_fts (docs_fts, rank) VALUES ('hashsize', ${hashBytes})`);
      db.exec('BEGIN');
      const s1 = db.prepare('INSERT INTO docs VALUES (?, ?, ?, ?, ?, ?, ?)');
      const s2 = db.prepare('INSERT INTO docs_fts (rowid, doc_id, title, headings, tags, body) VALUES (?, ?, ?, ?, ?, ?)');
      records.forEach((d, i) => {
        s1.bind([d.docId, d.kind, d.title, d.path, JSON.stringify(d.tags), d.updated, JSON.stringify(d.provenance)]).stepReset();
        s2.bind([i + 1, ...ftsColumns(d)]).stepReset();
      });
      s1.finalize();
      s2.finalize();
      db.exec('COMMIT');
      return db;
    };
    // --- memkit store
    const memkitIndex = async (on: SqliteEngineFactory = engine) => {
      const store = unwrap(await openSqliteStore({ engine: on }));
      await store.transaction(async (tx) => {
        for (const d of records) await tx.putDoc(d);
      });
      return store;
    };
    await memkitIndex().then((s) => s.close()); // warm-up (loads the WASM, JITs the paths)
    await memkitIndex(native).then((s) => s.close());
    let rawMs = Infinity;
    let memkitMs = Infinity;
    let nativeMs = Infinity;
    let raw: ReturnType<typeof rawIndex> | undefined;
    let store: Awaited<ReturnType<typeof memkitIndex>> | undefined;
    let nativeStore: Awaited<ReturnType<typeof memkitIndex>> | undefined;
    for (let round = 0; round < 2; round++) {
      raw?.close();
      await store?.close();
      await nativeStore?.close();
      rawMs = Math.min(rawMs, await timeOnce(() => (raw = rawIndex())));
      memkitMs = Math.min(memkitMs, await timeOnce(async () => (store = await memkitIndex())));
      nativeMs = Math.min(nativeMs, await timeOnce(async () => (nativeStore = await memkitIndex(native))));
    }
    results.push({ ...compare('memkit sqlite-wasm index 10k docs', memkitMs, 'ms', 'raw sqlite-wasm FTS5', rawMs, 1 / 1.2, false), target: 'within 1.2x of raw FTS5' });
    // The same raw load with the FTS5 setting memkit's schema makes (a larger pending-data buffer),
    // so the figures show memkit's own overhead apart from that tuning.
    let tunedMs = Infinity;
    let tuned: ReturnType<typeof rawIndex> | undefined;
    for (let round = 0; round < 2; round++) {
      tuned?.close();
      tunedMs = Math.min(tunedMs, await timeOnce(() => (tuned = rawIndex(FTS5_HASH_BYTES))));
    }
    results.push(compare('memkit index vs raw FTS5 tuned alike (hashsize)', memkitMs, 'ms', 'raw sqlite-wasm FTS5, hashsize as memkit', tunedMs, undefined, false));
    // The same tuned raw load on better-sqlite3: what the two builds of SQLite's C code give with no
    // memkit code at all, the ceiling of the native targets above (docs/store.md, "Native engine").
    const rawNativeIndex = () => {
      const db = new Database(':memory:');
      db.exec(MEMORY_STORE_SQL);
      db.exec(`INSERT INTO docs_fts (docs_fts, rank) VALUES ('hashsize', ${FTS5_HASH_BYTES})`);
      const s1 = db.prepare('INSERT INTO docs VALUES (?, ?, ?, ?, ?, ?, ?)');
      const s2 = db.prepare('INSERT INTO docs_fts (rowid, doc_id, title, headings, tags, body) VALUES (?, ?, ?, ?, ?, ?)');
      db.transaction(() =>
        records.forEach((d, i) => {
          s1.run(d.docId, d.kind, d.title, d.path, JSON.stringify(d.tags), d.updated, JSON.stringify(d.provenance));
          s2.run(i + 1, ...ftsColumns(d));
        }),
      )();
      return db;
    };
    let tunedNativeMs = Infinity;
    let tunedNative: ReturnType<typeof rawNativeIndex> | undefined;
    for (let round = 0; round < 2; round++) {
      tunedNative?.close();
      tunedNativeMs = Math.min(tunedNativeMs, await timeOnce(() => (tunedNative = rawNativeIndex())));
    }
    results.push(
      compare(
        'anchor: raw FTS5 index tuned alike, better-sqlite3 vs sqlite-wasm (the two SQLite builds, no memkit code)',
        tunedNativeMs,
        'ms',
        'raw sqlite-wasm FTS5, hashsize as memkit',
        tunedMs,
        undefined,
        false,
      ),
    );
    // The same store code on the native engine: one schema, one ranking, only the engine differs; judged against
    // the two builds' own ratio just measured.
    results.push(nativeTarget('memkit better-sqlite3 index 10k docs', nativeMs, memkitMs, tunedNativeMs, tunedMs, 'ms'));

    // --- queries
    const rawStmt = raw!.prepare(
      'SELECT d.doc_id, d.title, d.path, d.kind, bm25(docs_fts) AS score FROM docs_fts JOIN docs d ON d.rowid = docs_fts.rowid WHERE docs_fts MATCH ? ORDER BY score LIMIT 10',
    );
    // Raw top-10 on the tuned table, ranked in a subquery and joined after, as memkit does, without snippets.
    const tunedStmt = tuned!.prepare(
      'SELECT d.doc_id, d.title, d.path, d.kind, h.score FROM (SELECT rowid AS r, bm25(docs_fts) AS score FROM docs_fts WHERE docs_fts MATCH ? ORDER BY score LIMIT 10) h JOIN docs d ON d.rowid = h.r',
    );
    const tunedNativeStmt = tunedNative!.prepare(
      'SELECT d.doc_id, d.title, d.path, d.kind, h.score FROM (SELECT rowid AS r, bm25(docs_fts) AS score FROM docs_fts WHERE docs_fts MATCH ? ORDER BY score LIMIT 10) h JOIN docs d ON d.rowid = h.r',
    );
    const quoted = (q: string) =>
      q
        .split(' ')
        .map((w) => `"${w}"`)
        .join(' ');
    const rawRun = (stmt: typeof rawStmt, queries: readonly string[]) => {
      let hits = 0;
      for (const q of queries) {
        stmt.bind([quoted(q)]);
        while (stmt.step()) {
          stmt.get({});
          hits++;
        }
        stmt.reset();
      }
      return hits;
    };
    const memkitRun = async (queries: readonly string[], on = store!) => {
      let hits = 0;
      for (const q of queries) hits += unwrap(await on.search(q, { limit: 10 })).length;
      return hits;
    };
    // --- minisearch
    let mini: MiniSearch | undefined;
    const miniMs = await timeOnce(() => {
      mini = new MiniSearch({ idField: 'docId', fields: ['docId', 'title', 'headings', 'tags', 'body'], storeFields: ['title', 'path', 'kind'] });
      mini.addAll(records.map((d) => ({ ...d, headings: d.headings.join('\n'), tags: d.tags.join(' ') })));
    });
    const miniRun = (queries: readonly string[]) => {
      let hits = 0;
      for (const q of queries) hits += mini!.search(q, { combineWith: 'AND' }).slice(0, 10).length;
      return hits;
    };
    for (const [mix, queries] of Object.entries(MIXES)) {
      const judged = mix === 'common';
      const label = (name: string) => `${name}, ${mix} terms`;
      // Interleaved rounds, each engine once per round, so a change in machine load hits all of
      // them alike; each figure is the median round (garbage collection included, as in use).
      const hits = { raw: 0, memkit: 0, native: 0, mini: 0 };
      const engines = {
        raw: () => (hits.raw = rawRun(rawStmt, queries)),
        tuned: () => rawRun(tunedStmt, queries),
        tunedNative: () => queries.reduce((n, q) => n + tunedNativeStmt.all(quoted(q)).length, 0),
        memkit: async () => (hits.memkit = await memkitRun(queries)),
        native: async () => (hits.native = await memkitRun(queries, nativeStore!)),
        mini: () => (hits.mini = miniRun(queries)),
      };
      const perQuery: Record<keyof typeof engines, number[]> = { raw: [], tuned: [], tunedNative: [], memkit: [], native: [], mini: [] };
      for (const fn of Object.values(engines)) await fn(); // warm-up
      for (let round = 0; round < 7; round++) for (const [name, fn] of Object.entries(engines)) perQuery[name as keyof typeof engines].push((await timeOnce(fn)) / QUERIES);
      const range = (xs: number[]) => `rounds ${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)} ms`;
      const [rawQ, tunedQ, memkitQ, nativeQ, miniQ] = [median(perQuery.raw), median(perQuery.tuned), median(perQuery.memkit), median(perQuery.native), median(perQuery.mini)];
      const tunedNativeQ = median(perQuery.tunedNative);
      const hitNote = `hits over ${QUERIES} queries: memkit ${hits.memkit}, memkit native ${hits.native}, raw ${hits.raw}, minisearch ${hits.mini}`;
      results.push({
        ...compare(label('memkit sqlite-wasm query (top 10, with snippets)'), memkitQ, 'ms/query', 'raw sqlite-wasm FTS5', rawQ, 1 / 1.2, false),
        target: 'within 1.2x of raw FTS5',
        note: `${hitNote}; median of 7 interleaved rounds; memkit ${range(perQuery.memkit)}, raw ${range(perQuery.raw)}; raw query ms per raw index s: ${(rawQ / (rawMs / 1000)).toFixed(2)}`,
      });
      results.push(compare(label('memkit query vs raw FTS5 tuned alike (hashsize, ranked subquery, no snippets)'), memkitQ, 'ms/query', 'raw sqlite-wasm FTS5 tuned', tunedQ, undefined, false));
      const nativeQuery = nativeTarget(label('memkit better-sqlite3 query (top 10, with snippets)'), nativeQ, memkitQ, tunedNativeQ, tunedQ, 'ms/query', judged);
      results.push({ ...nativeQuery, note: `same store code, same rounds; native ${range(perQuery.native)}; ${nativeQuery.note}${judged ? '' : '; no target: see docs/store.md (query mixes)'}` });
      results.push(
        compare(
          label('anchor: raw FTS5 ranked top 10 (tuned), better-sqlite3 vs sqlite-wasm (the two SQLite builds, no memkit code)'),
          tunedNativeQ,
          'ms/query',
          'raw sqlite-wasm FTS5 tuned',
          tunedQ,
          undefined,
          false,
        ),
      );
      // minisearch is an anchor only: memkit's query is at FTS5's own floor, which is what sets this ratio (docs/store.md).
      results.push({ ...compare(label('anchor: memkit query vs minisearch'), memkitQ, 'ms/query', 'minisearch', miniQ, undefined, false), note: `minisearch ${range(perQuery.mini)}` });
      // What FTS5 itself does against minisearch: the issue's raw top 10, and FTS5's ranking alone
      // (no join, no bodies), the floor of any store that ranks with FTS5's bm25().
      results.push(compare(label('anchor: raw sqlite-wasm FTS5 vs minisearch'), rawQ, 'ms/query', 'minisearch', miniQ, undefined, false));
      results.push(compare(label("anchor: FTS5's ranked top 10 alone (tuned) vs minisearch"), tunedQ, 'ms/query', 'minisearch', miniQ, undefined, false));
    }
    tunedNative!.close();
    tunedStmt.finalize();
    rawStmt.finalize();
    results.push(compare('memkit index vs minisearch', memkitMs, 'ms', 'minisearch', miniMs, undefined, false));

    // --- end to end from files (read, hash, parse frontmatter + Markdown, validate, index)
    const files = memoryFiles(Object.fromEntries(docs.map((d) => [d.record.path, d.file])));
    const e2eStore = unwrap(await openSqliteStore({ engine }));
    let report: Awaited<ReturnType<typeof rebuildSearchIndex>> | undefined;
    const e2eMs = await timeOnce(async () => (report = await rebuildSearchIndex(e2eStore, files, { hasher: nodeHasher })));
    results.push({
      name: 'end-to-end rebuildIndex from 10k files (parsing included)',
      value: e2eMs,
      unit: 'ms',
      note: `${report!.added.length} docs, ${report!.problems.length} problems; ${(N / (e2eMs / 1000)).toFixed(0)} docs/s`,
    });

    raw!.close();
    tuned!.close();
    await store!.close();
    await nativeStore!.close();
    await e2eStore.close();
    return results;
  },
};

export default suite;
