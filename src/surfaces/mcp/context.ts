import { type Hasher, jsHasher, sha256Hex } from '../../kernel/canonical/index.js';
import { CONFIG_FILE, type FileSlice, type FormatId, type MemkitConfig, checkDirectory, classifyPath, layoutOf } from '../../engine/index.js';
import { loadConfig } from '../../engine/config.js';
import { RULES } from '../../engine/rules.js';
import { DEFAULT_WRITER_POLICY, type WriterPolicy, withWriters } from '../../services/ledger/index.js';
import { MemkitError, type Problem, type Result, error, fail, ok, warning } from '../../kernel/problems/index.js';
import { messageOf } from '../../kernel/problems/message-of.js';
import { type FilePort, type Store, memoryStore, refreshIndex } from '../../services/store/index.js';
import { shown } from './limits.js';
import type { MemkitMcpOptions } from './options.js';

const decoder = new TextDecoder('utf-8', { fatal: true });
const encoder = new TextEncoder();

/** The problems of a thrown `MemkitError`, told by shape: the CommonJS build gives each entry its own copy of the class. */
export function memkitProblems(cause: unknown): Problem[] | undefined {
  const c = cause as { name?: unknown; problems?: unknown } | null;
  return c?.name === 'MemkitError' && Array.isArray(c.problems) ? [...(c.problems as Problem[])] : undefined;
}

/** The problems a port threw (`fs.bad-path`, `fs.outside-root`, …), or one `mcp.internal-error`. */
export function problemsOf(cause: unknown): Problem[] {
  return memkitProblems(cause) ?? [error('mcp.internal-error', messageOf(cause))];
}

/** `bytes` as strict UTF-8 text, or `input.invalid-utf8` naming `path`. */
export function decodeUtf8(bytes: Uint8Array, path: string): Result<string> {
  try {
    return ok(decoder.decode(bytes));
  } catch {
    return fail([error('input.invalid-utf8', 'the file is not valid UTF-8', { file: path })]);
  }
}

/** What every tool shares: the ports, the formats found, the search store and the write queue (one write at a time, under the cross-process lock when given). */
export class McpContext {
  readonly files: FilePort;
  readonly hasher: Hasher;
  readonly store: Store;
  /** Path → format of every memkit file found (sniffed formats included, as `check` found them). */
  formats = new Map<string, FormatId>();
  private queue: Promise<unknown> = Promise.resolve();

  constructor(readonly options: MemkitMcpOptions) {
    this.files = checkedFiles(this, options.files);
    this.hasher = options.hasher ?? jsHasher;
    this.store = options.store ?? memoryStore({ hasher: this.hasher });
  }

  /** Finds the directory's formats as `memkit check` does; a config that cannot be used throws its problems (`MemkitError`). */
  async discover(): Promise<void> {
    const config = await this.config();
    if (!config.ok) throw new MemkitError(config.problems);
    const report = await checkDirectory(this.options.source, { hasher: this.hasher, codes: RULES });
    this.formats = new Map(report.checked.map((c) => [c.file, c.format]));
  }

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

  /** The format of `path`: one found or written, or one its name alone gives (a doc another process added); undefined for any other file. */
  async formatOf(path: string): Promise<FormatId | undefined> {
    const known = this.formats.get(path);
    if (known !== undefined) return known;
    const listing = await this.options.source.list();
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
    return loadConfig(this.options.source, absent, RULES);
  }

  /** The writer policy: the seed's rosters with the config's `memoryBank.writers` over them; the config's problems when it cannot be used. */
  async writerPolicy(): Promise<Result<WriterPolicy>> {
    const config = await this.config();
    if (!config.ok) return config;
    const writers = config.value?.memoryBank?.writers;
    return ok(writers === undefined ? DEFAULT_WRITER_POLICY : withWriters(writers));
  }

  /** Brings the search index up to date with the docs on disk (only changed files are parsed). */
  async refresh(): Promise<Problem[]> {
    const refused: Problem[] = [];
    const report = await refreshIndex(this.store, skippingRefused(this.files, refused), { hasher: this.hasher });
    return [...refused, ...report.problems];
  }

  /** Runs `fn` after every earlier write of this process, holding the cross-process lock at `lock`; refused while the config cannot be used. */
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

/**
 * Reads up to `length` bytes of `path` from `offset` as every read of the
 * server does: through the checker's source (with `memkit check`'s
 * refusals), following a symbolic link only to a memory file (else
 * `mcp.link-not-memory`, the target never read). `undefined`: no such file.
 */
export async function readChecked(ctx: McpContext, path: string, offset: number, length: number): Promise<Result<FileSlice | undefined>> {
  const source = ctx.options.source;
  let slice: Result<FileSlice | undefined>;
  if (source.slice !== undefined) slice = await source.slice(path, offset, length);
  else {
    const bytes = await ctx.options.files.read(path);
    slice = ok(bytes === undefined ? undefined : { bytes: bytes.subarray(offset, offset + length), size: bytes.length, target: path });
  }
  if (!slice.ok || slice.value === undefined || slice.value.target === path) return slice;
  // The config is the checker's to follow as it does; everything else must lead to memory.
  if (path === CONFIG_FILE || (await ctx.formatOf(slice.value.target)) !== undefined) return slice;
  return fail([error('mcp.link-not-memory', `this symbolic link leads to ${shown(slice.value.target, 200)}, which is not a memory file; it was not followed`, { file: path })]);
}

/** `files` with every read through {@link readChecked} (a refusal throws `MemkitError`); the rest of the port is `files`' own. */
function checkedFiles(ctx: McpContext, files: FilePort): FilePort {
  return withRead(files, async (path) => {
    const read = await readChecked(ctx, path, 0, Number.POSITIVE_INFINITY);
    if (!read.ok) throw new MemkitError(read.problems);
    return read.value?.bytes;
  });
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
