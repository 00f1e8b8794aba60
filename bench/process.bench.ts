// Whole processes, as an agent's loop runs memkit: each figure is the time from spawning a process
// to its answer (its exit, or the reply to MCP `initialize` on stdout), process start included,
// alternated pair by pair with an anchor process (alternatePairsFastest: each side of a pair the
// fastest of three runs, the figure the median of the pairs' ratios).
// - `memkit --version` against `node -e 0`: what the CLI costs before any command runs;
// - `memkit check examples/agent-memory` against `node -e 0`: a whole check of a small memory;
// - `memkit mcp examples/agent-memory` against @modelcontextprotocol/server-memory, both from
//   spawn to the `initialize` reply: connecting to memkit costs what connecting to a plain Node
//   MCP server costs.
// Runs the built CLI (dist/cli/main.js), building the ESM files first when src/ is newer.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUILT_CLI, type BenchResult, type BenchSuite, ensureBuilt, alternatePairsFastest, pairedTarget } from './harness.js';

const root = join(import.meta.dirname, '..');
const cli = BUILT_CLI;
const example = join(root, 'examples', 'agent-memory');
const serverMemory = join(root, 'node_modules', '@modelcontextprotocol', 'server-memory', 'dist', 'index.js');
const PAIRS = 7;
/** Runs of each side in a pair; the fastest counts. */
const RUNS = 3;

/** Runs `node ...args` to its exit; a failure (other than `allowed` exit codes) is an error, not a figure. */
function nodeRun(args: string[], allowed: readonly number[] = [0]): () => void {
  return () => {
    const run = spawnSync(process.execPath, args, { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] });
    if (!allowed.includes(run.status ?? -1)) throw new Error(`node ${args.join(' ')} exited ${run.status ?? run.signal}: ${run.stderr}`);
  };
}

const INITIALIZE = `${JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'memkit-bench', version: '1.0.0' } },
})}\n`;

/**
 * Spawns `node ...args`, writes `initialize` to its stdin at once (a pipe holds it until the
 * server reads), and resolves when the reply's line is on stdout; then ends the process and
 * waits for its exit, so no server outlives its round.
 */
function untilInitialized(args: string[], env: NodeJS.ProcessEnv): () => Promise<void> {
  return () =>
    new Promise<void>((resolve, reject) => {
      const child: ChildProcess = spawn(process.execPath, args, { cwd: root, env, stdio: ['pipe', 'pipe', 'ignore'] });
      let out = '';
      let answered = false;
      child.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        if (answered || !out.includes('\n')) return;
        answered = true;
        const reply = JSON.parse(out.slice(0, out.indexOf('\n'))) as { id?: number; result?: unknown };
        child.once('exit', () => (reply.id === 1 && reply.result !== undefined ? resolve() : reject(new Error(`node ${args.join(' ')}: no initialize result: ${out}`))));
        child.kill('SIGKILL');
      });
      child.once('exit', (code) => {
        if (!answered) reject(new Error(`node ${args.join(' ')} exited ${code} before answering initialize`));
      });
      child.stdin!.on('error', () => undefined);
      child.stdin!.write(INITIALIZE);
    });
}

const suite: BenchSuite = {
  name: 'process',
  async run(): Promise<BenchResult[]> {
    ensureBuilt();
    const bare = nodeRun(['-e', '0']);
    const version = await alternatePairsFastest(nodeRun([cli, '--version']), bare, PAIRS, RUNS);
    const check = await alternatePairsFastest(nodeRun([cli, 'check', example]), bare, PAIRS, RUNS);
    const scratch = mkdtempSync(join(tmpdir(), 'memkit-bench-process-'));
    try {
      const env = { ...process.env, MEMORY_FILE_PATH: join(scratch, 'memory.jsonl') };
      const mcp = await alternatePairsFastest(untilInitialized([cli, 'mcp', example], env), untilInitialized([serverMemory], env), PAIRS, RUNS);
      return [
        pairedTarget('memkit --version', version, 'node -e 0', 1.5, `spawn to exit, each side of a pair the fastest of ${RUNS} runs`),
        pairedTarget('memkit check examples/agent-memory', check, 'node -e 0', 3, `spawn to exit, each side of a pair the fastest of ${RUNS} runs; 29 files`),
        pairedTarget(
          'memkit mcp spawn to initialize reply',
          mcp,
          '@modelcontextprotocol/server-memory spawn to initialize reply',
          1.2,
          `each side of a pair the fastest of ${RUNS} runs; stdio, read-only, on examples/agent-memory`,
        ),
      ];
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  },
};

export default suite;
