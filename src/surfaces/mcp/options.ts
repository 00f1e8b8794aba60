import type { Hasher } from '../../kernel/canonical/index.js';
import type { CheckSource } from '../../engine/index.js';
import type { Appended, LedgerFormatId } from '../../services/ledger/index.js';
import type { Result } from '../../kernel/problems/index.js';
import type { FilePort, Store } from '../../services/store/index.js';
import type { McpLimits } from './limits.js';

/** What the MCP server is given: the served directory as ports (`memkit mcp` passes `memkit/node`'s), and whether it may write. */
export interface MemkitMcpOptions {
  /** The served directory: paths relative and `/`-separated, confined to it, writes atomic. */
  files: FilePort;
  /** The checker's view of the same directory (`check`, and the check every write must pass). */
  source: CheckSource;
  /** Offer and accept the write tools (remember, append, task, thread); default false. */
  write?: boolean;
  /** Appends one ledger entry under the ledger's lock, filling id, timestamp and chain (`memkit/node`'s `appendEntry`); without it no `append`. */
  appendLedger?: (path: string, draft: Record<string, unknown>, format: LedgerFormatId) => Promise<Result<Appended>>;
  /** Runs `fn` holding the cross-process lock at `path`; without it writes are serialized within this process only. */
  withLock?: <T>(path: string, fn: () => Promise<T>) => Promise<Result<T>>;
  /** SHA-256 (default the portable JS one; the CLI passes node:crypto's). */
  hasher?: Hasher;
  /** The clock for timestamps (default `new Date()`). */
  now?: () => Date;
  /** The search store (default an in-memory store), kept fresh from the memory docs before each search. */
  store?: Store;
  /** The name and version the server reports to clients. */
  serverInfo?: { name: string; version: string };
  /** Caps on what the server returns and does at once ({@link McpLimits}). */
  limits?: Partial<McpLimits>;
}
