import { ProtocolError, ProtocolErrorCode, ResourceNotFoundError, Server } from '@modelcontextprotocol/server';
import type { Result } from '../problems/index.js';
import { McpContext } from './context.js';
import type { MemkitMcpOptions } from './options.js';
import { listResources, readResource } from './resources.js';
import { callTool, offeredTools, toolListing } from './tools.js';

/** A memkit MCP server: the SDK server to connect to a transport, and the same calls without one. */
export interface MemkitMcpServer {
  /** The SDK's low-level server; `await server.connect(transport)` serves it. */
  server: Server;
  /** Another SDK server over the same directory and state, for one more transport (an HTTP session). */
  newSession(): Server;
  /** Names of the tools offered (`tools/list`). */
  tools: string[];
  /** Calls a tool without a transport: `{ ok, value }` or `{ ok: false, problems }`. */
  call(name: string, args?: unknown): Promise<Result<unknown>>;
  /** Closes the server and its transport. */
  close(): Promise<void>;
}

/** The MCP `CallToolResult` of a result: its JSON as text, `isError` with the problems on failure. */
function toolResult(result: Result<unknown>): { content: { type: 'text'; text: string }[]; isError?: boolean } {
  if (!result.ok) return { content: [{ type: 'text', text: JSON.stringify({ ok: false, problems: result.problems }) }], isError: true };
  const warnings = result.problems ?? [];
  const value = warnings.length > 0 && typeof result.value === 'object' && result.value !== null ? { ...result.value, warnings } : result.value;
  return { content: [{ type: 'text', text: JSON.stringify(value) }] };
}

/**
 * Creates memkit's MCP server over a directory given as ports (see
 * {@link MemkitMcpOptions}): the tools that apply to its formats (search,
 * read, check, verify, history, ready; with `write`, remember, append,
 * task, thread) and its resources (each memory doc, the manifest, each
 * ledger's head and checkpoint). Every tool failure is a tool error whose
 * text is `{ ok: false, problems }`, never a protocol error or a crash.
 *
 * @example
 * const mcp = await createMemkitMcpServer({ files: nodeFiles(dir), source: nodeCheckSource(dir) });
 * await mcp.server.connect(new StdioServerTransport());
 */
export async function createMemkitMcpServer(options: MemkitMcpOptions): Promise<MemkitMcpServer> {
  const ctx = new McpContext(options);
  await ctx.discover();
  const offered = offeredTools(ctx);
  const listing = offered.map(toolListing);
  const newSession = (): Server => {
    const server = new Server(options.serverInfo ?? { name: 'memkit', version: '0' }, {
      capabilities: { tools: { listChanged: false }, resources: { listChanged: false } },
      instructions: 'Memory files of this directory: search and read docs, verify ledgers; writes keep every format rule or are refused with the problems.',
    });
    server.setRequestHandler('tools/list', () => ({ tools: listing as never }));
    server.setRequestHandler('tools/call', async (request) => toolResult(await callTool(ctx, request.params.name, request.params.arguments)));
    server.setRequestHandler('resources/list', async () => ({ resources: await listResources(ctx) }));
    server.setRequestHandler('resources/read', async (request) => {
      const read = await readResource(ctx, request.params.uri);
      if (read.ok) return { contents: [read.value] };
      if (read.problems[0]?.code === 'mcp.not-found') throw new ResourceNotFoundError(request.params.uri);
      throw new ProtocolError(ProtocolErrorCode.InternalError, JSON.stringify({ ok: false, problems: read.problems }));
    });
    return server;
  };
  const server = newSession();
  return {
    server,
    newSession,
    tools: offered.map((t) => t.name),
    call: (name, args) => callTool(ctx, name, args),
    close: () => server.close(),
  };
}
