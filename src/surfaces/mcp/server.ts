import { ProtocolError, ProtocolErrorCode, ResourceNotFoundError, Server } from '@modelcontextprotocol/server';
import { type Problem, type Result, error } from '../../kernel/problems/index.js';
import type { McpCore } from './core.js';
import type { MemkitMcpOptions } from './options.js';

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

/** A server whose directory is read on the first request that needs it (see {@link lazyMemkitMcpServer}). */
export interface LazyMemkitMcpServer {
  /** The SDK's low-level server; it answers `initialize` without reading the directory. */
  server: Server;
  /** Another SDK server over the same directory and state, for one more transport (an HTTP session). */
  newSession(): Server;
  /** Reads the directory (once; again after a failure) and returns what the sessions share; a config that cannot be used throws its problems. */
  core(): Promise<McpCore>;
}

const INSTRUCTIONS = 'Memory files of this directory: search and read docs, verify ledgers; writes keep every format rule or are refused with the problems.';

/** The problems of a failure to read the directory (a config that cannot be used, a port that failed). */
function problemsOf(cause: unknown): Problem[] {
  const problems = (cause as { problems?: unknown } | null)?.problems;
  return Array.isArray(problems) ? (problems as Problem[]) : [error('mcp.internal-error', cause instanceof Error ? cause.message : String(cause))];
}

/**
 * An MCP server over the directory `load` gives, that answers `initialize`
 * at once: the modules that read memory files are imported, and the
 * directory's formats found (as `memkit check` finds them), on the first
 * request that needs them (`tools/list`, a tool call, a resource); the search
 * index on the first search. `memkit mcp` serves this, so a client connects
 * in the time the SDK takes to load. `onReady` hears the tools offered once
 * the directory has been read.
 */
export function lazyMemkitMcpServer(
  load: () => Promise<MemkitMcpOptions>,
  serverInfo: { name: string; version: string } = { name: 'memkit', version: '0' },
  onReady?: (tools: string[]) => void,
): LazyMemkitMcpServer {
  let opening: Promise<McpCore> | undefined;
  const core = (): Promise<McpCore> => {
    opening ??= (async () => {
      const [{ openCore }, options] = await Promise.all([import('./core.js'), load()]);
      const opened = await openCore(options);
      onReady?.(opened.tools);
      return opened;
    })();
    // A failure (a config that cannot be used) is not kept: the next request reads the directory again.
    opening.catch(() => {
      opening = undefined;
    });
    return opening;
  };
  const protocolError = (cause: unknown) => new ProtocolError(ProtocolErrorCode.InternalError, JSON.stringify({ ok: false, problems: problemsOf(cause) }));
  const opened = async (): Promise<McpCore> => {
    try {
      return await core();
    } catch (cause) {
      throw protocolError(cause);
    }
  };
  const newSession = (): Server => {
    const server = new Server(serverInfo, { capabilities: { tools: { listChanged: false }, resources: { listChanged: false } }, instructions: INSTRUCTIONS });
    server.setRequestHandler('tools/list', async () => ({ tools: (await opened()).listing as never }));
    server.setRequestHandler('tools/call', async (request) => {
      let c: McpCore;
      try {
        c = await core();
      } catch (cause) {
        return { content: [{ type: 'text' as const, text: JSON.stringify({ ok: false, problems: problemsOf(cause) }) }], isError: true };
      }
      return c.callResult(request.params.name, request.params.arguments);
    });
    server.setRequestHandler('resources/list', async (request) => (await opened()).resourcePage(request.params?.cursor));
    server.setRequestHandler('resources/read', async (request) => {
      const read = await (await opened()).readResource(request.params.uri);
      if (read.ok) return { contents: [read.value] };
      if (read.notFound) throw new ResourceNotFoundError(request.params.uri);
      throw new ProtocolError(ProtocolErrorCode.InternalError, read.message);
    });
    return server;
  };
  return { server: newSession(), newSession, core };
}

/**
 * Creates memkit's MCP server over a directory given as ports: the tools
 * that apply to its formats (with `write`, the write tools too) and its
 * resources. A tool failure is a tool error whose text is
 * `{ ok: false, problems }`; every result fits `limits.maxResultBytes`.
 * The directory's formats are found before it returns (a config that cannot
 * be used rejects with its problems); the search index is built by the first search.
 *
 * @example
 * import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
 * declare const dir: string;
 * const mcp = await createMemkitMcpServer({ files: nodeFiles(dir), source: nodeCheckSource(dir) });
 * await mcp.server.connect(new StdioServerTransport());
 */
export async function createMemkitMcpServer(options: MemkitMcpOptions): Promise<MemkitMcpServer> {
  const lazy = lazyMemkitMcpServer(async () => options, options.serverInfo);
  const core = await lazy.core();
  return {
    server: lazy.server,
    newSession: lazy.newSession,
    tools: core.tools,
    call: (name, args) => core.call(name, args),
    close: () => lazy.server.close(),
  };
}
