import { readFile, stat } from 'node:fs/promises';
import { atomicWrite } from '../../../adapters/node/atomic-write.js';
import { nodeFiles } from '../../../adapters/node/fs-port.js';
import { nodeHasher as cliHasher } from '../../../adapters/node/hasher.js';
import { betterSqlite3 } from '../../../adapters/sqlite/better-sqlite3-engine.js';
import type { SqliteEngineFactory } from '../../../adapters/sqlite/engine.js';
import { openSqliteStore } from '../../../adapters/sqlite/sqlite-store.js';
import { sqliteWasm } from '../../../adapters/sqlite/sqlite-wasm-engine.js';
import { THUNDERUS_MEMORY_ROOT } from '../../../formats/memory-doc/names.js';
import type { Problem } from '../../../kernel/problems/index.js';
import type { MemoryKind } from '../../../schema/thunderus.js';
import { SEARCH_INDEX_PATH, listMemoryDocs } from '../../../services/store/doc-list.js';
import { INDEX_FINGERPRINTS_PATH, type IndexReport, refreshIndex } from '../../../services/store/index-refresh.js';
import type { Store } from '../../../services/store/store-port.js';
import { type Command, UsageError } from '../command.js';
import { emitReport, type OutputFormat } from '../emit.js';
import { type CliIo, makeReport } from '../io.js';
import { STORE_HELP, redactProblems, storeOptions, storeUrl, withPgStore } from '../postgres-url.js';
import { progressBar } from '../progress.js';
import { FORMAT_HELP, absolute, existing, formatOption, positiveInt, shown } from './args.js';

/**
 * The memory doc kinds `--kind` takes, as the help lists them (a test holds them to the schema's): the schemas are
 * loaded only when `--kind` is given.
 */
const KINDS_HELP = 'core, fact, adr, playbook, recap';

/** `--kind` values, checked against the schema's kinds. */
async function kindsOption(values: unknown): Promise<MemoryKind[]> {
  const kinds = (values as string[] | undefined) ?? [];
  if (kinds.length === 0) return [];
  const { MEMORY_KINDS } = await import('../../../schema/thunderus.js');
  for (const k of kinds) if (!(MEMORY_KINDS as readonly string[]).includes(k)) throw new UsageError(`--kind must be one of ${MEMORY_KINDS.join(', ')}`);
  return kinds as MemoryKind[];
}

/** Where `memkit index` keeps the database unless `--db` says otherwise (relative to DIR). */
const DEFAULT_DB = SEARCH_INDEX_PATH;

/** The engines `--engine` names: `auto` is better-sqlite3 when it loads, else sqlite-wasm. */
const ENGINES = ['auto', 'native', 'wasm'] as const;
type EngineChoice = (typeof ENGINES)[number];

const ENGINE_HELP = `  --engine E      auto (default: better-sqlite3 when installed, else
                  sqlite-wasm), native (better-sqlite3; usage error when it
                  is not installed) or wasm (sqlite-wasm)`;

function engineChoice(value: unknown): EngineChoice {
  if (value === undefined) return 'auto';
  if (!(ENGINES as readonly unknown[]).includes(value)) throw new UsageError(`--engine must be one of ${ENGINES.join(', ')}`);
  return value as EngineChoice;
}

/**
 * The engine for `choice`. better-sqlite3, an optional peer, is imported only
 * when asked, and probed: a binding built for another Node counts as not installed.
 */
async function engineFor(choice: EngineChoice): Promise<SqliteEngineFactory> {
  if (choice === 'wasm') return sqliteWasm();
  try {
    const Database = (await import('better-sqlite3')).default;
    new Database(':memory:').close();
    return betterSqlite3(Database);
  } catch {
    // not installed, or its binding does not load here
  }
  if (choice === 'native') throw new UsageError('--engine native needs better-sqlite3 12 (npm install better-sqlite3@12), which could not be loaded');
  return sqliteWasm();
}

const sameBytes = (a: Uint8Array | undefined, b: Uint8Array | undefined) => a === b || (a !== undefined && b !== undefined && Buffer.from(a.buffer, a.byteOffset, a.length).equals(b));

/**
 * DIR's files as the store commands read them: the docs, any extension allowed (as every command's port). They only
 * read docs (the index is written beside them, not through the port), so they leave the temp files of interrupted
 * writes, which listings skip, to the commands that write docs: no walk of DIR for them first.
 */
const docFiles = (dir: string) => nodeFiles(dir, { extensions: null, recover: false });

/** What {@link withIndex} ran: `fn`'s value, the refresh, where the index is (`db` file or `store` URL, as output shows it) and its engine. */
type Indexed<T> = { ok: true; value: T; report: IndexReport; key: 'db' | 'store'; where: string; engine: string } | { ok: false; problems: Problem[] };

/**
 * Brings the index of DIR's docs up to date and runs `fn` on it: the
 * PostgreSQL store at `url` (connection problems redacted), else the SQLite
 * file, saved when anything changed. A directory without memory docs is
 * refused: it would litter a directory named by mistake, or empty a shared store.
 */
async function withIndex<T>(io: CliIo, values: Record<string, unknown>, url: string | undefined, engine: EngineChoice, dir: string, fn: (store: Store) => Promise<T>): Promise<Indexed<T>> {
  const refresh = async (store: Store) => {
    const progress = progressBar(io, 'indexing');
    const report = await refreshIndex(store, docFiles(dir), { hasher: cliHasher });
    progress.done();
    return report;
  };
  const hasDocs = async () => (await listMemoryDocs(docFiles(dir)).catch(() => [])).length > 0;
  if (url !== undefined) {
    if (values.db !== undefined || values.engine !== undefined) throw new UsageError('--store cannot go with --db or --engine (they name a SQLite file and engine)');
    if (!(await hasDocs())) throw new UsageError(`nothing to index: ${shown(io, dir)} holds no memory docs (${THUNDERUS_MEMORY_ROOT}/**/*.md), and --store would be emptied`);
    const out = await withPgStore(url, values.schema as string | undefined, io.env, async (session) => {
      const report = await refresh(session.store);
      return { value: await fn(session.store), report, where: session.shown };
    });
    return out.ok ? { ok: true, ...out.value, key: 'store', engine: 'postgres' } : out;
  }
  const dbAbs = values.db === undefined ? absolute({ ...io, cwd: dir }, DEFAULT_DB) : absolute(io, values.db as string);
  const existed = (await stat(dbAbs).catch(() => undefined))?.isFile() === true;
  if (!existed && !(await hasDocs())) throw new UsageError(`nothing to index: ${shown(io, dir)} holds no memory docs (${THUNDERUS_MEMORY_ROOT}/**/*.md)`);
  const factory = await engineFor(engine);
  // An existing index opens in place when the engine can (better-sqlite3): a refresh that finds nothing changed reads
  // only the pages it needs, and a change is written at commit. Otherwise its bytes are read and the whole database
  // is written back (atomically) when anything changed. A new index is built in memory and written once, so no
  // half-built file ever has the index's name.
  const inPlace = existed && factory.openFile !== undefined;
  const bytes = existed && !inPlace ? new Uint8Array(await readFile(dbAbs)) : undefined;
  const opened = await openSqliteStore({ engine: factory, hasher: cliHasher, ...(inPlace ? { file: dbAbs } : bytes ? { bytes } : {}) });
  if (!opened.ok) throw new UsageError(`cannot open ${shown(io, dbAbs)}: ${opened.problems.map((p) => p.message).join('; ')}`);
  const store = opened.value;
  try {
    // Fingerprints recorded anew (a file read again and found unchanged) are worth saving too: the next run skips it.
    const prints = inPlace ? undefined : await store.getFile(INDEX_FINGERPRINTS_PATH);
    const report = await refresh(store);
    const changed = report.added.length + report.updated.length + report.removed.length > 0 || (!inPlace && !sameBytes(prints, await store.getFile(INDEX_FINGERPRINTS_PATH)));
    if (!inPlace && (!existed || changed)) await atomicWrite(dbAbs, await store.toBytes());
    const value = await fn(store);
    return { ok: true, value, report, key: 'db', where: shown(io, dbAbs), engine: factory.name };
  } finally {
    await store.close();
  }
}

/** `memkit index DIR [--db FILE]`: builds or refreshes the SQLite search index of DIR's memory docs. */
export const indexCommand: Command = {
  name: 'index',
  help: `Usage: memkit index DIR [--db FILE] [--engine auto|native|wasm] [--store URL [--schema NAME]] [--format text|json|sarif]

Reads every memory doc under DIR/.thunderus/memory and brings the SQLite index
(docs, docs_fts FTS5, doc_edges) up to date: new and changed docs are
indexed, deleted ones removed. The docs on disk are the source of truth; the
index can always be rebuilt from them. Both engines read and write the same
database file.

Options:
  --db FILE       the database file (default DIR/${DEFAULT_DB})
${ENGINE_HELP}
${STORE_HELP}
${FORMAT_HELP}

With --store, the index lives in PostgreSQL (docs/postgres.md) and is
brought to DIR's docs the same way; no database file is written.

Exit status: 0 indexed, 1 some docs could not be indexed, 2 usage error
(also when DIR holds no memory docs and no index exists yet: nothing to
index, and no database is created).
`,
  options: { db: { type: 'string' }, engine: { type: 'string' }, ...storeOptions, format: formatOption },
  async run({ values, positionals }, io) {
    if (positionals.length !== 1) throw new UsageError('index takes exactly one DIR');
    const url = storeUrl(values, io);
    const engine = engineChoice(values.engine);
    const dir = await existing(io, positionals[0]!, 'directory');
    const out = await withIndex(io, values, url, engine, dir, async (store) => (await store.listDocs()).length);
    if (!out.ok) return emitReport(io, makeReport(positionals[0]!, [], out.problems), values.format as OutputFormat);
    const { report, value: total, where } = out;
    const problems = url === undefined ? report.problems : redactProblems(report.problems, url);
    return emitReport(io, makeReport(positionals[0]!, [], problems), values.format as OutputFormat, {
      text: `${where}: ${total} docs indexed (${report.added.length} added, ${report.updated.length} updated, ${report.removed.length} removed, ${report.unchanged} unchanged)\n`,
      json: { [out.key]: where, engine: out.engine, docs: total, added: report.added, updated: report.updated, removed: report.removed, unchanged: report.unchanged },
    });
  },
};

/** `memkit search DIR QUERY`: full-text search over the memory docs (refreshing the index first). */
export const searchCommand: Command = {
  name: 'search',
  help: `Usage: memkit search DIR QUERY [--kind K] [--tag T] [--limit N] [--db FILE] [--engine E] [--store URL [--schema NAME]] [--format text|json|sarif]

Refreshes the index of DIR (as "memkit index" does), then searches it. Every
word of QUERY must match (plain text is safe: words are quoted). Hits come
best first (FTS5 BM25) with a snippet.

Options:
  --kind K        only docs of kind K (${KINDS_HELP}); repeatable
  --tag T         only docs tagged T; repeatable (all must match)
  --limit N       at most N hits (default 10)
  --db FILE       the database file (default DIR/${DEFAULT_DB})
${ENGINE_HELP}
${STORE_HELP}
${FORMAT_HELP}

Exit status: 0 searched (even with no hits), 1 problems found, 2 usage error
(also when DIR holds no memory docs and no index exists yet).
`,
  options: {
    kind: { type: 'string', multiple: true },
    tag: { type: 'string', multiple: true },
    limit: { type: 'string' },
    db: { type: 'string' },
    engine: { type: 'string' },
    ...storeOptions,
    format: formatOption,
  },
  async run({ values, positionals }, io) {
    if (positionals.length < 2) throw new UsageError('search takes DIR and QUERY');
    const [dirArg, ...words] = positionals as [string, ...string[]];
    const query = words.join(' ');
    const kinds = await kindsOption(values.kind);
    const limit = positiveInt(values.limit, '--limit') ?? 10;
    if (limit > 1000) throw new UsageError('--limit is at most 1000');
    const engine = engineChoice(values.engine);
    const dir = await existing(io, dirArg, 'directory');
    const tags = (values.tag as string[] | undefined) ?? [];
    const options = { limit, ...(kinds.length ? { kinds } : {}), ...(tags.length ? { tags } : {}) };
    const url = storeUrl(values, io);
    const out = await withIndex(io, values, url, engine, dir, (store) => store.search(query, options));
    if (!out.ok) return emitReport(io, makeReport(dirArg, [], out.problems), values.format as OutputFormat);
    const result = out.value;
    const found = [...out.report.problems, ...(result.ok ? [] : result.problems)];
    const problems = url === undefined ? found : redactProblems(found, url);
    const hits = result.ok ? result.value : [];
    const text = hits.length === 0 ? `no docs match "${query}"\n` : hits.map((h, i) => `${i + 1}. ${h.title}  (${h.kind}, ${h.docId})\n   ${h.path}\n   ${h.snippet.replace(/\s+/g, ' ')}\n`).join('');
    return emitReport(io, makeReport(dirArg, [], problems), values.format as OutputFormat, { text, json: { query, hits } });
  },
};
