// `memkit mcp` answers `initialize` before it reads the directory: a real child process over stdio,
// every module it loads recorded by a loader hook. By the time the reply arrives (and until the
// client asks for something else) no checker, format, parser or schema module has been loaded;
// the first tool call reads the directory, and a search builds the index then.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { nodeMemoryOptions } from '../../src/adapters/node/index.js';
import { MemkitError } from '../../src/kernel/problems/index.js';
import { lazyMemkitMcpServer } from '../../src/surfaces/mcp/server.js';
import { ROOT } from '../cli/helpers.js';
import { copyExample, tempDir } from './helpers.js';

const MAIN = join(ROOT, 'src', 'surfaces', 'cli', 'main.ts');

const open: { done(): void }[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
  for (const x of open.splice(0)) x.done();
});

/** A loader hook that appends every URL it loads to `log`, one per line, before the module runs. */
function hookFile(log: string, dir: string): string {
  const hooks = join(dir, 'hooks.mjs');
  writeFileSync(
    hooks,
    `import { appendFileSync } from 'node:fs';\nexport async function load(url, context, next) {\n  appendFileSync(${JSON.stringify(log)}, url + '\\n');\n  return next(url, context);\n}\n`,
  );
  const register = join(dir, 'register.mjs');
  writeFileSync(register, `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`);
  return register;
}

/** A JSON-RPC peer over a child's stdio: `request` sends one message and resolves with the reply of the same id. */
function rpc(child: ChildProcess) {
  let buffer = '';
  const waiting = new Map<number, (reply: Record<string, unknown>) => void>();
  child.stdout!.on('data', (d: Buffer) => {
    buffer += d.toString();
    for (let nl = buffer.indexOf('\n'); nl >= 0; nl = buffer.indexOf('\n')) {
      const message = JSON.parse(buffer.slice(0, nl)) as { id?: number } & Record<string, unknown>;
      buffer = buffer.slice(nl + 1);
      if (typeof message.id === 'number') waiting.get(message.id)?.(message);
    }
  });
  let next = 1;
  return {
    request(method: string, params: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
      const id = next++;
      const reply = new Promise<Record<string, unknown>>((resolve) => waiting.set(id, resolve));
      child.stdin!.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
      return reply;
    },
    notify(method: string): void {
      child.stdin!.write(`${JSON.stringify({ jsonrpc: '2.0', method })}\n`);
    },
  };
}

const INITIALIZE = { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'memkit-test', version: '1.0.0' } };

/** Modules that read memory files: none of them is needed to answer `initialize`. */
const READS_MEMORY = /[\\/](?:engine|formats|schema|syntax|services|handle)[\\/]|node_modules[\\/](?:typebox|yaml|micromark|smol-toml)[\\/]/;

describe('memkit mcp connects before it reads the directory', () => {
  it('answers initialize having loaded no module that reads memory files; the first search then works', { timeout: 60_000 }, async () => {
    const ex = copyExample('agent-memory');
    open.push(ex);
    const scratch = tempDir();
    open.push(scratch);
    const log = join(scratch.dir, 'loaded.txt');
    writeFileSync(log, '');
    const child = spawn(process.execPath, ['--import', 'tsx', '--import', hookFile(log, scratch.dir), MAIN, 'mcp', ex.dir], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
    children.push(child);
    let stderr = '';
    child.stderr!.on('data', (d: Buffer) => void (stderr += d.toString()));
    const peer = rpc(child);

    const init = await peer.request('initialize', INITIALIZE);
    const loadedAtInit = readFileSync(log, 'utf8').split('\n').filter(Boolean);
    expect(init.result, stderr).toMatchObject({ serverInfo: { name: 'memkit' }, capabilities: { tools: {}, resources: {} } });
    // The check is not vacuous: the hook saw the server's own modules and the SDK.
    expect(loadedAtInit.some((u) => u.includes('/src/surfaces/mcp/server.ts'))).toBe(true);
    expect(loadedAtInit.some((u) => u.includes('modelcontextprotocol'))).toBe(true);
    expect(loadedAtInit.filter((u) => READS_MEMORY.test(u))).toEqual([]);

    peer.notify('notifications/initialized');
    const search = (await peer.request('tools/call', { name: 'search', arguments: { query: 'vitest', limit: 3 } })) as { result: { isError?: boolean; content: { text: string }[] } };
    expect(search.result.isError).toBeUndefined();
    const hits = (JSON.parse(search.result.content[0]!.text) as { hits: { path: string }[] }).hits;
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((h) => h.path.startsWith('.thunderus/memory/'))).toBe(true);
    // Now the directory has been read.
    expect(
      readFileSync(log, 'utf8')
        .split('\n')
        .some((u) => READS_MEMORY.test(u)),
    ).toBe(true);
    expect(stderr).toContain('memkit mcp: tools: search, read, check');
  });

  it('a directory with no memory yet still connects, and lists the tools that apply', { timeout: 60_000 }, async () => {
    const empty = tempDir();
    open.push(empty);
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN, 'mcp', empty.dir], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
    children.push(child);
    const peer = rpc(child);
    expect((await peer.request('initialize', INITIALIZE)).result).toMatchObject({ serverInfo: { name: 'memkit' } });
    peer.notify('notifications/initialized');
    const listed = (await peer.request('tools/list')) as { result: { tools: { name: string }[] } };
    expect(listed.result.tools.map((t) => t.name)).toEqual(['read', 'check']);
  });
});

describe('lazyMemkitMcpServer', () => {
  it('reads the directory on first use, once; a config that cannot be used rejects with its problems and is read again next time', async () => {
    const ex = copyExample('agent-memory');
    open.push(ex);
    const config = join(ex.dir, 'memkit.config.json');
    writeFileSync(config, '{"memoryBank":{"writer":{}}}');
    let loads = 0;
    const ready: string[][] = [];
    const server = lazyMemkitMcpServer(
      async () => {
        loads++;
        return nodeMemoryOptions(ex.dir);
      },
      { name: 'memkit', version: '0' },
      (tools) => ready.push(tools),
    );
    expect(loads).toBe(0);
    const refused = await server.core().catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(MemkitError);
    expect((refused as MemkitError).problems.map((p) => p.code)).toContain('schema.additional-properties');
    expect(ready).toEqual([]);

    writeFileSync(config, '{"memoryBank":{"writers":{"activeContext.md":["Planner"]}}}');
    const [a, b] = await Promise.all([server.core(), server.core()]);
    expect(a).toBe(b);
    expect(await server.core()).toBe(a);
    expect(loads).toBe(2);
    expect(ready).toEqual([a.tools]);
    expect(a.tools).toEqual(['search', 'read', 'check', 'verify', 'history', 'ready']);
    const found = await a.call('search', { query: 'vitest', limit: 1 });
    expect(found.ok && (found.value as { hits: unknown[] }).hits.length).toBe(1);
  });
});
