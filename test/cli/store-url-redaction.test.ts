// A password given as a URL parameter (`postgres://adv@host/db?password=…`, also `sslpassword`, any name
// spelt in another case or percent-encoded, and other credential parameters such as `sslkey`) used to be
// printed in clear by index, import and JSON output, where the user-info form was redacted. Every command
// that takes --store, in every output format, against a server that refuses the connection, one that never
// answers and (with MEMKIT_PG_URL) the real server: the secret never appears on stdout or stderr.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isCredentialParam, redact, redactUrl } from '../../src/surfaces/cli/postgres-url.js';
import { PG_URL, describeServer, freshSchema, serverPool } from '../adapters/postgres/helpers.js';
import { ROOT, copyExample, runCli, tempDir } from './helpers.js';

const SECRET = 'Qz9-p4ss_Wd';
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** Every form of SECRET a leak could take. */
const FORMS = [SECRET, encodeURIComponent(`${SECRET}/+& x`), `${SECRET}/+& x`, `${SECRET}/ & x`];
const leaks = (text: string) => FORMS.filter((f) => text.includes(f));

/** URLs of an unreachable host (`host`) that carry SECRET outside the user-info. */
const urls = (host: string) => [
  `postgres://adv@${host}/memkit?password=${SECRET}`,
  `postgres://adv@${host}/memkit?sslmode=disable&sslpassword=${SECRET}`,
  `postgres://adv@${host}/memkit?PassWord=${SECRET}`,
  `postgres://adv@${host}/memkit?pass%77ord=${SECRET}`,
  `postgres://adv@${host}/memkit?password=${encodeURIComponent(`${SECRET}/+& x`)}`,
  `postgres://adv:${SECRET}@${host}/memkit?application_name=x&password=${SECRET}`,
  `postgresql://adv@${host}/memkit?sslkey=/nonexistent/${SECRET}.pem`,
];

describe('redactUrl and redact', () => {
  it.each(urls('db.example:5432'))('%s: no secret in the shown URL, the rest kept', (url) => {
    const shown = redactUrl(url);
    expect(leaks(shown)).toEqual([]);
    expect(shown).toContain('adv');
    expect(shown).toContain('db.example:5432/memkit');
    expect(shown).toContain('=***');
    // The URL as given and decoded, as a driver error may quote it.
    expect(leaks(redact(`connecting to ${url} failed: ${decodeURIComponent(url)}`, url))).toEqual([]);
  });

  it('keeps parameters that are no credential as written', () => {
    expect(redactUrl('postgres://adv@h/db?sslmode=require&application_name=memkit&password=x')).toBe('postgres://adv@h/db?sslmode=require&application_name=memkit&password=***');
    expect(redactUrl('postgres://adv:pw@h/db')).toBe('postgres://adv:***@h/db');
    expect(redactUrl('postgres://h/db?password')).toBe('postgres://h/db?password=***');
    for (const name of ['password', 'sslpassword', 'SSLPASSWORD', 'passfile', 'sslkey', 'oauth_client_secret', 'token']) expect(isCredentialParam(name), name).toBe(true);
    for (const name of ['sslmode', 'application_name', 'host', 'port', 'sslcert', 'connect_timeout']) expect(isCredentialParam(name), name).toBe(false);
  });
});

/** Runs `argv` in text, json and sarif; the secret appears in none; returns the JSON run. */
async function noSecret(argv: string[], env: Record<string, string> = {}) {
  let json: Awaited<ReturnType<typeof runCli>> | undefined;
  for (const format of ['text', 'json', 'sarif']) {
    const r = await runCli([...argv, '--format', format], { env: { PGCONNECT_TIMEOUT: '2', ...env } });
    expect(leaks(r.stdout + r.stderr), `${argv.join(' ')} --format ${format}`).toEqual([]);
    expect(r.code, r.stdout + r.stderr).toBe(1);
    if (format === 'json') json = r;
  }
  return json!;
}

const codesOf = (stdout: string): string[] => (JSON.parse(stdout) as { problems: { code: string }[] }).problems.map((p) => p.code);

describe('--store with the secret in a URL parameter, no server', () => {
  let bundle: string;
  let ex: ReturnType<typeof copyExample>;
  let t: ReturnType<typeof tempDir>;
  beforeAll(async () => {
    ex = copyExample('agent-memory');
    t = tempDir();
    bundle = join(t.dir, 'b.ndjson');
    expect((await runCli(['export', ex.dir, '--out', bundle])).code).toBe(0);
  });
  afterAll(() => {
    ex.done();
    t.done();
  });

  it.each(urls('127.0.0.1:1'))('%s: index, search, export and import in every format (also from MEMKIT_STORE_URL)', { timeout: 60_000 }, async (url) => {
    for (const argv of [
      ['index', ex.dir, '--store', url],
      ['search', ex.dir, 'memory', '--store', url],
      ['export', '--store', url],
      ['import', bundle, '--store', url],
    ]) {
      const r = await noSecret(argv);
      // A refused connection, or the driver's own error reading a key file it was pointed to (which quotes its path).
      expect(codesOf(r.stdout).length).toBeGreaterThan(0);
    }
    const viaEnv = await noSecret(['export'], { MEMKIT_STORE_URL: url });
    expect(codesOf(viaEnv.stdout).length).toBeGreaterThan(0);
  });

  it('the driver error about a key file it cannot read names the file without the secret', async () => {
    const r = await runCli(['export', '--store', `postgres://adv@127.0.0.1:1/memkit?sslkey=/nonexistent/${SECRET}.pem`, '--format', 'json']);
    const problems = (JSON.parse(r.stdout) as { problems: { message: string }[] }).problems;
    expect(problems.map((p) => p.message).join('\n')).toMatch(/ENOENT|no such file/);
    expect(leaks(r.stdout + r.stderr)).toEqual([]);
  });

  it('a server that never answers: store.pg-timeout, the secret in no output', { timeout: 30_000 }, async () => {
    const held: import('node:net').Socket[] = [];
    const silent = createServer((socket) => void held.push(socket));
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    cleanups.push(() => {
      for (const s of held) s.destroy();
      silent.close();
    });
    const port = (silent.address() as { port: number }).port;
    const r = await runCli(['index', ex.dir, '--store', `postgres://adv@127.0.0.1:${port}/memkit?password=${SECRET}`, '--format', 'json'], { env: { PGCONNECT_TIMEOUT: '1' } });
    expect(codesOf(r.stdout)).toEqual(['store.pg-timeout']);
    expect(leaks(r.stdout + r.stderr)).toEqual([]);
  });

  it('a usage error that shows the URL (not postgres://) shows it redacted', async () => {
    const r = await runCli(['export', '--store', `mysql://adv@127.0.0.1/db?password=${SECRET}`]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('password=***');
    expect(leaks(r.stdout + r.stderr)).toEqual([]);
  });

  it('in a real process (everything the driver and Node print to stderr included)', { timeout: 60_000 }, async () => {
    const url = `postgres://adv@127.0.0.1:1/memkit?password=${SECRET}&sslpassword=${SECRET}`;
    for (const argv of [
      ['index', ex.dir, '--store', url, '--format', 'json'],
      ['import', bundle, '--store', url],
    ]) {
      const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'src', 'surfaces', 'cli', 'main.ts'), ...argv], { cwd: ROOT, env: { ...process.env, PGCONNECT_TIMEOUT: '2' } });
      let out = '';
      child.stdout.on('data', (d: Buffer) => void (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => void (out += d.toString()));
      const code = await new Promise<number | null>((r) => child.once('exit', r));
      expect(code, out).toBe(1);
      expect(out).toContain('store.pg-connect');
      expect(leaks(out)).toEqual([]);
    }
  });
});

describeServer('--store with the password in a URL parameter, on the real server', () => {
  const { db } = serverPool();
  const schemas: string[] = [];
  afterAll(async () => {
    for (const s of schemas) await db.query(`DROP SCHEMA IF EXISTS "${s}" CASCADE`);
    await db.close();
  });
  const server = new URL(PG_URL ?? 'postgres://x@127.0.0.1/x');
  /** The server's URL with its password moved into the query as `name`. */
  const asParam = (name: string, password = decodeURIComponent(server.password)) => {
    const u = new URL(server.toString());
    u.password = '';
    u.searchParams.set(name, password);
    return u.toString();
  };

  it('indexes and imports with ?password=: the store is shown with password=***, the password in no output', { timeout: 60_000 }, async () => {
    const ex = copyExample('agent-memory');
    cleanups.push(ex.done);
    const s = freshSchema();
    schemas.push(s);
    const url = asParam('password');
    const idx = await runCli(['index', ex.dir, '--store', url, '--schema', s, '--format', 'json']);
    expect(idx.code, idx.stdout + idx.stderr).toBe(0);
    const shown = (JSON.parse(idx.stdout) as { store: string }).store;
    expect(shown).toBe(redactUrl(url));
    expect(shown).toMatch(/[?&]password=\*\*\*/);
    const text = await runCli(['index', ex.dir, '--store', url, '--schema', s]);
    expect(text.code).toBe(0);
    // The password is only checked for where it is not also the user, host or database name (a CI server may use one word for all).
    const password = decodeURIComponent(server.password);
    const elsewhere = [server.username, server.hostname, server.pathname].some((part) => part.includes(password));
    if (password !== '' && !elsewhere) for (const r of [idx, text]) expect(r.stdout + r.stderr).not.toContain(password);
    const t = tempDir();
    cleanups.push(t.done);
    const bundle = join(t.dir, 'b.ndjson');
    expect((await runCli(['export', ex.dir, '--out', bundle])).code).toBe(0);
    const s2 = freshSchema();
    schemas.push(s2);
    const imp = await runCli(['import', bundle, '--store', url, '--schema', s2, '--format', 'json']);
    expect(imp.code, imp.stdout + imp.stderr).toBe(0);
    expect((JSON.parse(imp.stdout) as { store: string; root: string }).store).toBe(redactUrl(url));
    if (password !== '' && !elsewhere) expect(imp.stdout + imp.stderr).not.toContain(password);
  });

  it('a wrong ?password= or ?PassWord= is store.pg-auth with the secret in no output', { timeout: 60_000 }, async () => {
    for (const name of ['password', 'PassWord']) {
      const r = await noSecret(['export', '--store', asParam(name, SECRET)]);
      // The driver's parameter names are case-sensitive: `PassWord` is not the password to it, so that login has none
      // (a refusal of another code); memkit redacts it all the same.
      expect(codesOf(r.stdout)).toHaveLength(1);
      if (name === 'password') expect(codesOf(r.stdout)).toEqual(['store.pg-auth']);
    }
  });
});
