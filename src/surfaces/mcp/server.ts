import { ProtocolError, ProtocolErrorCode, ResourceNotFoundError, Server } from '@modelcontextprotocol/server';
import type { Result } from '../../kernel/problems/index.js';
import { McpContext } from './context.js';
import type { MemkitMcpOptions } from './options.js';
import { Gate } from './gate.js';
import { boundedResult, limitsOf, takeWithin, tooLargeResult, wireBytes } from './limits.js';
import { type ResourceListing, listResources, readResource } from './resources.js';
import { callTool, offeredTools, toolListing } from './tools.js';

/** A memkit MCP server: the SDK server to connect to a transport, and the same calls without one. */
export interface MemkitMcpServer {
  /** The SDK's low-level server; `await server.connect(transport)` serves it. */
  server: Server;
  /** Another SDK server over the same directory and state, for one more transport (an HTTP session). */
  newSession(): Server;
  /** Names of the tools offered (`tools/list`). */
  tools: string[];
  /** Calls a tool without a transport: `{ ok, value }` or `{ ok: false, problems }` (paged as over a transport, through the same concurrency limit). */
  call(name: string, args?: unknown): Promise<Result<unknown>>;
  /** Closes the server and its transport. */
  close(): Promise<void>;
}

/** The MCP `CallToolResult` of a result, within `budget` bytes: its JSON as text, `isError` with the problems on failure. */
function toolResult(result: Result<unknown>, budget: number, tool: string): { content: { type: 'text'; text: string }[]; isError?: boolean } {
  const { value, isError } = boundedResult(result, budget, tool);
  const content = [{ type: 'text' as const, text: JSON.stringify(value) }];
  return isError ? { content, isError: true } : { content };
}

/** A page of `resources/list` from `cursor` (an offset), within `budget` bytes. */
function resourcePage(all: ResourceListing[], cursor: string | undefined, budget: number): { resources: ResourceListing[]; nextCursor?: string } {
  const from = cursor !== undefined && /^\d{1,9}$/.test(cursor) ? Number(cursor) : 0;
  const { kept } = takeWithin(all.slice(from), budget - 256);
  const next = from + kept.length;
  return next < all.length ? { resources: kept, nextCursor: String(next) } : { resources: kept };
}

/**
 * Creates memkit's MCP server over a directory given as ports: the tools
 * that apply to its formats (with `write`, the write tools too) and its
 * resources. A tool failure is a tool error whose text is
 * `{ ok: false, problems }`; every result fits `limits.maxResultBytes`.
 *
 * @example
 * import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
 * declare const dir: string;
 * const mcp = await createMemkitMcpServer({ files: nodeFiles(dir), source: nodeCheckSource(dir) });
 * await mcp.server.connect(new StdioServerTransport());
 */
export async function createMemkitMcpServer(options: MemkitMcpOptions): Promise<MemkitMcpServer> {
  const ctx = new McpContext(options);
  const limits = limitsOf(options);
  // One gate for every session: all clients share its slots.
  const gate = new Gate(limits.maxConcurrentCalls);
  await ctx.discover();
  const offered = offeredTools(ctx);
  const listing = offered.map(toolListing);
  const newSession = (): Server => {
    const server = new Server(options.serverInfo ?? { name: 'memkit', version: '0' }, {
      capabilities: { tools: { listChanged: false }, resources: { listChanged: false } },
      instructions: 'Memory files of this directory: search and read docs, verify ledgers; writes keep every format rule or are refused with the problems.',
    });
    server.setRequestHandler('tools/list', () => ({ tools: listing as never }));
    server.setRequestHandler('tools/call', (request) =>
      gate.run(async () => toolResult(await callTool(ctx, request.params.name, request.params.arguments), limits.maxResultBytes, String(request.params.name))),
    );
    server.setRequestHandler('resources/list', async (request) => resourcePage(await gate.run(() => listResources(ctx)), request.params?.cursor, limits.maxResultBytes));
    server.setRequestHandler('resources/read', async (request) => {
      const read = await gate.run(() => readResource(ctx, request.params.uri));
      if (read.ok && wireBytes(read.value) > limits.maxResultBytes) {
        const problem = tooLargeResult(request.params.uri, limits.maxResultBytes);
        throw new ProtocolError(ProtocolErrorCode.InternalError, JSON.stringify({ ok: false, problems: [problem] }));
      }
      if (read.ok) return { contents: [read.value] };
      if (read.problems[0]?.code === 'memory.not-found') throw new ResourceNotFoundError(request.params.uri);
      throw new ProtocolError(ProtocolErrorCode.InternalError, JSON.stringify(boundedResult(read, limits.maxResultBytes, 'resources/read').value));
    });
    return server;
  };
  const server = newSession();
  return {
    server,
    newSession,
    tools: offered.map((t) => t.name),
    call: (name, args) => gate.run(() => callTool(ctx, name, args)),
    close: () => server.close(),
  };
}
