import type { Result } from '../../kernel/problems/index.js';
import { McpContext } from './context.js';
import { Gate } from './gate.js';
import { type McpLimits, boundedResult, limitsOf, takeWithin, tooLargeResult, wireBytes } from './limits.js';
import type { MemkitMcpOptions } from './options.js';
import { type ResourceListing, type ResourceText, listResources, readResource } from './resources.js';
import { callTool, offeredTools, toolListing } from './tools.js';

/** A `tools/call` result: the JSON of a tool's result as text, `isError` with the problems on failure (a type, not an interface, so the SDK's open result type accepts it). */
export type ToolCallResult = {
  content: { type: 'text'; text: string }[];
  isError?: boolean;
};

/** What a `resources/read` came to: the text, a URI that names nothing, or a failure as the JSON of its problems. */
export type ResourceRead = { ok: true; value: ResourceText } | { ok: false; notFound: true } | { ok: false; notFound: false; message: string };

/**
 * What every session of a server shares once the directory has been read:
 * the context (its formats found), the tools offered for them, and the gate
 * that bounds the calls worked on at once. Every answer fits the limits.
 */
export interface McpCore {
  /** Names of the tools offered, in `tools/list` order. */
  tools: string[];
  /** The `tools/list` entries. */
  listing: ReturnType<typeof toolListing>[];
  /** A tool's result without a transport (through the gate). */
  call(name: string, args: unknown): Promise<Result<unknown>>;
  /** A tool's result as `tools/call` answers it (through the gate). */
  callResult(name: string, args: unknown): Promise<ToolCallResult>;
  /** A page of `resources/list` from `cursor` (an offset), within the result budget (through the gate). */
  resourcePage(cursor: string | undefined): Promise<{ resources: ResourceListing[]; nextCursor?: string }>;
  /** One resource, within the result budget (through the gate). */
  readResource(uri: string): Promise<ResourceRead>;
}

/** The MCP `CallToolResult` of a result, within `budget` bytes. */
function toolResult(result: Result<unknown>, budget: number, tool: string): ToolCallResult {
  const { value, isError } = boundedResult(result, budget, tool);
  const content = [{ type: 'text' as const, text: JSON.stringify(value) }];
  return isError ? { content, isError: true } : { content };
}

/** A page of `all` from `cursor` (an offset), within `budget` bytes. */
function page(all: ResourceListing[], cursor: string | undefined, budget: number): { resources: ResourceListing[]; nextCursor?: string } {
  const from = cursor !== undefined && /^\d{1,9}$/.test(cursor) ? Number(cursor) : 0;
  const { kept } = takeWithin(all.slice(from), budget - 256);
  const next = from + kept.length;
  return next < all.length ? { resources: kept, nextCursor: String(next) } : { resources: kept };
}

/**
 * Reads the directory as `memkit check` finds its formats and returns what
 * the handlers share. A config that cannot be used throws its problems
 * (`MemkitError`). The search index is not built here: the first search does it.
 */
export async function openCore(options: MemkitMcpOptions): Promise<McpCore> {
  const ctx = new McpContext(options);
  const limits: McpLimits = limitsOf(options);
  const gate = new Gate(limits.maxConcurrentCalls);
  await ctx.discover();
  const offered = offeredTools(ctx);
  const budget = limits.maxResultBytes;
  return {
    tools: offered.map((t) => t.name),
    listing: offered.map(toolListing),
    call: (name, args) => gate.run(() => callTool(ctx, name, args)),
    callResult: (name, args) => gate.run(async () => toolResult(await callTool(ctx, name, args), budget, String(name))),
    resourcePage: async (cursor) => page(await gate.run(() => listResources(ctx)), cursor, budget),
    readResource: async (uri) => {
      const read = await gate.run(() => readResource(ctx, uri));
      if (read.ok && wireBytes(read.value) > budget) return { ok: false, notFound: false, message: JSON.stringify({ ok: false, problems: [tooLargeResult(uri, budget)] }) };
      if (read.ok) return { ok: true, value: read.value };
      if (read.problems[0]?.code === 'memory.not-found') return { ok: false, notFound: true };
      return { ok: false, notFound: false, message: JSON.stringify(boundedResult(read, budget, 'resources/read').value) };
    },
  };
}
