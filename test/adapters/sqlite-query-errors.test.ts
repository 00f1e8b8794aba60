import fc from 'fast-check';
import initSqlJs from 'sql.js';
import { describe, expect, it } from 'vitest';
import { openSqliteStore, sqlJs, sqliteWasm } from '../../src/adapters/sqlite/index.js';
import { unwrap } from '../../src/kernel/problems/index.js';

// What SQLite's own error text looks like; none of it may reach a Problem.
const RAW = /fts5|fts4|sqlite|syntax error near|unterminated string|no such column|malformed MATCH/i;

// Defect: advanced-mode search returned raw SQLite error text.
describe('advanced search errors are store.query-syntax problems in memkit’s words, not SQLite text', () => {
  const engines = [
    ['sqlite-wasm (FTS5)', () => sqliteWasm()],
    ['sql.js (FTS4)', async () => sqlJs(await initSqlJs())],
  ] as const;

  it.each(engines)('%s: bad queries give store.query-syntax without SQLite text; good ones search', { timeout: 60_000 }, async (_name, make) => {
    const store = unwrap(await openSqliteStore({ engine: await make() }));
    try {
      for (const q of ['"unterminated', 'a AND', '(a OR b', 'nosuch:foo', 'AND', '*', 'a NEAR/x b']) {
        const r = await store.search(q, { mode: 'advanced' });
        if (r.ok) continue; // FTS4 reads some of these as plain words
        expect(
          r.problems.map((p) => p.code),
          q,
        ).toEqual(['store.query-syntax']);
        expect(r.problems[0]!.message, q).not.toMatch(RAW);
      }
      expect((await store.search('title:ok OR body:"x y"', { mode: 'advanced' })).ok).toBe(true);
    } finally {
      await store.close();
    }
  });

  it('FTS5 refuses the classic mistakes, each with a hint drawn from the query', async () => {
    const store = unwrap(await openSqliteStore({ engine: sqliteWasm() }));
    try {
      const msg = async (q: string) => {
        const r = await store.search(q, { mode: 'advanced' });
        expect(r.ok, q).toBe(false);
        return r.ok ? '' : r.problems[0]!.message;
      };
      expect(await msg('"unterminated')).toContain('double quote');
      expect(await msg('(a OR b')).toContain('parentheses');
      expect(await msg('a AND')).toContain('operator');
      expect(await msg('nosuch:foo')).toContain('column');
    } finally {
      await store.close();
    }
  });

  it('any advanced query gives hits or problems with declared store codes and no SQLite text (property)', { timeout: 60_000 }, async () => {
    const store = unwrap(await openSqliteStore({ engine: sqliteWasm() }));
    try {
      const token = fc.constantFrom('a', 'b', '"', '(', ')', 'AND', 'OR', 'NOT', 'NEAR', 'NEAR/2', '*', ':', 'title:', 'x:', '^', '+', '-', '{', '}', ',', ' ', 'é');
      await fc.assert(
        fc.asyncProperty(
          fc.array(token, { minLength: 1, maxLength: 8 }).map((t) => t.join(' ')),
          async (q) => {
            const r = await store.search(q, { mode: 'advanced' });
            if (r.ok) return;
            for (const p of r.problems) {
              expect(p.code).toBe('store.query-syntax');
              expect(p.message).not.toMatch(RAW);
            }
          },
        ),
        { numRuns: 200 },
      );
    } finally {
      await store.close();
    }
  });
});
