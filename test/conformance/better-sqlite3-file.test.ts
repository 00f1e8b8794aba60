// The native engine on a database file opened in place (`openSqliteStore({ file })`): the same suite as from bytes,
// and what in place adds: a commit is in the file, a rolled-back transaction is not, and the file stays one that
// sqlite-wasm opens as bytes.
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { betterSqlite3, openSqliteStore, sqliteWasm } from '../../src/adapters/sqlite/index.js';
import { unwrap } from '../../src/kernel/problems/index.js';
import { corpus, queries, record } from '../store/corpus.js';
import { expectSameRanking, runStoreConformance } from './store-conformance.js';

const native = betterSqlite3(Database);
const dir = mkdtempSync(join(tmpdir(), 'memkit-sqlite-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;

/** A new database file holding `bytes` (an empty store's when omitted). */
async function dbFile(bytes?: Uint8Array): Promise<string> {
  const path = join(dir, `db-${n++}.sqlite`);
  if (bytes === undefined) {
    const empty = unwrap(await openSqliteStore({ engine: native }));
    bytes = await empty.toBytes();
    await empty.close();
  }
  writeFileSync(path, bytes);
  return path;
}

runStoreConformance('sqlite on better-sqlite3, a file opened in place', async () => unwrap(await openSqliteStore({ engine: native, file: await dbFile() })), {
  search: true,
  advancedSearch: true,
  persistence: true,
  transactions: true,
  fulltext: 'fts5',
  reopen: async (bytes) => unwrap(await openSqliteStore({ engine: native, file: await dbFile(bytes) })),
  numRuns: 10,
});

describe('a database file opened in place', () => {
  it('holds what a transaction committed once closed, and nothing of one rolled back', async () => {
    const file = await dbFile();
    const s = unwrap(await openSqliteStore({ engine: native, file }));
    await s.transaction(async (tx) => {
      for (const d of corpus(40)) await tx.putDoc(d);
    });
    await expect(
      s.transaction(async (tx) => {
        await tx.deleteDoc(corpus(1)[0]!.docId);
        await tx.putDoc(record('fact.gone', 'never committed'));
        throw new Error('abandon');
      }),
    ).rejects.toThrow('abandon');
    const docs = await s.listDocs();
    await s.close();
    expect(docs).toHaveLength(40);
    expect(readdirSync(dir).filter((f) => f.startsWith(file.slice(dir.length + 1)))).toEqual([file.slice(dir.length + 1)]);
    // Reopened in place, and read as bytes by the other engine: the same docs and rankings.
    const again = unwrap(await openSqliteStore({ engine: native, file }));
    const wasm = unwrap(await openSqliteStore({ engine: sqliteWasm(), bytes: new Uint8Array(readFileSync(file)) }));
    try {
      expect(await again.listDocs()).toEqual(docs);
      expect(await wasm.listDocs()).toEqual(docs);
      for (const q of queries(10)) expectSameRanking(unwrap(await wasm.search(q, { limit: 10 })), unwrap(await again.search(q, { limit: 10 })));
    } finally {
      await again.close();
      await wasm.close();
    }
  });

  it('is refused with store.not-a-database when missing, not a database, or the engine has no file access', async () => {
    const codes = async (options: Parameters<typeof openSqliteStore>[0]) => {
      const r = await openSqliteStore(options);
      return r.ok ? (await r.value.close(), 'opened') : r.problems.map((p) => p.code);
    };
    expect(await codes({ engine: native, file: join(dir, 'missing.sqlite') })).toEqual(['store.not-a-database']);
    expect(readdirSync(dir)).not.toContain('missing.sqlite');
    const text = join(dir, 'text.sqlite');
    writeFileSync(text, 'not a database, only some text that is long enough to have a header');
    expect(await codes({ engine: native, file: text })).toEqual(['store.not-a-database']);
    expect(readFileSync(text, 'utf8')).toBe('not a database, only some text that is long enough to have a header');
    expect(await codes({ engine: sqliteWasm(), file: await dbFile() })).toEqual(['store.not-a-database']);
  });
});
