// `memkit mcp --http` in real processes: it ignored SIGINT/SIGTERM while any client was connected (an idle
// SDK client, an open SSE stream, a bare TCP socket that sent nothing), had no connection limit, and gave a
// slow client Node's 300 s to send its request. Each case spawns the server and drives it with real sockets.
import { type ChildProcess, spawn } from 'node:child_process';
import { request } from 'node:http';
import { type Socket, connect } from 'node:net';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT, copyExample } from './helpers.js';

/** The built CLI (npm test builds before the tests run). */
const MAIN = join(ROOT, 'dist', 'cli', 'main.js');
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

interface Served {
  child: ChildProcess;
  port: number;
  url: string;
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts `memkit mcp DIR --http 0 …flags` and waits for the address it prints. */
async function serve(flags: string[] = []): Promise<Served> {
  const ex = copyExample('agent-memory');
  cleanups.push(ex.done);
  const child = spawn(process.execPath, [MAIN, 'mcp', ex.dir, '--http', '0', ...flags], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    return exited;
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr!.on('data', (d: Buffer) => {
      err += d.toString();
      const m = /(http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(err);
      if (m) resolve(m[1]!);
    });
    void exited.then(({ code }) => reject(new Error(`memkit mcp exited with ${code}: ${err}`)));
  });
  return { child, url, port: Number(new URL(url).port), stderr: () => err, exited };
}

/** A TCP connection to the server that sends nothing (yet). */
async function bareSocket(port: number): Promise<Socket> {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  // Flowing, so the server's end of the connection is seen ('close') even when nobody reads the answer.
  socket.resume();
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  cleanups.push(() => socket.destroy());
  return socket;
}

/** Resolves with the milliseconds until `socket` closes, or `undefined` if it is still open after `ms`. */
function closedWithin(socket: Socket, ms: number): Promise<number | undefined> {
  const start = Date.now();
  if (socket.destroyed) return Promise.resolve(0);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(undefined), ms);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(Date.now() - start);
    });
  });
}

/** An SDK client connected over Streamable HTTP that listed the tools once and then stays idle. */
async function idleClient(url: string): Promise<Client> {
  const client = new Client({ name: 'memkit-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  await client.listTools();
  cleanups.push(() => client.close().catch(() => undefined));
  return client;
}

/** A GET /mcp SSE stream the server has answered (200, text/event-stream) and keeps open. */
async function sseStream(port: number): Promise<{ closed: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/mcp', method: 'GET', headers: { accept: 'text/event-stream', host: `127.0.0.1:${port}` } }, (res) => {
      if (res.statusCode !== 200 || !String(res.headers['content-type']).includes('text/event-stream')) {
        reject(new Error(`no SSE stream: ${res.statusCode} ${res.headers['content-type']}`));
        return;
      }
      res.on('data', () => undefined);
      res.on('error', () => undefined);
      const closed = new Promise<void>((r) => res.once('close', () => r()));
      resolve({ closed });
    });
    req.on('error', reject);
    req.end();
    cleanups.push(() => req.destroy());
  });
}

/** Sends `signal` and resolves with the exit and how long it took. */
async function stopWith(served: Served, signal: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }> {
  const start = Date.now();
  served.child.kill(signal);
  const limit = new Promise<'hung'>((r) => setTimeout(() => r('hung'), 8_000));
  const exit = await Promise.race([served.exited, limit]);
  if (exit === 'hung') return { code: null, signal: null, ms: Number.POSITIVE_INFINITY };
  return { ...exit, ms: Date.now() - start };
}

describe('memkit mcp --http shuts down on SIGINT/SIGTERM with clients connected', () => {
  it.each([
    ['an idle SDK client', (s: Served) => idleClient(s.url)],
    ['an open SSE stream', (s: Served) => sseStream(s.port)],
    ['a bare TCP socket that sent nothing', (s: Served) => bareSocket(s.port)],
  ] as const)('SIGTERM with %s: exit 0 within 5 s', { timeout: 60_000 }, async (_, connectClient) => {
    const served = await serve();
    await connectClient(served);
    const stopped = await stopWith(served, 'SIGTERM');
    expect(stopped.code, served.stderr()).toBe(0);
    expect(stopped.ms).toBeLessThan(5_000);
    expect(served.stderr()).toContain('shutting down');
  });

  it('SIGINT with all three at once: exit 0 within 5 s, the SSE stream ended', { timeout: 60_000 }, async () => {
    const served = await serve();
    await idleClient(served.url);
    const sse = await sseStream(served.port);
    const socket = await bareSocket(served.port);
    const socketClosed = closedWithin(socket, 6_000);
    const stopped = await stopWith(served, 'SIGINT');
    expect(stopped.code, served.stderr()).toBe(0);
    expect(stopped.ms).toBeLessThan(5_000);
    await sse.closed;
    expect(await socketClosed).toBeDefined();
  });
});

describe('memkit mcp --http bounds slow clients and connections', () => {
  it('a client that sends its headers and then a body slower than --request-timeout is disconnected', { timeout: 60_000 }, async () => {
    const served = await serve(['--request-timeout', '1']);
    const socket = await bareSocket(served.port);
    let answer = '';
    socket.on('data', (d: Buffer) => void (answer += d.toString()));
    socket.write(`POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${served.port}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: 1000\r\n\r\n{"jsonrpc":`);
    // One more byte now and then: each one would reset a plain idle timeout, not the request timeout.
    const drip = setInterval(() => socket.writable && socket.write(' '), 200);
    cleanups.push(() => clearInterval(drip));
    const ms = await closedWithin(socket, 6_000);
    expect(ms, 'the slow request was still open after 6 s').toBeDefined();
    expect(ms!).toBeGreaterThanOrEqual(700);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('a client that never finishes its headers is disconnected as well', { timeout: 60_000 }, async () => {
    const served = await serve(['--request-timeout', '1']);
    const socket = await bareSocket(served.port);
    socket.write('GET /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    expect(await closedWithin(socket, 6_000)).toBeDefined();
  });

  it('an SSE stream outlives the request timeout (the timeout is for receiving the request only)', { timeout: 60_000 }, async () => {
    const served = await serve(['--request-timeout', '1']);
    const sse = await sseStream(served.port);
    const early = await Promise.race([sse.closed.then(() => 'closed'), new Promise((r) => setTimeout(() => r('open'), 2_500))]);
    expect(early).toBe('open');
  });

  it('--max-connections N: connection N+1 is closed at once while the first N stay open, and a slot freed is usable again', { timeout: 60_000 }, async () => {
    const served = await serve(['--max-connections', '3']);
    const held = [await bareSocket(served.port), await bareSocket(served.port), await bareSocket(served.port)];
    // Let the server accept the three before the fourth arrives.
    await new Promise((r) => setTimeout(r, 300));
    const extra = await bareSocket(served.port).catch(() => undefined);
    if (extra !== undefined) expect(await closedWithin(extra, 2_000), 'connection 4 was not refused').toBeDefined();
    for (const s of held) expect(s.destroyed).toBe(false);
    for (const s of held) s.destroy();
    await new Promise((r) => setTimeout(r, 300));
    const client = await idleClient(served.url);
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
  });

  it('refuses bad limit values and limits without --http as usage errors', { timeout: 60_000 }, async () => {
    const { runCli } = await import('./helpers.js');
    const ex = copyExample('agent-memory');
    cleanups.push(ex.done);
    for (const args of [
      ['--http', '0', '--max-connections', '0'],
      ['--http', '0', '--request-timeout', '0'],
      ['--http', '0', '--request-timeout', 'soon'],
      ['--max-connections', '5'],
    ]) {
      const r = await runCli(['mcp', ex.dir, ...args]);
      expect(r.code, args.join(' ')).toBe(2);
    }
  });
});
