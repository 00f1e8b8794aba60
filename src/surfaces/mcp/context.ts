import { type Hasher, jsHasher, sha256Hex } from '../../kernel/canonical/index.js';
import { CONFIG_FILE, type FormatId, type MemkitConfig, checkDirectory, classifyPath, layoutOf } from '../../engine/index.js';
import { loadConfig } from '../../engine/config.js';
import { RULES } from '../../engine/rules.js';
import { DEFAULT_WRITER_POLICY, type WriterPolicy, withWriters } from '../../services/ledger/index.js';
import { MemkitError, type Problem, type Result, error, fail, ok } from '../../kernel/problems/index.js';
import { type FilePort, type Store, memoryStore, refreshIndex } from '../../services/store/index.js';
import { checkedFiles, skippingRefused } from './file-reads.js';
import type { MemkitMcpOptions } from './options.js';

const decoder = new TextDecoder('utf-8', { fatal: true });
const encoder = new TextEncoder();

/** The problems a port threw (`fs.bad-path`, `fs.outside-root`, …), or one `mcp.internal-error`. */
export function problemsOf(cause: unknown): Problem[] {
  // By shape, not instanceof: the CommonJS build gives each entry its own copy of the class.
  const problems = (cause as { name?: unknown; problems?: unknown } | null)?.problems;
  if ((cause as { name?: unknown } | null)?.name === 'MemkitError' && Array.isArray(problems)) return [...(problems as Problem[])];
  return [error('mcp.internal-error', cause instanceof Error ? cause.message : String(cause))];
}

/**
 * What every tool shares: the ports, the formats found under the directory,
 * the search store and a write queue. Writes run one at a time in this
 * process, and under the directory's cross-process lock when the CLI gives one.
 */
export class McpContext {
  readonly files: FilePort;
  readonly hasher: Hasher;
  readonly store: Store;
  /** Path → format of every memkit file found (sniffed formats included, as `check` found them). */
  formats = new Map<string, FormatId>();
  private queue: Promise<unknown> = Promise.resolve();

  constructor(readonly options: MemkitMcpOptions) {
    // Every read with check's refusals, and links followed only to memory files.
    this.files = checkedFiles(this, options.files);
    this.hasher = options.hasher ?? jsHasher;
    this.store = options.store ?? memoryStore({ hasher: this.hasher });
  }

  /**
   * Finds the directory's formats the way `memkit check` does. A config file
   * that cannot be used throws its problems (`MemkitError`): the server does
   * not start with other rules than the user's.
   */
  async discover(): Promise<void> {
    const config = await this.config();
    if (!config.ok) throw new MemkitError(config.problems);
    const report = await checkDirectory(this.options.source, { hasher: this.hasher, codes: RULES });
    this.formats = new Map(report.checked.map((c) => [c.file, c.format]));
  }

  /** True when a file of `format` was found. */
  has(format: FormatId): boolean {
    for (const f of this.formats.values()) if (f === format) return true;
    return false;
  }

  /** Paths of the files of `format`, sorted. */
  pathsOf(format: FormatId): string[] {
    return [...this.formats]
      .filter(([, f]) => f === format)
      .map(([p]) => p)
      .sort();
  }

  /**
   * The format of `path` when it is a memkit file: one found at start or
   * written since, or one whose name alone says its format (a doc added by
   * another process). Anything else is not read.
   */
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

  /** The text of `path` (strict UTF-8), `undefined` when it does not exist; a refused path throws the port's problem. */
  async readText(path: string): Promise<string | undefined> {
    const bytes = await this.files.read(path);
    return bytes === undefined ? undefined : decoder.decode(bytes);
  }

  encode(text: string): Uint8Array {
    return encoder.encode(text);
  }

  /**
   * The directory's `memkit.config.json` as it is now (`null`: none), read
   * by the loader `memkit check` uses, or its problems: a config edited into
   * something invalid while the server runs refuses every write.
   */
  async config(): Promise<Result<MemkitConfig | null>> {
    return loadConfig(
      this.options.source,
      async () => {
        try {
          return (await this.files.read(CONFIG_FILE)) === undefined;
        } catch {
          return false;
        }
      },
      RULES,
    );
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

  /** Runs `fn` after every earlier write of this process, holding the cross-process lock at `lock`; refused with the config's problems when the config cannot be used. */
  exclusive<T>(lock: string, fn: () => Promise<Result<T>>): Promise<Result<T>> {
    const run = async (): Promise<Result<T>> => {
      // Every write but append runs here; append reads the config through writerPolicy.
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
