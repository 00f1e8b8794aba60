import { lstat } from 'node:fs/promises';
import { join } from 'node:path';
import { type Command, UsageError } from '../command.js';
import { type CliIo, EXIT } from '../io.js';
import { memkitVersion } from '../version.js';
import { byteSize, existing, positiveInt, shown } from './args.js';

/** The largest message either transport accepts (64 MiB): larger than any tool's argument limit, so an oversized argument gets its Problem, not a dropped connection. */
const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;
/** Files larger than this are not read by any tool, unless `--max-file-size` says otherwise (as in `memkit check`). */
const MAX_FILE_BYTES = 64 * 1024 * 1024;
/** Connections `--http` holds open at once unless `--max-connections` says otherwise. */
const DEFAULT_MAX_CONNECTIONS = 64;
/** Seconds a client has to send a whole request unless `--request-timeout` says otherwise (Node's default is 300). */
const DEFAULT_REQUEST_TIMEOUT_S = 30;
/** The longest wait for a request's headers (seconds), or the request timeout when that is shorter. */
const HEADERS_TIMEOUT_S = 10;
/** How long an idle keep-alive connection stays open between requests. */
const KEEP_ALIVE_TIMEOUT_MS = 5_000;
/** After SIGINT/SIGTERM, how long open connections (an SSE stream, a request under way) have to finish before they are cut. */
const SHUTDOWN_GRACE_MS = 2_000;

/** `memkit mcp [DIR] [--write] [--http PORT]`: the memory under DIR as an MCP server. */
export const mcpCommand: Command = {
  name: 'mcp',
  help: `Usage: memkit mcp [DIR] [--write] [--max-file-size SIZE]
                  [--http PORT [--max-connections N] [--request-timeout SECONDS]]

Serves the memory files under DIR (default .) as a Model Context Protocol
server: tools search, read, check, verify, history and ready (those that
apply to DIR's formats), and resources for each memory doc, the manifest and
each ledger's head and checkpoint. Read-only unless --write, which adds the
tools remember, append, task and thread: every write is checked first and
refused, with the problems, when the result would not check clean.
Paths are confined to DIR. DIR/memkit.config.json is read as memkit check
reads it (writer rosters, rules); one that is not valid stops the server
before it starts. Needs the optional peer dependency
@modelcontextprotocol/server (and @modelcontextprotocol/node for --http).

Options:
  --write        offer and accept the write tools
  --max-file-size SIZE
                 files larger than this are refused, not read, by every tool
                 (default 64m; accepts 1048576, 512k, 64m, as memkit check)
  --http PORT    serve Streamable HTTP on 127.0.0.1:PORT (path /mcp) instead
                 of stdio; PORT 0 picks a free port (printed on stderr)
  --max-connections N
                 with --http, hold at most N connections at once; more are
                 closed as they arrive (default ${DEFAULT_MAX_CONNECTIONS})
  --request-timeout SECONDS
                 with --http, a client that has not sent a whole request
                 within SECONDS (its headers within ${HEADERS_TIMEOUT_S} or SECONDS,
                 whichever is less) is disconnected (default ${DEFAULT_REQUEST_TIMEOUT_S})

On SIGINT or SIGTERM the HTTP server stops listening, gives open
connections (an SSE stream, a request under way) ${SHUTDOWN_GRACE_MS / 1000} seconds, then closes them
and exits.

Exit status: 0 after the client disconnects (stdio) or on SIGINT/SIGTERM
(HTTP), 2 usage error (also when the MCP SDK is not installed, and for a
config file that is not valid: its file, line and column are named).
`,
  options: { write: { type: 'boolean' }, 'max-file-size': { type: 'string' }, http: { type: 'string' }, 'max-connections': { type: 'string' }, 'request-timeout': { type: 'string' } },
  async run({ values, positionals }, io) {
    if (positionals.length > 1) throw new UsageError('mcp takes at most one DIR');
    const dirArg = positionals[0] ?? '.';
    const dir = await existing(io, dirArg, 'directory');
    const maxFileBytes = byteSize(values['max-file-size'], '--max-file-size') ?? MAX_FILE_BYTES;
    const port = positiveInt(values.http, '--http', true);
    if (port !== undefined && port > 65535) throw new UsageError('--http must be a port number (0-65535)');
    if (port === undefined && (values['max-connections'] !== undefined || values['request-timeout'] !== undefined)) throw new UsageError('--max-connections and --request-timeout go with --http');
    const limits = {
      maxConnections: positiveInt(values['max-connections'], '--max-connections') ?? DEFAULT_MAX_CONNECTIONS,
      requestTimeoutMs: seconds(values['request-timeout'], '--request-timeout') ?? DEFAULT_REQUEST_TIMEOUT_S * 1000,
    };
    // A config the server could not use stops it here (exit 2), before any client sees it. The checker's
    // config loader is imported only when DIR has a config file: without one, serving needs none of it.
    if (await hasEntry(join(dir, CONFIG_FILE))) await (await import('../config-file.js')).cliConfig(undefined, dir, dirArg, io);
    // The SDK is an optional peer: loaded only by this command.
    let mcp: typeof import('../../mcp/server.js');
    try {
      mcp = await import('../../mcp/server.js');
    } catch {
      throw new UsageError('memkit mcp needs the MCP SDK: npm install @modelcontextprotocol/server@2');
    }
    const write = values.write === true;
    // Answers initialize at once; the directory is read (and the modules that read it imported) on the first
    // request that needs it. Any extension (the WBS journal stages temp names); a read-only server leaves even
    // stale temp files alone.
    const server = mcp.lazyMemkitMcpServer(
      async () => {
        const [{ nodeMemoryOptions }, { cliHasher }] = await Promise.all([import('../../../adapters/node/open-memory.js'), import('./shared.js')]);
        return { ...nodeMemoryOptions(dir, { recover: write, maxFileBytes, hasher: cliHasher }), write };
      },
      { name: 'memkit', version: memkitVersion() },
      (tools) => io.stderr(`memkit mcp: tools: ${tools.join(', ')}\n`),
    );
    const what = `${shown(io, dir)} (${write ? 'read-write' : 'read-only'})`;
    if (port === undefined) {
      const { StdioServerTransport } = await import('@modelcontextprotocol/server/stdio');
      const closed = new Promise<void>((resolve) => {
        server.server.onclose = resolve;
      });
      await server.server.connect(new StdioServerTransport(undefined, undefined, { maxBufferSize: MAX_MESSAGE_BYTES }));
      io.stderr(`memkit mcp: serving ${what} over stdio\n`);
      await closed;
      return EXIT.ok;
    }
    return serveHttp(server, port, what, io, limits);
  },
};

/** A duration flag in seconds (`1`, `0.5`), as milliseconds; at most an hour. */
function seconds(value: unknown, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0 || n > 3600 || String(value).trim() === '') throw new UsageError(`${flag} must be a number of seconds (greater than 0, at most 3600)`);
  return Math.round(n * 1000);
}

/**
 * Streamable HTTP on 127.0.0.1 only (Host and Origin checked): one stateless
 * server per request over one directory state, connections and request times
 * bounded by `limits`. SIGINT/SIGTERM close the listener, idle connections
 * and SSE streams, and destroy what is still open after a short grace.
 */
async function serveHttp(
  mcp: { newSession(): import('@modelcontextprotocol/server').Server },
  port: number,
  what: string,
  io: CliIo,
  limits: { maxConnections: number; requestTimeoutMs: number },
): Promise<number> {
  let node: typeof import('@modelcontextprotocol/node');
  try {
    node = await import('@modelcontextprotocol/node');
  } catch {
    throw new UsageError('memkit mcp --http needs @modelcontextprotocol/node: npm install @modelcontextprotocol/node@2');
  }
  const { createServer } = await import('node:http');
  const validHost = node.localhostHostValidation();
  const validOrigin = node.localhostOriginValidation();
  // What shutdown must end: every socket (also one that never sent a byte) and every open MCP transport.
  const sockets = new Set<import('node:net').Socket>();
  const transports = new Set<{ close(): Promise<void> }>();
  const requestTimeout = limits.requestTimeoutMs;
  const http = createServer(
    {
      requestTimeout,
      headersTimeout: Math.min(HEADERS_TIMEOUT_S * 1000, requestTimeout),
      keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
      // Node checks the two timeouts above on this interval (30 s by default, which would let a 1 s timeout run 30).
      connectionsCheckingInterval: Math.max(100, Math.min(1_000, Math.floor(requestTimeout / 4))),
    },
    async (req, res) => {
      if (!validHost(req, res) || !validOrigin(req, res)) return;
      if (new URL(req.url ?? '/', 'http://127.0.0.1').pathname !== '/mcp') {
        res.writeHead(404).end();
        return;
      }
      const server = mcp.newSession();
      const transport = new node.NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined, maxRequestBodySize: MAX_MESSAGE_BYTES });
      transports.add(transport);
      res.on('close', () => {
        transports.delete(transport);
        void transport.close();
        void server.close();
      });
      try {
        await server.connect(transport);
        await transport.handleRequest(req, res);
      } catch {
        if (!res.headersSent) res.writeHead(500).end();
      }
    },
  );
  http.maxConnections = limits.maxConnections;
  http.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(port, '127.0.0.1', () => resolve());
  });
  const address = http.address();
  const bound = typeof address === 'object' && address !== null ? address.port : port;
  let stop: () => void = () => undefined;
  const stopped = new Promise<void>((resolve) => {
    let stopping = false;
    stop = () => {
      // A second signal does not wait for the grace period.
      if (stopping) {
        for (const socket of sockets) socket.destroy();
        return;
      }
      stopping = true;
      io.stderr('memkit mcp: shutting down\n');
      // Resolves once every connection has ended.
      http.close(() => resolve());
      http.closeIdleConnections();
      for (const transport of transports) void transport.close().catch(() => undefined);
      setTimeout(() => {
        for (const socket of sockets) socket.destroy();
      }, SHUTDOWN_GRACE_MS).unref();
    };
  });
  // Handlers first, then the line a supervisor waits for: a signal sent on seeing it must find them installed.
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  io.stderr(`memkit mcp: serving ${what} at http://127.0.0.1:${bound}/mcp\n`);
  await stopped;
  process.off('SIGINT', stop);
  process.off('SIGTERM', stop);
  return EXIT.ok;
}

/** The file name of a directory's config (the checker's `CONFIG_FILE`; the config tests fail if the two differ). */
const CONFIG_FILE = 'memkit.config.json';

/** True when something (a file, a link, a FIFO) is at `path`: the config loader then decides what it is. */
async function hasEntry(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return true;
  } catch (cause) {
    return (cause as NodeJS.ErrnoException).code !== 'ENOENT';
  }
}
