import type { PostgresStore } from '../../adapters/postgres/index.js';
import { MemkitError, type Problem, error } from '../../kernel/problems/index.js';
import { UsageError } from './command.js';
import type { CliIo } from './io.js';

/** Waits at most this long for a connection (a host that drops packets would otherwise hang). */
export const PG_CONNECT_TIMEOUT_MS = 10_000;
/** The server cancels a statement after this long (a lock held elsewhere, a stalled server). */
export const PG_STATEMENT_TIMEOUT_MS = 60_000;
/** The driver gives up on a reply after this long, even when the server never answers. */
export const PG_QUERY_TIMEOUT_MS = 65_000;

/** The connect timeout: libpq's `PGCONNECT_TIMEOUT` (seconds) when set, else {@link PG_CONNECT_TIMEOUT_MS}. */
export function connectTimeoutMs(env: CliIo['env']): number {
  const seconds = Number(env.PGCONNECT_TIMEOUT);
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : PG_CONNECT_TIMEOUT_MS;
}

/** The help lines of `--store` and `--schema`. */
export const STORE_HELP = `  --store URL     the PostgreSQL store at URL (postgres://user:password@host:5432/db;
                  also MEMKIT_STORE_URL). The password, in the URL or as a
                  parameter (?password=, ?sslpassword=, …), never appears in
                  output (PGPASSWORD and ~/.pgpass work too)
  --schema NAME   the store's schema in that database (default memkit)`;

/** The `parseArgs` options of `--store` and `--schema`. */
export const storeOptions = { store: { type: 'string' }, schema: { type: 'string' } } as const;

/** The store URL of a run: `--store`, else `MEMKIT_STORE_URL`, else none (the SQLite file). */
export function storeUrl(values: Record<string, unknown>, io: CliIo): string | undefined {
  const url = (values.store as string | undefined) ?? io.env.MEMKIT_STORE_URL;
  return url === undefined || url === '' ? undefined : url;
}

/**
 * Query parameters whose value is a credential or leads to one: `password`,
 * `sslpassword`, `passfile`, `sslkey`, and anything else naming a password,
 * secret, token, key or auth (matched case-insensitively on the decoded name,
 * so `PassWord` and `pass%77ord` count: the driver decodes names too).
 */
const CREDENTIAL_PARAM = /pass|pwd|secret|token|key|cred|auth/i;

/** `name=value` pairs of a URL's raw query (without `?`), each with its name and value decoded as the driver decodes them. */
function queryPairs(search: string): { raw: string; rawName: string; name: string; value: string; rawValue: string }[] {
  if (search === '' || search === '?') return [];
  return search
    .replace(/^\?/, '')
    .split('&')
    .map((raw) => {
      const eq = raw.indexOf('=');
      const rawName = eq < 0 ? raw : raw.slice(0, eq);
      const rawValue = eq < 0 ? '' : raw.slice(eq + 1);
      // URLSearchParams decodes as the driver does: %XX and `+` for a space; a bad escape is kept as written.
      const [entry] = [...new URLSearchParams(raw)];
      return { raw, rawName, name: entry?.[0] ?? rawName, value: entry?.[1] ?? '', rawValue };
    });
}

/** True when a query parameter of this (decoded) name holds a credential. */
export function isCredentialParam(name: string): boolean {
  return CREDENTIAL_PARAM.test(name);
}

/**
 * The URL as output may show it: the password of its user-info and the value
 * of every credential query parameter (`?password=`, `?sslpassword=`, …)
 * replaced by `***`; a fixed text when it does not parse. The one form every
 * command prints a store URL in.
 * @example redactUrl('postgres://adv:pw@db/x?sslpassword=k&sslmode=require') // 'postgres://adv:***@db/x?sslpassword=***&sslmode=require'
 */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password !== '') u.password = '***';
    const pairs = queryPairs(u.search);
    if (pairs.some((p) => isCredentialParam(p.name))) u.search = pairs.map((p) => (isCredentialParam(p.name) ? `${p.rawName}=***` : p.raw)).join('&');
    return u.toString();
  } catch {
    return '(a store URL that does not parse)';
  }
}

/** Every secret of `url` in every form it may be quoted in (as written, decoded, encoded), longest first. */
function secretsOf(url: string): string[] {
  const secrets = new Set<string>();
  const add = (s: string) => {
    secrets.add(s);
    try {
      secrets.add(decodeURIComponent(s));
    } catch {
      // a bad escape: as written only
    }
    secrets.add(encodeURIComponent(s));
  };
  try {
    const u = new URL(url);
    if (u.password !== '') add(u.password);
    for (const p of queryPairs(u.search))
      if (isCredentialParam(p.name)) {
        add(p.rawValue);
        add(p.value);
        add(p.rawValue.replace(/\+/g, ' '));
      }
  } catch {
    // not a URL: the whole value is the secret, replaced as a whole
  }
  return [...secrets].filter((s) => s !== '' && s !== url).sort((a, b) => b.length - a.length);
}

/**
 * `text` with `url` shown as {@link redactUrl} shows it and every secret of
 * `url` (its password, the value of each credential query parameter, as
 * written, decoded or encoded) replaced by `***`: for driver errors and
 * problems that quote the URL or a part of it.
 */
export function redact(text: string, url: string): string {
  let out = text.split(url).join(redactUrl(url));
  for (const s of secretsOf(url)) out = out.split(s).join('***');
  return out;
}

/** `problems` with every message, file and pointer redacted of `url`'s secrets ({@link redact}). */
export function redactProblems(problems: readonly Problem[], url: string): Problem[] {
  return problems.map((p) => ({
    ...p,
    message: redact(p.message, url),
    ...(p.file === undefined ? {} : { file: redact(p.file, url) }),
    ...(p.pointer === undefined ? {} : { pointer: redact(p.pointer, url) }),
  }));
}

/** An open PostgreSQL store and the pool behind it; `close` ends both. */
export interface PgSession {
  store: PostgresStore;
  /** The URL as output may show it ({@link redactUrl}: password and credential parameters replaced). */
  shown: string;
  close(): Promise<void>;
}

/**
 * Opens the PostgreSQL store at `url` in `schema` for one CLI run: a `pg`
 * pool (imported here, only when a command asks for a store URL) with
 * connection, statement and reply timeouts, so a wrong host, a stalled server
 * or one that goes away gives a Problem instead of a hang. Problems come back
 * redacted; a URL that is not `postgres://` is a usage error.
 */
export async function openPgSession(url: string, schema: string | undefined, env: CliIo['env'] = {}): Promise<{ ok: true; value: PgSession } | { ok: false; problems: Problem[] }> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new UsageError('--store (or MEMKIT_STORE_URL) is not a URL; expected postgres://user@host:5432/database');
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') throw new UsageError(`--store must be a postgres:// URL, not ${parsed.protocol}// (${redactUrl(url)})`);
  let pg: typeof import('pg');
  try {
    pg = (await import('pg')).default as unknown as typeof import('pg');
  } catch {
    throw new UsageError('--store needs the pg package (npm install pg@8), which could not be loaded');
  }
  const { fromPgPool, openPostgresStore } = await import('../../adapters/postgres/index.js');
  const pool = new pg.Pool({
    connectionString: url,
    max: 4,
    connectionTimeoutMillis: connectTimeoutMs(env),
    statement_timeout: PG_STATEMENT_TIMEOUT_MS,
    query_timeout: PG_QUERY_TIMEOUT_MS,
    keepAlive: true,
    application_name: 'memkit',
  });
  // An idle client whose server went away emits 'error'; the next query reports it instead.
  pool.on('error', () => undefined);
  const end = () => pool.end().catch(() => undefined);
  const opened = await openPostgresStore({ db: fromPgPool(pool), ...(schema === undefined ? {} : { schema }) });
  if (!opened.ok) {
    await end();
    return { ok: false, problems: redactProblems(opened.problems, url) };
  }
  return { ok: true, value: { store: opened.value, shown: redactUrl(url), close: end } };
}

/**
 * Runs `fn` on the store at `url` and always ends the pool. A thrown
 * `MemkitError` (a store call that lost the server) becomes its problems,
 * any other error a `store.engine-error`; every problem comes back redacted.
 */
export async function withPgStore<T>(
  url: string,
  schema: string | undefined,
  env: CliIo['env'],
  fn: (session: PgSession) => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; problems: Problem[] }> {
  let opened: Awaited<ReturnType<typeof openPgSession>>;
  try {
    opened = await openPgSession(url, schema, env);
  } catch (cause) {
    // A usage error shows the URL redacted already; anything else the driver threw may quote it.
    if (cause instanceof UsageError) throw cause;
    return { ok: false, problems: [error('store.engine-error', redact(cause instanceof Error ? cause.message : String(cause), url))] };
  }
  if (!opened.ok) return opened;
  try {
    return { ok: true, value: await fn(opened.value) };
  } catch (cause) {
    if (cause instanceof MemkitError) return { ok: false, problems: redactProblems(cause.problems, url) };
    return { ok: false, problems: [error('store.engine-error', redact(cause instanceof Error ? cause.message : String(cause), url))] };
  } finally {
    await opened.value.close();
  }
}
