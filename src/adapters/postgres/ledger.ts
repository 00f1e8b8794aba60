import { canonicalizeResult } from '../../kernel/canonical/jcs.js';
import { type Hasher, ZERO_HASH, jsHasher, sha256Hex } from '../../kernel/canonical/sha256.js';
import { fileNameOf, formatById } from '../../formats/index.js';
import { PG_LEDGER_IDS, type PgLedgerId, isPgLedgerId } from './ledger-ids.js';
import { type Appended, type AppendOptions, type EntryDraft, appendToHead, headAfter } from '../../services/ledger/append.js';
import { DEFAULT_WRITER_POLICY, type WriterPolicy, checkWrite } from '../../formats/memory-bank/policy.js';
import { type VerifyOptions, type VerifySummary, verify, verifyParsed } from '../../formats/memory-bank/verify.js';
import { parseLedgerText, readEntryLine } from '../../formats/memory-bank/ledger-text.js';
import { type Problem, type Result, error, fail, ok } from '../../kernel/problems/index.js';
import type { PgDatabase, PgQueryable } from './client.js';
import { isSchemaName, migrate, quoteIdent } from './migrate.js';
import { pgProblem, unstorable } from './pg-errors.js';

/** Which ledger: the schema (one memory bank per schema) and the ledger's format id. */
export interface PgLedgerTarget<F extends PgLedgerId = PgLedgerId> {
  /** Schema holding the tables (`[a-z_][a-z0-9_]{0,62}`), created on first use. */
  schema: string;
  /** The ledger's format id (`decision-log`, …). */
  ledger: F;
  /** SHA-256 implementation (default the portable `jsHasher`; `memkit/node` has `nodeHasher`). */
  hasher?: Hasher;
}

/** Who is appending, checked against a writer policy before anything is read or written. */
export interface PgWriterCheck {
  /** The agent appending. */
  agent: string;
  /** The policy (default the memory bank's own: `DEFAULT_WRITER_POLICY`). */
  writers?: WriterPolicy;
}

/** Options of {@link appendLedgerEntry}. */
export interface AppendLedgerEntryOptions<F extends PgLedgerId = PgLedgerId> extends PgLedgerTarget<F> {
  /** The entry without the fields append fills (`predecessor_hash`, `ts`, `id`/`risk_id`). */
  entry: EntryDraft<F>;
  /** When given, the agent must be one of the ledger's writers (`ledger.writer-denied` otherwise). */
  policy?: PgWriterCheck;
  /** `'local'` (default): the timestamp is `now()`; `'server'`: the database's `clock_timestamp()` under the ledger lock, one clock for writers on many machines. */
  clock?: 'local' | 'server';
  /** The local clock (default `new Date()`). */
  now?: () => Date;
  /** Passed to `validate` (e.g. a token counter for `summary_128`). */
  validate?: AppendOptions['validate'];
}

/** An appended entry: value, stored line and hash, and its 1-based position in the ledger. */
export type PgAppended<F extends PgLedgerId = PgLedgerId> = Appended<F> & { position: number };

const ENTRIES = 'memkit_ledger_entries';
const LEDGERS = 'memkit_ledgers';
const PAGE = 2000;

/** The last entry of a ledger and the server clock, as one row (NULLs when the ledger is empty). */
const headQuery = (s: string, ledger: string) =>
  `SELECT e.position, e.entry_hash, e.line, clock_timestamp() FROM (SELECT 1) AS one LEFT JOIN LATERAL (SELECT x.position, x.entry_hash, x.line FROM ${s}.${ENTRIES} AS x WHERE x.ledger = ${ledger} ORDER BY x.position DESC LIMIT 1) AS e ON true`;

// The ledger tables, component `ledgers`; one statement per step (PGlite runs one per query). `entry_hash` is what
// the next entry's `predecessor_hash` must hold, `line` the entry as the file ledger stores it (no line ending).
const STEPS = [
  {
    version: 1,
    description: 'ledger entries and per-ledger preamble',
    sql: (s: string) => `DO $memkit$ BEGIN
      CREATE TABLE ${s}.${LEDGERS} (ledger text PRIMARY KEY, preamble text NOT NULL DEFAULT '');
      CREATE TABLE ${s}.${ENTRIES} (
        ledger text NOT NULL,
        position bigint NOT NULL CHECK (position > 0),
        entry_hash text NOT NULL CHECK (entry_hash ~ '^[0-9a-f]{64}$'),
        predecessor_hash text NOT NULL,
        line text NOT NULL,
        PRIMARY KEY (ledger, position),
        UNIQUE (ledger, entry_hash)
      );
    END $memkit$`,
  },
  {
    version: 2,
    description: 'one call that takes the ledger lock and reads the last entry',
    // VOLATILE: the read after the lock takes a fresh snapshot, so it sees the entry the previous holder committed.
    sql: (s: string) => `CREATE FUNCTION ${s}.memkit_ledger_lock_head(p_ledger text, p_key text)
      RETURNS TABLE (last_position bigint, last_hash text, last_line text, server_now timestamptz)
      LANGUAGE plpgsql VOLATILE AS $memkit$
      BEGIN
        PERFORM pg_advisory_xact_lock(hashtextextended(p_key, 0));
        RETURN QUERY ${headQuery(s, 'p_ledger')};
      END $memkit$`,
  },
];

const migrated = new WeakMap<PgDatabase, Map<string, Promise<Result<void>>>>();

/** Creates or migrates the ledger tables in `schema`, once per handle and schema (the other functions call it); safe from many processes at once. */
export function migrateLedgers(db: PgDatabase, schema: string): Promise<Result<void>> {
  if (!isSchemaName(schema)) return Promise.resolve(fail([schemaProblem(schema)]));
  let bySchema = migrated.get(db);
  if (bySchema === undefined) migrated.set(db, (bySchema = new Map()));
  const known = bySchema.get(schema);
  if (known !== undefined) return known;
  const run = migrate(db, schema, 'ledgers', STEPS).then(
    (r): Result<void> => (r.ok ? ok(undefined) : fail([error('ledger.pg-newer-schema', `the ledger tables of schema ${schema} are at version ${r.found}; this memkit knows up to ${r.supported}`)])),
    (cause): Result<void> => fail([queryFailed(cause)]),
  );
  // A failure is not remembered: the next call tries again (the server may be back).
  void run.then((r) => {
    if (!r.ok) bySchema.delete(schema);
  });
  bySchema.set(schema, run);
  return run;
}

const schemaProblem = (schema: string): Problem => error('store.pg-bad-schema', `schema name ${JSON.stringify(schema)} is not a plain lower-case identifier ([a-z_][a-z0-9_]{0,62})`);

const queryFailed = (cause: unknown): Problem => pgProblem(cause, 'a ledger query');

/** Checks the target before any query: schema name, ledger name. */
function checkTarget(target: { schema: unknown; ledger: unknown }): Problem[] {
  const problems: Problem[] = [];
  if (typeof target.schema !== 'string' || !isSchemaName(target.schema)) problems.push(schemaProblem(String(target.schema)));
  if (!isPgLedgerId(target.ledger)) problems.push(error('ledger.pg-unknown', `${JSON.stringify(target.ledger)} is not a ledger the database keeps; use one of ${PG_LEDGER_IDS.join(', ')}`));
  return problems;
}

/** Runs `body` in one transaction on one held connection; a throw rolls back and drops the connection. */
async function inTransaction<T>(db: PgDatabase, begin: string, body: (conn: PgQueryable) => Promise<Result<T>>): Promise<Result<T>> {
  return db.withConnection(async (conn) => {
    await conn.query(begin);
    try {
      const r = await body(conn);
      await conn.query(r.ok ? 'COMMIT' : 'ROLLBACK');
      return r;
    } catch (cause) {
      await conn.query('ROLLBACK').catch(() => undefined);
      throw cause;
    }
  });
}

interface HeadRow {
  last_position: unknown;
  last_hash: string | null;
  last_line: string | null;
  server_now: unknown;
}

/**
 * Reads the last entry, builds the next one and inserts it. With `lock`, one call takes the ledger's advisory
 * lock and then reads (a round trip less while other writers wait); without, the isolation level serializes writers.
 */
async function appendIn<F extends PgLedgerId>(conn: PgQueryable, q: string, options: AppendLedgerEntryOptions<F>, lock: boolean): Promise<Result<PgAppended<F>>> {
  const read = lock
    ? conn.query<HeadRow>(`SELECT * FROM ${q}.memkit_ledger_lock_head($1, $2)`, [options.ledger, lockKey(options.schema, options.ledger)])
    : conn.query<HeadRow>(`SELECT e.position AS last_position, e.entry_hash AS last_hash, e.line AS last_line, e.clock_timestamp AS server_now FROM (${headQuery(q, '$1')}) AS e`, [options.ledger]);
  const row = (await read).rows[0]!;
  const last = row.last_hash === null || row.last_line === null ? undefined : { position: row.last_position, entry_hash: row.last_hash, line: row.last_line };
  const serverNow = options.clock === 'server' ? new Date(String(row.server_now)) : undefined;
  let head = headAfter(options.ledger, [], ZERO_HASH);
  if (last !== undefined) {
    // The next entry chains onto this row, so it is read as the verifier reads it, and its hash column must be
    // its line's hash (either chain convention): nothing is chained onto a row edited outside memkit.
    const value = readEntryLine(last.line);
    if (value === undefined) return fail([error('ledger.unparseable-line', `the last entry of ledger ${options.ledger} does not parse; verify the ledger`)]);
    if (!hashesLine(last.entry_hash, last.line, value, options.hasher ?? jsHasher))
      return fail([error('ledger.pg-row-mismatch', `the entry_hash column of the last entry of ledger ${options.ledger} is not its line's hash; verify the ledger`)]);
    head = headAfter(options.ledger, [value], last.entry_hash);
  }
  const built = appendToHead(head, options.entry, {
    format: options.ledger,
    hasher: options.hasher ?? jsHasher,
    ...(serverNow !== undefined ? { now: () => serverNow } : options.now ? { now: options.now } : {}),
    ...(options.validate ? { validate: options.validate } : {}),
  });
  if (!built.ok) return built;
  const position = (last === undefined ? 0 : Number(last.position)) + 1;
  const insert = `INSERT INTO ${q}.${ENTRIES} (ledger, position, entry_hash, predecessor_hash, line) VALUES ($1, $2, $3, $4, $5)`;
  await conn.query(insert, [options.ledger, position, built.value.hash, head.lastHash, built.value.line]);
  return ok({ ...built.value, position }, built.problems);
}

/** Checks what needs no database: target, entry shape, writer policy. */
function precheck(options: AppendLedgerEntryOptions): Problem[] {
  const problems = checkTarget(options);
  if (problems.length > 0) return problems;
  const entry: unknown = options.entry;
  if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) return [error('schema.type', 'an entry draft must be an object', { pointer: '' })];
  if (options.policy !== undefined)
    return checkWrite(options.policy.writers ?? DEFAULT_WRITER_POLICY, options.policy.agent, fileNameOf(formatById(options.ledger)), 'append').filter((p) => p.severity === 'error');
  return [];
}

/**
 * Appends one entry to a ledger kept in PostgreSQL, as `appendEntry` does to a file (predecessor hash, timestamp,
 * dated id, validation), storing the canonical line with its position and hash. Writers anywhere are serialized by
 * a transaction-scoped advisory lock on the ledger. Nothing is written when a problem is returned, except that a
 * connection lost during COMMIT (`store.pg-connection-lost`) leaves it unknown: verify the ledger.
 *
 * @example
 * import pg from 'pg';
 * declare const pool: pg.Pool;
 * const r = await appendLedgerEntry(fromPgPool(pool), { schema: 'team_a', ledger: 'active-context',
 *   entry: { source_agent: 'Backend', source_chunks: [], summary_128: 'migrated the index' } });
 * if (r.ok) console.log(r.value.position, r.value.hash);
 */
export async function appendLedgerEntry<F extends PgLedgerId>(db: PgDatabase, options: AppendLedgerEntryOptions<F>): Promise<Result<PgAppended<F>>> {
  const q = await prepare(db, options, precheck(options));
  if (!q.ok) return q;
  try {
    return await inTransaction(db, 'BEGIN', (conn) => appendIn(conn, q.value, options, true));
  } catch (cause) {
    return fail([queryFailed(cause)]);
  }
}

const lockKey = (schema: string, ledger: string) => `memkit:ledger:${schema}:${ledger}`;

/** SQLSTATEs after which a SERIALIZABLE append is retried: serialization failure, deadlock, unique violation. */
const RETRY = new Set(['40001', '40P01', '23505']);

/**
 * {@link appendLedgerEntry} in a SERIALIZABLE transaction, retried with jittered backoff on a conflict: the
 * alternative the benchmark measures it against; not exported from `memkit/postgres`.
 * @internal
 */
export async function appendLedgerEntrySerializable<F extends PgLedgerId>(
  db: PgDatabase,
  options: AppendLedgerEntryOptions<F>,
  maxAttempts = 1000,
): Promise<Result<PgAppended<F>> & { attempts: number }> {
  const q = await prepare(db, options, precheck(options));
  if (!q.ok) return { ...q, attempts: 0 };
  for (let attempt = 1; ; attempt++) {
    try {
      return { ...(await inTransaction(db, 'BEGIN ISOLATION LEVEL SERIALIZABLE', (conn) => appendIn(conn, q.value, options, false))), attempts: attempt };
    } catch (cause) {
      const code = (cause as { code?: unknown } | null)?.code;
      if (typeof code !== 'string' || !RETRY.has(code) || attempt >= maxAttempts) return { ...fail([queryFailed(cause)]), attempts: attempt };
      await new Promise((r) => setTimeout(r, Math.random() * Math.min(50, 2 ** Math.min(attempt, 6))));
    }
  }
}

interface Row {
  position: unknown;
  entry_hash: string;
  predecessor_hash: string;
  line: string;
}

/** The preamble and the rows of a ledger, in position order, paged; rows appended after the first query are not read. */
async function* readLedger(db: PgDatabase, q: string, ledger: string): AsyncGenerator<{ preamble: string } | Row[]> {
  const pre = await db.query<{ preamble: string }>(`SELECT preamble FROM ${q}.${LEDGERS} WHERE ledger = $1`, [ledger]);
  yield { preamble: pre.rows[0]?.preamble ?? '' };
  const end = Number((await db.query<{ n: unknown }>(`SELECT coalesce(max(position), 0) AS n FROM ${q}.${ENTRIES} WHERE ledger = $1`, [ledger])).rows[0]!.n);
  const page = `SELECT position, entry_hash, predecessor_hash, line FROM ${q}.${ENTRIES} WHERE ledger = $1 AND position > $2 AND position <= $3 ORDER BY position LIMIT ${PAGE}`;
  let after = 0;
  while (after < end) {
    const rows = (await db.query<Row>(page, [ledger, after, end])).rows;
    if (rows.length === 0) return;
    yield rows;
    after = Number(rows[rows.length - 1]!.position);
  }
}

/** The quoted schema once the target passes its checks (`problems`, by default {@link checkTarget}'s) and the tables are migrated. */
async function prepare(db: PgDatabase, target: PgLedgerTarget, problems = checkTarget(target)): Promise<Result<string>> {
  if (problems.length > 0) return fail(problems);
  const ready = await migrateLedgers(db, target.schema);
  return ready.ok ? ok(quoteIdent(target.schema)) : ready;
}

/** The ledger as the text of its `.md` file: the imported preamble, then each stored line and a newline (what `appendEntry` writes for the same entries). */
export async function exportLedger(db: PgDatabase, target: PgLedgerTarget): Promise<Result<string>> {
  const q = await prepare(db, target);
  if (!q.ok) return q;
  const parts: string[] = [];
  try {
    for await (const page of readLedger(db, q.value, target.ledger)) {
      if ('preamble' in page) parts.push(page.preamble);
      else for (const row of page) parts.push(row.line, '\n');
    }
  } catch (cause) {
    return fail([queryFailed(cause)]);
  }
  return ok(parts.join(''));
}

/** Options of {@link verifyPgLedger}: a target plus `verify`'s checks. */
export type VerifyPgLedgerOptions = PgLedgerTarget & Pick<VerifyOptions, 'checkpoint' | 'checkpointAll' | 'payloads' | 'maxProblems' | 'validate'>;

/**
 * Verifies a ledger kept in PostgreSQL page by page: memkit's verifier over the lines of {@link exportLedger}'s text,
 * plus positions 1, 2, 3, … without gaps (`ledger.pg-gap`) and each row's hash columns agreeing with its line and
 * the row before (`ledger.pg-row-mismatch`).
 */
export async function verifyPgLedger(db: PgDatabase, options: VerifyPgLedgerOptions): Promise<VerifySummary> {
  const q = await prepare(db, options);
  if (!q.ok) return { entries: 0, head: ZERO_HASH, chain: 'canonical', preambleLines: 0, problems: q.problems };
  const hasher = options.hasher ?? jsHasher;
  const columns: Problem[] = [];
  let failure: Problem | undefined;
  let preambleLines = 0;
  async function* chunks(): AsyncGenerator<string> {
    let index = 0;
    let prevHash = ZERO_HASH;
    try {
      for await (const page of readLedger(db, q.ok ? q.value : '', options.ledger)) {
        if ('preamble' in page) {
          preambleLines = parseLedgerText(page.preamble).preambleLines;
          if (page.preamble !== '') yield page.preamble;
          continue;
        }
        for (const row of page) {
          index++;
          const line = preambleLines + index;
          const position = Number(row.position);
          if (position !== index) {
            columns.push(error('ledger.pg-gap', `position ${position} follows position ${index - 1}`, { line }));
            index = position;
          }
          checkRow(row, prevHash, line, hasher, columns);
          prevHash = row.entry_hash;
        }
        yield page.map((r) => `${r.line}\n`).join('');
      }
    } catch (cause) {
      failure = queryFailed(cause);
    }
  }
  const { ledger, hasher: _h, schema: _s, ...checks } = options;
  const summary = await verify(chunks(), { ...checks, format: ledger, hasher });
  const extra = failure === undefined ? columns : [...columns, failure];
  if (extra.length > 0) summary.problems = [...summary.problems, ...extra].sort((a, b) => (a.line ?? Number.MAX_SAFE_INTEGER) - (b.line ?? Number.MAX_SAFE_INTEGER));
  return summary;
}

/** Whether `hash` is the line's hash in either chain convention: SHA-256 of its bytes, or of its entry's canonical form. */
function hashesLine(hash: string, line: string, value: Record<string, unknown>, hasher: Hasher): boolean {
  if (hash === sha256Hex(line, hasher)) return true;
  const canon = canonicalizeResult(value);
  return canon.ok && hash === sha256Hex(canon.value, hasher);
}

/** A row's columns against its line: `predecessor_hash` is the previous row's `entry_hash` and the line's own; `entry_hash` hashes the line (either chain convention). */
function checkRow(row: Row, prevHash: string, line: number, hasher: Hasher, out: Problem[]): void {
  const value = readEntryLine(row.line);
  if (row.predecessor_hash !== prevHash || (value !== undefined && value.predecessor_hash !== row.predecessor_hash))
    out.push(error('ledger.pg-row-mismatch', 'the predecessor_hash column differs from the line or from the entry_hash of the row before', { line }));
  // A line that is not an entry: the verifier reports the line itself.
  if (value !== undefined && !hashesLine(row.entry_hash, row.line, value, hasher)) out.push(error('ledger.pg-row-mismatch', 'the entry_hash column is not the hash of the stored line', { line }));
}

/** Options of {@link importLedger}: the target and the `.md` ledger file's contents. */
export interface ImportLedgerOptions<F extends PgLedgerId = PgLedgerId> extends PgLedgerTarget<F> {
  /** The ledger file's text or bytes (UTF-8). */
  text: string | Uint8Array;
}

/**
 * Loads a `.md` ledger file into an empty ledger table once memkit's verifier finds no error in it. The preamble and
 * entry lines are kept as they are, so the export gives the file back (LF line ends, no blank lines after the first
 * entry, a final newline), and appends continue its chain. Returns the entry count and the verifier's warnings.
 */
export async function importLedger<F extends PgLedgerId>(db: PgDatabase, options: ImportLedgerOptions<F>): Promise<Result<{ entries: number }>> {
  const q = await prepare(db, options);
  if (!q.ok) return q;
  const hasher = options.hasher ?? jsHasher;
  let text: string;
  if (typeof options.text === 'string') text = options.text;
  else {
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(options.text);
    } catch {
      return fail([error('input.invalid-utf8', 'the ledger file is not valid UTF-8')]);
    }
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  // Read once: the verifier runs over the entries that are then stored. The text is in memory already: no size limit.
  const parsed = parseLedgerText(text, { limits: { maxFileBytes: Number.MAX_SAFE_INTEGER } });
  const summary = verifyParsed(parsed, { format: options.ledger, hasher, maxProblems: 100 });
  if (summary.problems.some((p) => p.severity === 'error')) return fail(summary.problems);
  const { preamble } = parsed;
  if (unstorable(preamble)) return fail([error('store.pg-unstorable-text', 'the preamble holds a NUL character or a lone surrogate, which a PostgreSQL text column cannot hold')]);
  const lines = parsed.entries.map((e) => e.text);
  const positions: number[] = [];
  const hashes: string[] = [];
  const predecessors: string[] = [];
  for (const { text: line, value } of parsed.entries) {
    const entry = value as Record<string, unknown>;
    // The hash the next entry holds, in the file's convention (the verifier found which).
    hashes.push(summary.chain === 'raw-line' ? sha256Hex(line, hasher) : sha256Hex((canonicalizeResult(entry) as { ok: true; value: string }).value, hasher));
    predecessors.push(String(entry.predecessor_hash));
    positions.push(positions.length + 1);
  }
  try {
    return await inTransaction(db, 'BEGIN', async (conn) => {
      await conn.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [lockKey(options.schema, options.ledger)]);
      const held = (await conn.query(`SELECT 1 FROM ${q.value}.${ENTRIES} WHERE ledger = $1 LIMIT 1`, [options.ledger])).rows.length > 0;
      if (held) return fail([error('ledger.pg-not-empty', `ledger ${options.ledger} of schema ${options.schema} already holds entries`)]);
      await conn.query(`INSERT INTO ${q.value}.${LEDGERS} (ledger, preamble) VALUES ($1, $2) ON CONFLICT (ledger) DO UPDATE SET preamble = EXCLUDED.preamble`, [options.ledger, preamble]);
      const insert = `INSERT INTO ${q.value}.${ENTRIES} (ledger, position, entry_hash, predecessor_hash, line) SELECT $1, * FROM unnest($2::bigint[], $3::text[], $4::text[], $5::text[])`;
      for (let i = 0; i < lines.length; i += PAGE) {
        const to = i + PAGE;
        await conn.query(insert, [options.ledger, positions.slice(i, to), hashes.slice(i, to), predecessors.slice(i, to), lines.slice(i, to)]);
      }
      return ok({ entries: lines.length }, summary.problems);
    });
  } catch (cause) {
    return fail([queryFailed(cause)]);
  }
}
