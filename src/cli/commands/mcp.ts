import { join } from 'node:path';
import type { LedgerFormatId } from '../../ledger/index.js';
import { nodeCheckSource } from '../../node/check-source.js';
import { nodeFiles } from '../../node/fs-port.js';
import { appendEntry } from '../../node/ledger-file.js';
import { withLock } from '../../node/lock.js';
import { type Problem, type Result, error, fail } from '../../problems/index.js';
import { type Command, UsageError } from '../command.js';
import { EXIT } from '../io.js';
import { memkitVersion } from '../version.js';
import { absolute, cliHasher, positiveInt, requireDir, shown } from './shared.js';

/** The largest message either transport accepts (64 MiB): larger than any tool's argument limit, so an oversized argument gets its Problem, not a dropped connection. */
const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;
/** Files larger than this are not read by the checker behind `check` and every write. */
const MAX_FILE_BYTES = 64 * 1024 * 1024;

const problemsOf = (cause: unknown): Problem[] => {
  const problems = (cause as { problems?: unknown } | null)?.problems;
  return Array.isArray(problems) ? (problems as Problem[]) : [error('mcp.internal-error', cause instanceof Error ? cause.message : String(cause))];
};

/** `memkit mcp [DIR] [--write] [--http PORT]`: the memory under DIR as an MCP server. */
export const mcpCommand: Command = {
  name: 'mcp',
  summary: 'serve the memory under a directory to agents over MCP (stdio or HTTP)',
  help: `Usage: memkit mcp [DIR] [--write] [--http PORT]

Serves the memory files under DIR (default .) as a Model Context Protocol
server: tools search, read, check, verify, history and ready (those that
apply to DIR's formats), and resources for each memory doc, the manifest and
each ledger's head and checkpoint. Read-only unless --write, which adds the
tools remember, append, task and thread: every write is checked first and
refused, with the problems, when the result would not check clean.
Paths are confined to DIR. Needs the optional peer dependency
@modelcontextprotocol/server (and @modelcontextprotocol/node for --http).

Options:
  --write        offer and accept the write tools
  --http PORT    serve Streamable HTTP on 127.0.0.1:PORT (path /mcp) instead
                 of stdio; PORT 0 picks a free port (printed on stderr)

Exit status: 0 after the client disconnects (stdio) or on SIGINT/SIGTERM
(HTTP), 2 usage error (also when the MCP SDK is not installed).
`,
  options: { write: { type: 'boolean' }, http: { type: 'string' } },
  async run({ values, positionals }, io) {
    if (positionals.length > 1) throw new UsageError('mcp takes at most one DIR');
    const dirArg = positionals[0] ?? '.';
    const dir = absolute(io, dirArg);
    await requireDir(dir, dirArg);
    const port = positiveInt(values.http, '--http', true);
    if (port !== undefined && port > 65535) throw new UsageError('--http must be a port number (0-65535)');
    // The SDK is an optional peer: loaded only by this command.
    let mcp: typeof import('../../mcp/index.js');
    try {
      mcp = await import('../../mcp/index.js');
    } catch {
      throw new UsageError('memkit mcp needs the MCP SDK: npm install @modelcontextprotocol/server@2');
    }
    // Any extension (the WBS journal stages temp names), reads limited to memkit files by the server;
    // a read-only server leaves even stale temp files of crashed writers alone.
    const files = nodeFiles(dir, { extensions: null, recover: values.write === true });
    const appendLedger = async (rel: string, draft: Record<string, unknown>, format: LedgerFormatId): Promise<Result<never>> => {
      try {
        // The port refuses a path that leaves DIR (.., absolute, a link out) before the ledger file is opened.
        if ((await files.read(rel)) === undefined) return fail([error('mcp.not-found', `${rel} does not exist`, { file: rel })]);
        return (await appendEntry(join(dir, ...rel.split('/')), draft as never, { format, hasher: cliHasher })) as Result<never>;
      } catch (cause) {
        return fail(problemsOf(cause));
      }
    };
    const server = await mcp.createMemkitMcpServer({
      files,
      source: nodeCheckSource(dir, { maxFileBytes: MAX_FILE_BYTES }),
      write: values.write === true,
      appendLedger,
      withLock: (rel, fn) => withLock(join(dir, ...rel.split('/')), () => fn()),
      hasher: cliHasher,
      serverInfo: { name: 'memkit', version: memkitVersion() },
    });
    const what = `${shown(io, dir)} (${values.write ? 'read-write' : 'read-only'}; tools: ${server.tools.join(', ')})`;
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
    return serveHttp(server, port, what, io);
  },
};

/** Streamable HTTP on 127.0.0.1 only (Host and Origin checked against localhost): one stateless server per request, all over one directory state. */
async function serveHttp(mcp: { newSession(): import('@modelcontextprotocol/server').Server }, port: number, what: string, io: Parameters<Command['run']>[1]): Promise<number> {
  let node: typeof import('@modelcontextprotocol/node');
  try {
    node = await import('@modelcontextprotocol/node');
  } catch {
    throw new UsageError('memkit mcp --http needs @modelcontextprotocol/node: npm install @modelcontextprotocol/node@2');
  }
  const { createServer } = await import('node:http');
  const validHost = node.localhostHostValidation();
  const validOrigin = node.localhostOriginValidation();
  const http = createServer(async (req, res) => {
    if (!validHost(req, res) || !validOrigin(req, res)) return;
    if (new URL(req.url ?? '/', 'http://127.0.0.1').pathname !== '/mcp') {
      res.writeHead(404).end();
      return;
    }
    const server = mcp.newSession();
    const transport = new node.NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined, maxRequestBodySize: MAX_MESSAGE_BYTES });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(req, res);
    } catch {
      if (!res.headersSent) res.writeHead(500).end();
    }
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(port, '127.0.0.1', () => resolve());
  });
  const address = http.address();
  const bound = typeof address === 'object' && address !== null ? address.port : port;
  io.stderr(`memkit mcp: serving ${what} at http://127.0.0.1:${bound}/mcp\n`);
  await new Promise<void>((resolve) => {
    const stop = () => http.close(() => resolve());
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  return EXIT.ok;
}
