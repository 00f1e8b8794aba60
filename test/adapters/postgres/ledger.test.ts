// Memory Bank ledgers in PostgreSQL: the table exports to the bytes memkit's file append writes,
// memkit's verifier accepts them, imports keep a file's bytes, bad input writes nothing, edits to
// the table are found. Runs on PGlite always and on the real server when MEMKIT_PG_URL is set.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PgDatabase } from '../../../src/adapters/postgres/client.js';
import { appendLedgerEntry, exportLedger, importLedger, verifyPgLedger } from '../../../src/adapters/postgres/ledger.js';
import type { PgLedgerId } from '../../../src/adapters/postgres/ledger-ids.js';
import { activeContextEntryArb, decisionLogEntryArb, productContextEntryArb, riskRegisterEntryArb } from '../../../src/schema/arbitraries/index.js';
import { sha256Hex } from '../../../src/kernel/canonical/sha256.js';
import { verifyText } from '../../../src/services/ledger/index.js';
import { appendEntry } from '../../../src/adapters/node/index.js';
import { PG_URL, SKIP_TITLE, freshSchema, pglite, serverPool } from './helpers.js';

const dropSchema = (db: PgDatabase, schema: string) => db.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
const ENGINES = [
  { name: 'PGlite', available: true, open: pglite },
  { name: 'the real server', available: PG_URL !== undefined, open: () => serverPool().db },
];

const HASH = 'ab'.repeat(32);
const decision = (i: number) => ({ proposer_agent: 'ReaperOAK', rationale: `decision ${i}`, diff_hash: HASH, tests_passed: i % 2 === 0 });
const active = (i: number) => ({ source_agent: `agent${i % 3}`, source_chunks: [HASH], summary_128: `note ${i} \u00e9\u{1F600}` });

/** A clock that ticks `stepMs` at every call, from a fixed start (one call per append). */
function ticking(startIso = '2026-02-20T23:59:58.000Z', stepMs = 700): () => Date {
  let t = Date.parse(startIso);
  return () => {
    const d = new Date(t);
    t += stepMs;
    return d;
  };
}

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
function tempFile(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'memkit-pgledger-'));
  dirs.push(dir);
  return join(dir, name);
}

/** The bytes memkit's file append writes for these drafts, in this order, on this clock. */
async function fileBytes(ledger: PgLedgerId, drafts: readonly object[], now: () => Date, start = ''): Promise<string> {
  const path = tempFile(ledger === 'decision-log' ? 'decisionLog.md' : ledger === 'risk-register' ? 'riskRegister.md' : ledger === 'product-context' ? 'productContext.md' : 'activeContext.md');
  if (start !== '') (await import('node:fs')).writeFileSync(path, start);
  for (const d of drafts) {
    const r = await appendEntry(path, d as never, { format: ledger, now });
    expect(r.ok, JSON.stringify(r.problems)).toBe(true);
  }
  return readFileSync(path, 'utf8');
}

const count = async (db: PgDatabase, schema: string) => Number((await db.query<{ n: unknown }>(`SELECT count(*) AS n FROM "${schema}".memkit_ledger_entries`)).rows[0]!.n);

for (const engine of ENGINES) {
  describe.skipIf(!engine.available)(engine.name === 'PGlite' ? 'ledgers in PostgreSQL (PGlite)' : engine.available ? 'ledgers in PostgreSQL (the real server)' : SKIP_TITLE, () => {
    let db: PgDatabase;
    const schema = freshSchema();
    beforeAll(() => {
      db = engine.open();
    });
    afterAll(async () => {
      await dropSchema(db, schema);
      await db.close();
    });

    it('appends export to the bytes the file append writes for the same entries, and verify accepts them', { timeout: 60_000 }, async () => {
      const drafts = Array.from({ length: 7 }, (_, i) => decision(i));
      const now = ticking();
      for (const [i, d] of drafts.entries()) {
        const r = await appendLedgerEntry(db, { schema, ledger: 'decision-log', entry: d, now });
        expect(r.ok, JSON.stringify(r.problems)).toBe(true);
        if (r.ok) expect(r.value.position).toBe(i + 1);
      }
      const exported = await exportLedger(db, { schema, ledger: 'decision-log' });
      expect(exported.ok).toBe(true);
      if (!exported.ok) return;
      // The clock crosses midnight: ids restart at 001 on the new day, in both.
      expect(exported.value).toContain('"id":"DEC-20260221-001"');
      expect(Buffer.from(exported.value)).toEqual(Buffer.from(await fileBytes('decision-log', drafts, ticking())));
      expect(verifyText(exported.value, { format: 'decision-log' }).problems).toEqual([]);
      const summary = await verifyPgLedger(db, { schema, ledger: 'decision-log', checkpointAll: true });
      expect(summary.problems).toEqual([]);
      expect(summary.entries).toBe(7);
    });

    it('keeps ledgers apart: each has its own chain and positions', async () => {
      const now = ticking();
      for (let i = 0; i < 3; i++) expect((await appendLedgerEntry(db, { schema, ledger: 'active-context', entry: active(i), now })).ok).toBe(true);
      const text = await exportLedger(db, { schema, ledger: 'active-context' });
      expect(text.ok && text.value).toBe(await fileBytes('active-context', [0, 1, 2].map(active), ticking()));
      expect((await verifyPgLedger(db, { schema, ledger: 'decision-log' })).entries).toBe(7);
    });

    it('concurrent appends on one handle all land, in one valid chain', { timeout: 60_000 }, async () => {
      const rs = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          appendLedgerEntry(db, {
            schema,
            ledger: 'risk-register',
            entry: { reporter_agent: 'Security', threat_type: 'Tampering', severity: 'LOW', description: `r${i}`, mitigation: 'm', status: 'OPEN' },
          }),
        ),
      );
      expect(rs.every((r) => r.ok)).toBe(true);
      expect(new Set(rs.map((r) => (r.ok ? r.value.position : 0))).size).toBe(40);
      const summary = await verifyPgLedger(db, { schema, ledger: 'risk-register' });
      expect(summary.problems).toEqual([]);
      expect(summary.entries).toBe(40);
    });

    it('the server clock option stamps entries with the database time', async () => {
      const s = freshSchema();
      const before = Date.now();
      const r = await appendLedgerEntry(db, { schema: s, ledger: 'active-context', entry: active(1), clock: 'server' });
      expect(r.ok).toBe(true);
      if (r.ok) expect(Math.abs(Date.parse(r.value.entry.ts) - before)).toBeLessThan(60_000);
      await dropSchema(db, s);
    });

    it('imports a .md ledger (preamble, entries) and exports the same bytes; appends continue its chain as the file append would', async () => {
      const s = freshSchema();
      const preamble = '---\ntitle: decisions\n---\n# Decision log\n\nOne JSON line per decision.\n';
      const original = await fileBytes('decision-log', [0, 1, 2].map(decision), ticking(), preamble);
      const r = await importLedger(db, { schema: s, ledger: 'decision-log', text: new TextEncoder().encode(original) });
      expect(r).toEqual({ ok: true, value: { entries: 3 } });
      const back = await exportLedger(db, { schema: s, ledger: 'decision-log' });
      expect(back.ok && back.value).toBe(original);
      const now = ticking('2026-03-01T00:00:00.000Z');
      expect((await appendLedgerEntry(db, { schema: s, ledger: 'decision-log', entry: decision(3), now })).ok).toBe(true);
      const after = await exportLedger(db, { schema: s, ledger: 'decision-log' });
      const path = tempFile('decisionLog.md');
      (await import('node:fs')).writeFileSync(path, original);
      expect((await appendEntry(path, decision(3), { now: ticking('2026-03-01T00:00:00.000Z') })).ok).toBe(true);
      expect(after.ok && after.value).toBe(readFileSync(path, 'utf8'));
      expect((await verifyPgLedger(db, { schema: s, ledger: 'decision-log' })).problems).toEqual([]);
      // A second import into the now non-empty ledger is refused and changes nothing.
      const again = await importLedger(db, { schema: s, ledger: 'decision-log', text: original });
      expect(again.ok ? [] : again.problems.map((p) => p.code)).toEqual(['ledger.pg-not-empty']);
      expect(await count(db, s)).toBe(4);
      await dropSchema(db, s);
    });

    it('imports a ledger chained by raw line bytes, keeps its lines, and chains the next append the same way', async () => {
      const s = freshSchema();
      // Lines with spaces after the colons: not canonical, each chained by the SHA-256 of the line as written.
      const lines: string[] = [];
      let prev = '0'.repeat(64);
      for (let i = 0; i < 3; i++) {
        const line = `{"ts": "2026-02-20T10:00:0${i}.000Z", "source_agent": "a", "source_chunks": [], "summary_128": "s${i}", "predecessor_hash": "${prev}"}`;
        lines.push(line);
        prev = sha256Hex(line);
      }
      const original = `${lines.join('\n')}\n`;
      const r = await importLedger(db, { schema: s, ledger: 'active-context', text: original });
      expect(r.ok).toBe(true);
      expect(r.problems?.map((p) => p.code)).toContain('ledger.raw-line-chain');
      const now = () => new Date('2026-02-21T00:00:00.000Z');
      const a = await appendLedgerEntry(db, { schema: s, ledger: 'active-context', entry: active(9), now });
      expect(a.ok && a.value.entry.predecessor_hash).toBe(prev);
      const path = tempFile('activeContext.md');
      (await import('node:fs')).writeFileSync(path, original);
      expect((await appendEntry(path, active(9), { now })).ok).toBe(true);
      const exported = await exportLedger(db, { schema: s, ledger: 'active-context' });
      expect(exported.ok && exported.value).toBe(readFileSync(path, 'utf8'));
      const summary = await verifyPgLedger(db, { schema: s, ledger: 'active-context' });
      expect(summary.problems.filter((p) => p.severity === 'error')).toEqual([]);
      expect(summary.chain).toBe('raw-line');
      await dropSchema(db, s);
    });

    it('refuses to import a file that does not verify, writing nothing', async () => {
      const s = freshSchema();
      const good = await fileBytes('decision-log', [0, 1, 2].map(decision), ticking());
      for (const text of [
        `# a NUL \u0000 in the preamble\n${good}`,
        good.replace('decision 1', 'decision X'),
        good.slice(0, -20),
        good.replace('"tests_passed":true', '"tests_passed":true,"tests_passed":true'),
        '{"not":"an entry"}\n',
      ]) {
        const r = await importLedger(db, { schema: s, ledger: 'decision-log', text });
        expect(r.ok).toBe(false);
        expect(r.problems!.some((p) => p.severity === 'error')).toBe(true);
      }
      expect(await count(db, s)).toBe(0);
      await dropSchema(db, s);
    });

    it('bad input is a Problem with a code and writes nothing', async () => {
      const s = freshSchema();
      const codes = async (p: Promise<{ ok: boolean; problems?: { code: string }[] }>) => {
        const r = await p;
        expect(r.ok).toBe(false);
        return [...new Set(r.problems!.map((x) => x.code))];
      };
      for (const entry of [null, [], 'entry', 42, undefined]) expect(await codes(appendLedgerEntry(db, { schema: s, ledger: 'active-context', entry: entry as never }))).toEqual(['schema.type']);
      for (const ledger of ['feedback-log', 'decisionLog.md', 'nope', "decision-log'; DROP TABLE x; --", '__proto__', 7])
        expect(await codes(appendLedgerEntry(db, { schema: s, ledger: ledger as never, entry: active(0) as never }))).toEqual(['ledger.pg-unknown']);
      for (const bad of ['Team', 'a-b', 'x"; DROP SCHEMA public; --', '', 'a'.repeat(64)]) {
        expect(await codes(appendLedgerEntry(db, { schema: bad, ledger: 'active-context', entry: active(0) }))).toEqual(['store.pg-bad-schema']);
        expect(await codes(exportLedger(db, { schema: bad, ledger: 'active-context' }))).toEqual(['store.pg-bad-schema']);
        expect(await codes(importLedger(db, { schema: bad, ledger: 'active-context', text: '' }))).toEqual(['store.pg-bad-schema']);
        expect((await verifyPgLedger(db, { schema: bad, ledger: 'active-context' })).problems.map((p) => p.code)).toEqual(['store.pg-bad-schema']);
      }
      // The writer policy: only ReaperOAK writes decisionLog.md, only ProductManager productContext.md.
      expect(await codes(appendLedgerEntry(db, { schema: s, ledger: 'decision-log', entry: decision(0), policy: { agent: 'Backend' } }))).toEqual(['ledger.writer-denied']);
      const pc = { author_agent: 'ProductManager', summary: 's', payload_hash: HASH, payload_loc: 'p.json' };
      expect(await codes(appendLedgerEntry(db, { schema: s, ledger: 'product-context', entry: pc, policy: { agent: 'ReaperOAK' } }))).toEqual(['ledger.writer-denied']);
      expect(
        await codes(
          appendLedgerEntry(db, { schema: s, ledger: 'product-context', entry: pc, policy: { agent: 'ProductManager', writers: { 'productContext.md': { writers: ['Planner'], appendOnly: true } } } }),
        ),
      ).toEqual(['ledger.writer-denied']);
      // Schema violations: a missing field, a wrong type, a hash that is not one, a lone surrogate.
      expect(await codes(appendLedgerEntry(db, { schema: s, ledger: 'decision-log', entry: { proposer_agent: 'ReaperOAK' } as never }))).not.toEqual([]);
      expect(await codes(appendLedgerEntry(db, { schema: s, ledger: 'decision-log', entry: { ...decision(0), tests_passed: 'yes' } as never }))).not.toEqual([]);
      expect(await codes(appendLedgerEntry(db, { schema: s, ledger: 'decision-log', entry: { ...decision(0), diff_hash: 'xyz' } }))).not.toEqual([]);
      expect(await codes(appendLedgerEntry(db, { schema: s, ledger: 'active-context', entry: { ...active(0), summary_128: 'a\ud800b' } }))).toEqual(['json.lone-surrogate']);
      // A clock that went back behind the last entry.
      expect((await appendLedgerEntry(db, { schema: s, ledger: 'active-context', entry: active(0), now: () => new Date('2026-05-01T00:00:00Z') })).ok).toBe(true);
      expect(await codes(appendLedgerEntry(db, { schema: s, ledger: 'active-context', entry: active(1), now: () => new Date('2026-04-01T00:00:00Z') }))).toEqual(['ledger.clock-backwards']);
      // Allowed writers pass.
      expect((await appendLedgerEntry(db, { schema: s, ledger: 'decision-log', entry: decision(0), policy: { agent: 'ReaperOAK' } })).ok).toBe(true);
      expect(await count(db, s)).toBe(2);
      await dropSchema(db, s);
    });

    it('finds rows edited, deleted or re-hashed outside memkit', async () => {
      const s = freshSchema();
      const now = ticking();
      for (let i = 0; i < 5; i++) expect((await appendLedgerEntry(db, { schema: s, ledger: 'decision-log', entry: decision(i), now })).ok).toBe(true);
      const t = `"${s}".memkit_ledger_entries`;
      const codesOf = async () => (await verifyPgLedger(db, { schema: s, ledger: 'decision-log' })).problems.map((p) => [p.code, p.line]);
      expect(await codesOf()).toEqual([]);
      // An edited line: its hash no longer matches its column, and the next entry's predecessor breaks.
      await db.query(`UPDATE ${t} SET line = replace(line, 'decision 2', 'decision Z') WHERE position = 3`);
      expect(await codesOf()).toEqual(
        expect.arrayContaining([
          ['ledger.pg-row-mismatch', 3],
          ['ledger.predecessor-mismatch', 4],
        ]),
      );
      await db.query(`UPDATE ${t} SET line = replace(line, 'decision Z', 'decision 2') WHERE position = 3`);
      expect(await codesOf()).toEqual([]);
      // A re-hashed column alone.
      await db.query(`UPDATE ${t} SET entry_hash = $1 WHERE position = 2`, [HASH]);
      expect(await codesOf()).toEqual(expect.arrayContaining([['ledger.pg-row-mismatch', 2]]));
      await db.query(`UPDATE ${t} SET entry_hash = $1 WHERE position = 2`, [sha256Hex((await db.query<{ line: string }>(`SELECT line FROM ${t} WHERE position = 2`)).rows[0]!.line)]);
      expect(await codesOf()).toEqual([]);
      // Nothing is chained onto a last row whose hash column or line was edited outside memkit.
      const appendCodes = async () => {
        const r = await appendLedgerEntry(db, { schema: s, ledger: 'decision-log', entry: decision(9), now });
        return r.ok ? [] : r.problems.map((p) => p.code);
      };
      const last = (await db.query<{ entry_hash: string; line: string }>(`SELECT entry_hash, line FROM ${t} WHERE position = 5`)).rows[0]!;
      await db.query(`UPDATE ${t} SET entry_hash = $1 WHERE position = 5`, [HASH]);
      expect(await appendCodes()).toEqual(['ledger.pg-row-mismatch']);
      await db.query(`UPDATE ${t} SET entry_hash = $1, line = '{"id":1,"id":2}' WHERE position = 5`, [last.entry_hash]);
      expect(await appendCodes()).toEqual(['ledger.unparseable-line']);
      expect(await count(db, s)).toBe(5);
      await db.query(`UPDATE ${t} SET line = $1 WHERE position = 5`, [last.line]);
      expect(await codesOf()).toEqual([]);
      // A deleted middle row: a gap, and the chain breaks where it was.
      await db.query(`DELETE FROM ${t} WHERE position = 3`);
      const codes = (await codesOf()).map(([c]) => c);
      expect(codes).toContain('ledger.pg-gap');
      expect(codes).toContain('ledger.predecessor-mismatch');
      await dropSchema(db, s);
    });
  });
}

describe('property: any interleaving of appends from several writers exports to the file-ledger bytes of the same sequence (PGlite)', () => {
  let db: PgDatabase;
  const created: string[] = [];
  beforeAll(() => {
    db = ENGINES[0]!.open();
  });
  afterAll(async () => {
    for (const s of created) await dropSchema(db, s);
    await db.close();
  });
  const arbs = { 'decision-log': decisionLogEntryArb, 'risk-register': riskRegisterEntryArb, 'product-context': productContextEntryArb, 'active-context': activeContextEntryArb } as const;
  const ledgerArb = fc.constantFrom<PgLedgerId>('decision-log', 'risk-register', 'product-context', 'active-context');

  it('exports verify and equal the file bytes', { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        ledgerArb.chain((ledger) => fc.tuple(fc.constant(ledger), fc.array(fc.tuple(fc.integer({ min: 0, max: 3 }), arbs[ledger] as fc.Arbitrary<object>), { minLength: 1, maxLength: 12 }))),
        fc.integer({ min: 1, max: 4 }),
        async ([ledger, ops], batch) => {
          const schema = freshSchema();
          created.push(schema);
          // One clock for everyone: each append reads it once, in the order the appends run.
          const now = ticking('2026-02-20T23:59:50.000Z', 1000);
          // Writers submit in batches that run concurrently; the table decides the order.
          const landed: { position: number; draft: object }[] = [];
          for (let i = 0; i < ops.length; i += batch) {
            const rs = await Promise.all(
              ops.slice(i, i + batch).map(async ([writer, draft]) => {
                // The writer's number only spreads the drafts over the concurrent batches.
                void writer;
                return { r: await appendLedgerEntry(db, { schema, ledger, entry: draft as never, now }), draft };
              }),
            );
            for (const { r, draft } of rs) {
              expect(r.ok, JSON.stringify(r.problems)).toBe(true);
              if (r.ok) landed.push({ position: r.value.position, draft });
            }
          }
          landed.sort((a, b) => a.position - b.position);
          expect(landed.map((l) => l.position)).toEqual(ops.map((_, i) => i + 1));
          const exported = await exportLedger(db, { schema, ledger });
          if (!exported.ok) throw new Error(JSON.stringify(exported.problems));
          expect(verifyText(exported.value, { format: ledger }).problems.filter((p) => p.severity === 'error')).toEqual([]);
          // The same drafts, in the order they landed, through memkit's file append.
          expect(exported.value).toBe(
            await fileBytes(
              ledger,
              landed.map((l) => l.draft),
              ticking('2026-02-20T23:59:50.000Z', 1000),
            ),
          );
          await dropSchema(db, schema);
          created.pop();
        },
      ),
      { numRuns: 30 },
    );
  });
});
