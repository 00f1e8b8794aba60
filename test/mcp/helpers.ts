// Drives `memkit mcp` as a client would: the SDK's own client, the server in a real child
// process (`node --import tsx src/surfaces/cli/main.ts mcp …`, so no build is needed).
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { ROOT } from '../cli/helpers.js';

export { copyExample, readTree, tempDir } from '../cli/helpers.js';

const MAIN = join(ROOT, 'src', 'surfaces', 'cli', 'main.ts');

/** A connected client and how to stop it (and its server). */
export interface Connected {
  client: Client;
  close(): Promise<void>;
  /** The server's process id (stdio only). */
  pid?: number | null;
}

/** Starts `memkit mcp DIR …flags` over stdio and connects the SDK client to it. */
export async function stdioClient(dir: string, flags: string[] = []): Promise<Connected> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--import', 'tsx', MAIN, 'mcp', dir, ...flags],
    cwd: ROOT,
    stderr: process.env.MEMKIT_MCP_STDERR ? 'inherit' : 'pipe',
  });
  // Drained, so a chatty server never blocks on a full pipe; kept for the failure message.
  let stderr = '';
  transport.stderr?.on('data', (d: Buffer) => void (stderr = (stderr + d.toString()).slice(-20_000)));
  const client = new Client({ name: 'memkit-test', version: '1.0.0' });
  client.onclose = () => {
    if (stderr.includes('Error')) console.error(`memkit mcp stderr:\n${stderr}`);
  };
  await client.connect(transport);
  return { client, close: () => client.close(), pid: transport.pid };
}

/** Starts `memkit mcp DIR --http 0 …flags`, reads the port it prints, and connects over Streamable HTTP. */
export async function httpClient(dir: string, flags: string[] = []): Promise<Connected & { url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, 'mcp', dir, '--http', '0', ...flags], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
  const url = await new Promise<string>((resolve, reject) => {
    let err = '';
    child.stderr!.on('data', (d: Buffer) => {
      err += d.toString();
      const m = /(http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(err);
      if (m) resolve(m[1]!);
    });
    child.once('exit', (code) => reject(new Error(`memkit mcp exited with ${code}: ${err}`)));
  });
  const client = new Client({ name: 'memkit-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return {
    client,
    url,
    child,
    async close() {
      await client.close().catch(() => undefined);
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The JSON a tool call returned, with its error flag. */
export async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<{ isError: boolean; value: any }> {
  const r = (await client.callTool({ name, arguments: args })) as { isError?: boolean; content: { type: string; text: string }[] };
  return { isError: r.isError === true, value: JSON.parse(r.content[0]!.text) };
}

/** The problem codes of a failed call. */
export const codes = (value: { problems?: { code: string }[] }): string[] => (value.problems ?? []).map((p) => p.code);
