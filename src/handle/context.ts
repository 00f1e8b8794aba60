import { type Hasher, jsHasher, sha256Hex } from '../kernel/canonical/index.js';
import { CONFIG_FILE, type CheckSource, type FormatId, type MemkitConfig, checkDirectory, classifyPath, layoutOf, sourceFromFilePort } from '../engine/index.js';
import { loadConfig } from '../engine/config.js';
import { RULES } from '../engine/rules.js';
import { type Appended, DEFAULT_WRITER_POLICY, type LedgerFormatId, type WriteOperation, type WriterPolicy, checkWrite, withWriters } from '../services/ledger/index.js';
import { MemkitError, type Problem, type Result, error, fail, ok, warning } from '../kernel/problems/index.js';
import { messageOf } from '../kernel/problems/message-of.js';
import { type FilePort, type Store, memoryStore, refreshIndex } from '../services/store/index.js';

const decoder = new TextDecoder('utf-8', { fatal: true });
const encoder = new TextEncoder();

/** Runs `fn` holding the cross-process lock at `path` (relative to the memory directory). */
export type WithLock = <T>(path: string, fn: () => Promise<T>) => Promise<Result<T>>;

/** Appends one ledger entry under the ledger's lock, filling id, timestamp and chain from the file as it is then. */
export type AppendLedger = (path: string, draft: Record<string, unknown>, format: LedgerFormatId) => Promise<Result<Appended>>;

/** What a memory handle is opened over: the directory as a file port, and the capabilities it may use. */
export interface MemoryOptions {
  /** The memory directory: paths relative and `/`-separated, confined to it, writes atomic. */
  files: FilePort;
  /** The checker's view of the same directory (default: `files` read as `check` reads a directory). */
  source?: CheckSource;
  /** The search store (default an in-memory store), kept fresh from the memory docs before each search. */
  store?: Store;
  /** SHA-256 (default the portable JS one; `memkit/node` passes node:crypto's). */
  hasher?: Hasher;
  /** The clock for timestamps (default `new Date()`). */
  now?: () => Date;
  /** A cross-process lock (`memkit/node` passes its lock files); without it writes are serialized within this handle only. */
  withLock?: WithLock;
  /** An append that reads only a ledger's tail (`memkit/node` passes `appendEntry`); without it a ledger is rewritten whole, atomically. */
  appendLedger?: AppendLedger;
  /**
   * Fingerprints of `secret.detected` findings this handle's writes may store (besides the config's
   * `secrets.allow`): every other secret refuses the write, with nothing written.
   */
  allowSecrets?: readonly string[];
}

/** The problems of a thrown `MemkitError`, told by shape so a copy of the class from another bundle counts too. */
export function memkitProblems(cause: unknown): Problem[] | undefined {
  const c = cause as { name?: unknown; problems?: unknown } | null;
  return c?.name === 'MemkitError' && Array.isArray(c.problems) ? [...(c.problems as Problem[])] : undefined;
}

/** The problems a port threw (`fs.bad-path`, `fs.outside-root`, …), or one `code` problem (default `memory.io-error`) with its message. */
export function problemsOf(cause: unknown, code = 'memory.io-error'): Problem[] {
  return memkitProblems(cause) ?? [error(code, messageOf(cause))];
}

/** A value the caller gave, for a message: JSON-quoted and cut to `max` characters with the full length said. */
export function shown(value: unknown, max = 80): string {
  const text = typeof value === 'string' ? value : String(value);
  if (text.length <= max) return JSON.stringify(text);
  return `${JSON.stringify(text.slice(0, max))}… (${text.length} characters)`;
}

/** `bytes` as strict UTF-8 text, or `input.invalid-utf8` naming `path`. */
export function decodeUtf8(bytes: Uint8Array, path: string): Result<string> {
  try {
    return ok(decoder.decode(bytes));
  } catch {
    return fail([error('input.invalid-utf8', 'the file is not valid UTF-8', { file: path })]);
  }
}

/** The bytes and strict UTF-8 text of the file at `path`: `memory.not-found` when it is not there, the port's problems when the read is refused. */
export async function readText(ctx: MemoryContext, path: string): Promise<Result<{ bytes: Uint8Array; text: string }>> {
  let bytes: Uint8Array | undefined;
  try {
    bytes = await ctx.files.read(path);
  } catch (cause) {
    return fail(problemsOf(cause).map((p) => ({ ...p, file: p.file ?? path })));
  }
  if (bytes === undefined) return fail([error('memory.not-found', `${shown(path)} no longer exists`, { file: path })]);
  const text = decodeUtf8(bytes, path);
  return text.ok ? ok({ bytes, text: text.value }) : text;
}

/**
 * What every operation on a memory directory shares: the ports, the formats
 * found, the search store and the write queue (one write at a time, under the
 * cross-process lock when one is given).
 */
export class MemoryContext<O extends MemoryOptions = MemoryOptions> {
  readonly files: FilePort;
  readonly source: CheckSource;
  readonly hasher: Hasher;
  readonly store: Store;
  /** Path → format of every memkit file found (sniffed formats included, as `check` found them). */
  formats = new Map<string, FormatId>();
  private queue: Promise<unknown> = Promise.resolve();

  constructor(readonly options: O) {
    this.files = this.portOver(options.files);
    this.source = options.source ?? sourceFromFilePort(options.files);
    this.hasher = options.hasher ?? jsHasher;
    this.store = options.store ?? memoryStore({ hasher: this.hasher });
  }

  /** The port every read and write goes through (a subclass may confine reads further). */
  protected portOver(files: FilePort): FilePort {
    return files;
  }

  /** Finds the directory's formats as `memkit check` does; a config that cannot be used throws its problems (`MemkitError`). */
  async discover(): Promise<void> {
    const config = await this.config();
    if (!config.ok) throw new MemkitError(config.problems);
    const report = await checkDirectory(this.source, { hasher: this.hasher, codes: RULES });
    this.formats = new Map(report.checked.map((c) => [c.file, c.format]));
  }

  /** True when a file of `format` was found. */
  has(format: FormatId): boolean {
    return [...this.formats.values()].includes(format);
  }

  /** Paths of the files of `format`, sorted. */
  pathsOf(format: FormatId): string[] {
    return [...this.formats]
      .filter(([, f]) => f === format)
      .map(([p]) => p)
      .sort();
  }

  /** The format of `path`: one found or written, or one its name alone gives (a file another process added); undefined for any other file. */
  async formatOf(path: string): Promise<FormatId | undefined> {
    const known = this.formats.get(path);
    if (known !== undefined) return known;
    const listing = await this.source.list();
    if (!listing.files.some((f) => f.path === path)) return undefined;
    const cls = classifyPath(path, layoutOf(listing.files.map((f) => f.path)));
    return cls !== undefined && 'format' in cls ? cls.format : undefined;
  }

  now(): Date {
    return this.options.now?.() ?? new Date();
  }

  /** `now()` as RFC 3339 without milliseconds, as the example memories write it. */
  timestamp(): string {
    return this.now()
      .toISOString()
      .replace(/\.\d{3}Z$/, 'Z');
  }

  hash(bytes: Uint8Array): string {
    return sha256Hex(bytes, this.hasher);
  }

  encode(text: string): Uint8Array {
    return encoder.encode(text);
  }

  /** The directory's config as it is now (`null`: none), by `memkit check`'s loader, or its problems (which refuse every write). */
  async config(): Promise<Result<MemkitConfig | null>> {
    // Absent when the checked read finds no file; a refused read (a link out, a FIFO) is a config the loader reports.
    const absent = async () => (await this.files.read(CONFIG_FILE).catch(() => null)) === undefined;
    return loadConfig(this.source, absent, RULES);
  }

  /** The writer policy: the seed's rosters with the config's `memoryBank.writers` over them; the config's problems when it cannot be used. */
  async writerPolicy(): Promise<Result<WriterPolicy>> {
    const config = await this.config();
    if (!config.ok) return config;
    const writers = config.value?.memoryBank?.writers;
    return ok(writers === undefined ? DEFAULT_WRITER_POLICY : withWriters(writers));
  }

  /**
   * The writer policy, when it lets `agent` do `operation` on `path`; else the
   * policy's refusal (`ledger.writer-denied`, placed at `where`) or the config's problems.
   */
  async permit(agent: string, path: string, operation: WriteOperation, where: { pointer: string; line?: number } = { pointer: '/as' }): Promise<Result<WriterPolicy>> {
    const policy = await this.writerPolicy();
    if (!policy.ok) return policy;
    const denied = checkWrite(policy.value, agent, path, operation).filter((p) => p.severity === 'error');
    return denied.length > 0 ? fail(denied.map((p) => ({ ...p, ...where }))) : policy;
  }

  /** Brings the search index up to date with the docs on disk (only changed files are parsed). */
  async refresh(): Promise<Problem[]> {
    const refused: Problem[] = [];
    const report = await refreshIndex(this.store, skippingRefused(this.files, refused), { hasher: this.hasher });
    return [...refused, ...report.problems];
  }

  /** Runs `fn` after every earlier write of this context, holding the cross-process lock at `lock`; refused while the config cannot be used. */
  exclusive<T>(lock: string, fn: () => Promise<Result<T>>): Promise<Result<T>> {
    const run = async (): Promise<Result<T>> => {
      const config = await this.config();
      if (!config.ok) return fail(config.problems);
      if (this.options.withLock === undefined) return fn();
      const held = await this.options.withLock(lock, fn);
      return held.ok ? held.value : fail(held.problems);
    };
    const next = this.queue.then(run, run);
    this.queue = next.catch(() => undefined);
    return next;
  }
}

/** `files` whose refused reads count as missing files, each refusal kept in `refused` as a warning: a search skips a FIFO or a link to `.env`, and says so. */
function skippingRefused(files: FilePort, refused: Problem[]): FilePort {
  return withRead(files, async (path) => {
    try {
      return await files.read(path);
    } catch (cause) {
      const problems = memkitProblems(cause);
      if (problems === undefined) throw cause;
      for (const p of problems) refused.push(warning(p.code, p.message, { file: p.file ?? path }));
      return undefined;
    }
  });
}

/** `files` with another `read`; its other calls (and the search index's fingerprint listing, when it has one) go to `files`. */
export function withRead(files: FilePort, read: FilePort['read']): FilePort {
  const port: FilePort & { listFingerprints?: unknown } = {
    read,
    write: (path, data) => files.write(path, data),
    rename: (from, to) => files.rename(from, to),
    remove: (path) => files.remove(path),
    list: (prefix) => files.list(prefix),
  };
  const fingerprints = (files as { listFingerprints?: (prefix: string) => Promise<unknown> }).listFingerprints;
  if (typeof fingerprints === 'function') port.listFingerprints = (prefix: string) => fingerprints.call(files, prefix);
  return port;
}
