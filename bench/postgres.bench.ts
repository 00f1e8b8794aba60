// PostgreSQL store benchmark: the store bench's 10,000 docs and query mixes (imported from
// store.bench.ts) through memkit's PostgreSQL store, on the real server when MEMKIT_PG_URL is set
// (loopback round trips included), else on PGlite (in-process), beside memkit's sqlite-wasm store.
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type PgDatabase, fromPglite, fromPgPool, openPostgresStore } from '../src/adapters/postgres/index.js';
import { openSqliteStore, sqliteWasm } from '../src/adapters/sqlite/index.js';
import { unwrap } from '../src/kernel/problems/index.js';
import type { Store } from '../src/services/store/index.js';
import { type BenchResult, type BenchSuite, compare, median, timeOnce } from './harness.js';
import { MIXES, generate } from './store.bench.js';

const url = process.env.MEMKIT_PG_URL;

const suite: BenchSuite = {
  name: 'postgres',
  async run(): Promise<BenchResult[]> {
    const records = generate().map((g) => g.record);
    const where = url === undefined ? 'PGlite (in-process; MEMKIT_PG_URL not set)' : 'PostgreSQL server over loopback (MEMKIT_PG_URL)';
    let pool: pg.Pool | undefined;
    let db: PgDatabase;
    if (url === undefined) db = fromPglite(new PGlite());
    else {
      pool = new pg.Pool({ connectionString: url, max: 4 });
      db = fromPgPool(pool);
    }
    const schema = `bench_${randomBytes(6).toString('hex')}`;
    const load = async (s: Store) => {
      await s.transaction(async (tx) => {
        for (const d of records) await tx.putDoc(d);
      });
      return s;
    };
    const lite = unwrap(await openSqliteStore({ engine: sqliteWasm() }));
    const liteMs = await timeOnce(() => load(lite));
    const pgStore = unwrap(await openPostgresStore({ db, schema }));
    const pgMs = await timeOnce(() => load(pgStore));
    // What autovacuum does within about a minute of a bulk load: statistics, and the visibility map that
    // lets a term's postings be read from the index alone. Timed, and reported beside the load.
    const vacuumMs = await timeOnce(async () => {
      await db.query(`VACUUM ANALYZE "${schema}".postings`);
      await db.query(`ANALYZE "${schema}".docs`);
    });
    const results: BenchResult[] = [compare(`postgres index 10k docs (${url === undefined ? 'PGlite' : 'server'})`, pgMs, 'ms', 'memkit sqlite-wasm', liteMs, undefined, false)];
    results[0]!.note = `${where}; one transaction, one round trip per doc; then VACUUM ANALYZE of the postings ${vacuumMs.toFixed(0)} ms (autovacuum's work, done before the queries)`;

    for (const [mix, queries] of Object.entries(MIXES)) {
      // The same top 10 (ids and order) on both, or the comparison means nothing.
      let differ = 0;
      let hits = 0;
      for (const q of queries) {
        const a = unwrap(await lite.search(q, { limit: 10 })).map((h) => h.docId);
        const b = unwrap(await pgStore.search(q, { limit: 10 })).map((h) => h.docId);
        hits += b.length;
        if (a.join() !== b.join()) differ++;
      }
      // Interleaved rounds; every query timed alone, so p50 is the median single query.
      const each: Record<'lite' | 'pg', number[]> = { lite: [], pg: [] };
      const rounds: Record<'lite' | 'pg', number[]> = { lite: [], pg: [] };
      // The floor of any query on the server: one round trip (a search makes two), measured in the same rounds.
      const trips: number[] = [];
      for (let round = 0; round < 5; round++) {
        for (let i = 0; i < 50; i++) {
          const t = performance.now();
          await db.query('SELECT 1');
          trips.push(performance.now() - t);
        }
        for (const [name, store] of [
          ['lite', lite],
          ['pg', pgStore],
        ] as const) {
          const t0 = performance.now();
          for (const q of queries) {
            const t = performance.now();
            unwrap(await store.search(q, { limit: 10 }));
            each[name].push(performance.now() - t);
          }
          rounds[name].push((performance.now() - t0) / queries.length);
        }
      }
      const p = (xs: number[], f: number) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length * f)]!;
      const r = compare(`postgres query p50, ${mix} terms (top 10, with snippets)`, median(each.pg), 'ms/query', 'memkit sqlite-wasm p50', median(each.lite), 1 / 3, false);
      r.target = 'within 3x of memkit sqlite-wasm';
      r.note = `${where}; p99 ${p(each.pg, 0.99).toFixed(2)} ms vs ${p(each.lite, 0.99).toFixed(2)} ms; round means ${median(rounds.pg).toFixed(2)} vs ${median(rounds.lite).toFixed(2)} ms; one round trip (SELECT 1) p50 ${median(trips).toFixed(2)} ms, a search makes two; ${hits} hits over ${queries.length} queries, ${differ} top-10 lists differ`;
      results.push(r);
    }
    await pgStore.close();
    await lite.close();
    await db.query(`DROP SCHEMA "${schema}" CASCADE`);
    await db.close();
    return results;
  },
};

export default suite;
