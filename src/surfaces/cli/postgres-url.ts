import type { PostgresStore } from '../../adapters/postgres/index.js';
import { MemkitError, type Problem, error } from '../../kernel/problems/index.js';
import { messageOf } from '../../kernel/problems/message-of.js';
import { UsageError } from './command.js';
import type { CliIo } from './io.js';

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

/** True when a query parameter of this (decoded) name holds a credential or leads to one: `password`, `sslpassword`, `passfile`, `sslkey`, … */
export function isCredentialParam(name: string): boolean {
  return /pass|pwd|secret|token|key|cred|auth/i.test(name);
}

/**
 * The URL as output may show it: its password and every credential query
 * parameter's value replaced by `***`; a fixed text when it does not parse.
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

/** `text` with `url` shown as {@link redactUrl} shows it and each of its secrets, in any quoted form, replaced by `***`. */
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

/** An open PostgreSQL store: `shown` is its URL as output may show it ({@link redactUrl}). */
export interface PgSession {
  store: PostgresStore;
  shown: string;
}

/**
 * Runs `fn` on the PostgreSQL store at `url` in `schema`, on a `pg` pool
 * (imported only here) with connection, statement and reply timeouts, so a
 * wrong host or a stalled server gives a problem instead of a hang; the pool
 * always ends. Every problem comes back redacted (a thrown `MemkitError` as
 * its problems, any other error as `store.engine-error`); a URL that is not
 * `postgres://` is a usage error.
 */
export async function withPgStore<T>(
  url: string,
  schema: string | undefined,
  env: CliIo['env'],
  fn: (session: PgSession) => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; problems: Problem[] }> {
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
  const engineError = (cause: unknown) => ({ ok: false as const, problems: [error('store.engine-error', redact(messageOf(cause), url))] });
  let pool: import('pg').Pool;
  let store: PostgresStore;
  try {
    const { fromPgPool, openPostgresStore } = await import('../../adapters/postgres/index.js');
    // libpq's PGCONNECT_TIMEOUT (seconds) when set; without a bound, a host that drops packets hangs.
    const seconds = Number(env.PGCONNECT_TIMEOUT);
    pool = new pg.Pool({
      connectionString: url,
      max: 4,
      connectionTimeoutMillis: Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 10_000,
      statement_timeout: 60_000,
      query_timeout: 65_000,
      keepAlive: true,
      application_name: 'memkit',
    });
    // An idle client whose server went away emits 'error'; the next query reports it instead.
    pool.on('error', () => undefined);
    const opened = await openPostgresStore({ db: fromPgPool(pool), ...(schema === undefined ? {} : { schema }) });
    if (!opened.ok) {
      await pool.end().catch(() => undefined);
      return { ok: false, problems: redactProblems(opened.problems, url) };
    }
    store = opened.value;
  } catch (cause) {
    return engineError(cause);
  }
  try {
    return { ok: true, value: await fn({ store, shown: redactUrl(url) }) };
  } catch (cause) {
    if (cause instanceof MemkitError) return { ok: false, problems: redactProblems(cause.problems, url) };
    return engineError(cause);
  } finally {
    await pool.end().catch(() => undefined);
  }
}
