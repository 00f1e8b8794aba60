import type { CheckSource } from '../../engine/index.js';
import type { MemoryOptions } from '../../handle/context.js';
import type { McpLimits } from './limits.js';

/** What the MCP server is given: the served directory as ports (`memkit mcp` passes `memkit/node`'s), and whether it may write. */
export interface MemkitMcpOptions extends MemoryOptions {
  /** The checker's view of the served directory (`check`, and the check every write must pass). */
  source: CheckSource;
  /** Offer and accept the write tools (remember, append, task, thread); default false. Without `appendLedger`, no `append`. */
  write?: boolean;
  /** The name and version the server reports to clients. */
  serverInfo?: { name: string; version: string };
  /** Caps on what the server returns and does at once ({@link McpLimits}). */
  limits?: Partial<McpLimits>;
}
