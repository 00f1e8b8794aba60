// `--store postgres://…` on index, search, export and import: the same index and hits as the SQLite file, bundles
// in and out of the store, and bad URLs, refused logins, missing databases and stalled servers as coded
// Problems with the password in no output. CLI runs in-process (test/cli/helpers.ts).
import { createServer } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { copyExample, runCli, tempDir } from '../../cli/helpers.js';
import { PG_URL, describeServer, freshSchema, serverPool } from './helpers.js';

const SECRET = 'S3cret-Pw_9z';
const codesOf = (stdout: string): string[] => (JSON.parse(stdout) as { problems: { code: string }[] }).problems.map((p) => p.code);
const everything = (r: { stdout: string; stderr: string }) => r.stdout + r.stderr;

/** Runs `argv` in all three formats; checks the password is in none of them; returns the JSON run. */
async function noSecret(argv: string[], env: Record<string, string> = {}) {
  let json: Awaited<ReturnType<typeof runCli>> | undefined;
  for (const format of ['text', 'json', 'sarif']) {
    const r = await runCli([...argv, '--format', format], { env: { PGCONNECT_TIMEOUT: '2', ...env } });
    expect(everything(r)).not.toContain(SECRET);
    expect(everything(r)).not.toContain(encodeURIComponent(SECRET));
    if (format === 'json') json = r;
  }
  return json!;
}

describe('--store without a server', () => {
  it('refuses a URL that is not postgres:// as a usage error, password not shown', async () => {
    for (const url of [`mysql://u:${SECRET}@127.0.0.1/db`, 'not a url', `http://u:${SECRET}@h/`]) {
      const r = await runCli(['export', '--store', url]);
      expect(r.code).toBe(2);
      expect(everything(r)).not.toContain(SECRET);
    }
  });

  it('reports a refused connection as store.pg-connect (also from MEMKIT_STORE_URL)', { timeout: 30_000 }, async () => {
    const url = `postgres://memkit:${SECRET}@127.0.0.1:1/memkit`;
    const a = await noSecret(['export', '--store', url]);
    expect(a.code).toBe(1);
    expect(codesOf(a.stdout)).toEqual(['store.pg-connect']);
    const b = await noSecret(['export'], { MEMKIT_STORE_URL: url });
    expect(codesOf(b.stdout)).toEqual(['store.pg-connect']);
  });

  it('gives up on a server that accepts and never answers with store.pg-timeout (no hang)', { timeout: 30_000 }, async () => {
    const held: import('node:net').Socket[] = [];
    const silent = createServer((socket) => void held.push(socket));
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const port = (silent.address() as { port: number }).port;
    try {
      const ex = copyExample('agent-memory');
      const r = await runCli(['index', ex.dir, '--store', `postgres://memkit:${SECRET}@127.0.0.1:${port}/memkit`, '--format', 'json'], { env: { PGCONNECT_TIMEOUT: '1' } });
      ex.done();
      expect(r.code).toBe(1);
      expect(codesOf(r.stdout)).toEqual(['store.pg-timeout']);
      expect(everything(r)).not.toContain(SECRET);
    } finally {
      for (const s of held) s.destroy();
      silent.close();
    }
  });

  it('refuses --store with --db or --engine, and a directory without memory docs (it would empty a shared store)', async () => {
    const ex = copyExample('agent-memory');
    const t = tempDir();
    try {
      expect((await runCli(['index', ex.dir, '--store', 'postgres://127.0.0.1:1/x', '--engine', 'wasm'])).code).toBe(2);
      expect((await runCli(['search', ex.dir, 'q', '--store', 'postgres://127.0.0.1:1/x', '--db', 'x.sqlite'])).code).toBe(2);
      expect((await runCli(['index', t.dir, '--store', 'postgres://127.0.0.1:1/x'])).code).toBe(2);
    } finally {
      ex.done();
      t.done();
    }
  });
});

describeServer('--store on a real server', () => {
  const { db } = serverPool();
  const schemas: string[] = [];
  const schema = () => {
    const s = freshSchema();
    schemas.push(s);
    return s;
  };
  afterAll(async () => {
    for (const s of schemas) await db.query(`DROP SCHEMA IF EXISTS "${s}" CASCADE`);
    await db.close();
  });
  const server = new URL(PG_URL ?? 'postgres://x@127.0.0.1/x');

  it('indexes and searches with the same hits as the SQLite index', { timeout: 60_000 }, async () => {
    const ex = copyExample('agent-memory');
    try {
      const s = schema();
      const idx = await runCli(['index', ex.dir, '--store', PG_URL!, '--schema', s, '--format', 'json']);
      expect(idx.code, idx.stderr + idx.stdout).toBe(0);
      const indexed = JSON.parse(idx.stdout) as { engine: string; docs: number; store: string };
      expect(indexed.engine).toBe('postgres');
      expect(indexed.docs).toBeGreaterThan(0);
      // The URL is shown with its password replaced (this server's password is also its user and database name).
      if (server.password !== '') expect(indexed.store).toMatch(/:\*\*\*@/);
      // A second run finds nothing to change.
      const again = JSON.parse((await runCli(['index', ex.dir, '--store', PG_URL!, '--schema', s, '--format', 'json'])).stdout) as { added: string[]; unchanged: number };
      expect(again.added).toEqual([]);
      for (const q of ['test', 'memory', 'decision ledger']) {
        const pg = await runCli(['search', ex.dir, q, '--store', PG_URL!, '--schema', s, '--format', 'json', '--limit', '20']);
        const lite = await runCli(['search', ex.dir, q, '--engine', 'wasm', '--format', 'json', '--limit', '20']);
        const hits = (r: typeof pg) => (JSON.parse(r.stdout) as { hits: { docId: string; score: number; snippet: string }[] }).hits;
        expect(pg.code).toBe(0);
        expect(hits(pg).map((h) => [h.docId, h.snippet])).toEqual(hits(lite).map((h) => [h.docId, h.snippet]));
        hits(pg).forEach((h, i) => expect(Math.abs(h.score - hits(lite)[i]!.score)).toBeLessThanOrEqual(1e-9 * Math.abs(h.score)));
      }
      // MEMKIT_STORE_URL stands in for --store.
      const viaEnv = await runCli(['search', ex.dir, 'memory', '--schema', s, '--format', 'json'], { env: { MEMKIT_STORE_URL: PG_URL! } });
      expect(viaEnv.code).toBe(0);
    } finally {
      ex.done();
    }
  });

  it('imports a bundle into the store and exports the same bundle back', { timeout: 60_000 }, async () => {
    const ex = copyExample('agent-memory');
    const t = tempDir();
    try {
      const bundle = join(t.dir, 'a.ndjson');
      expect((await runCli(['export', ex.dir, '--agent-id', 'team', '--out', bundle])).code).toBe(0);
      const s = schema();
      const imp = await runCli(['import', bundle, '--store', PG_URL!, '--schema', s, '--format', 'json']);
      expect(imp.code, imp.stdout + imp.stderr).toBe(0);
      expect((JSON.parse(imp.stdout) as { indexed: number }).indexed).toBeGreaterThan(0);
      const back = join(t.dir, 'b.ndjson');
      const exp = await runCli(['export', '--store', PG_URL!, '--schema', s, '--agent-id', 'team', '--out', back]);
      expect(exp.code, exp.stdout + exp.stderr).toBe(0);
      const lines = (f: string) => readFileSync(f, 'utf8').split('\n').slice(1);
      expect(lines(back)).toEqual(lines(bundle));
      // To stdout, nothing but the bundle.
      const out = await runCli(['export', '--store', PG_URL!, '--schema', s, '--agent-id', 'team']);
      expect(out.stdout.split('\n').slice(1)).toEqual(lines(bundle));
    } finally {
      ex.done();
      t.done();
    }
  });

  it('reports a refused login and a missing database with their codes, the password in no output', { timeout: 60_000 }, async () => {
    const wrong = new URL(PG_URL!);
    wrong.password = SECRET;
    const auth = await noSecret(['export', '--store', wrong.toString()]);
    expect(codesOf(auth.stdout)).toEqual(['store.pg-auth']);
    const missing = new URL(PG_URL!);
    missing.pathname = '/memkit_no_such_db';
    const nodb = await noSecret(['export', '--store', missing.toString()]);
    expect(codesOf(nodb.stdout)).toEqual(['store.pg-no-database']);
    const ex = copyExample('agent-memory');
    try {
      const r = await noSecret(['search', ex.dir, 'memory', '--store', wrong.toString()]);
      expect(codesOf(r.stdout)).toEqual(['store.pg-auth']);
    } finally {
      ex.done();
    }
  });
});
