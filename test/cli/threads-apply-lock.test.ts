// `memkit threads apply` in real processes, many at once on one store, alone and beside
// `memkit mcp --write` servers: every write that reports success is in the store afterwards.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkThreadStore } from '../../src/services/threads/index.js';
import { type Connected, call, stdioClient } from '../mcp/helpers.js';
import { ROOT, copyExample } from './helpers.js';

/** The built CLI (npm test builds before the tests run). */
const MAIN = join(ROOT, 'dist', 'cli', 'main.js');
const STORE = 'threads/thread-store.json';

interface Spawned {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the built CLI in a child process and waits for it to exit. */
function memkit(args: string[]): Promise<Spawned> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [MAIN, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => void (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => void (stderr += d.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const spawnOp = (child: string) => JSON.stringify({ command: 'spawn', operator: 'agent', params: { parent_id: 'memkit-main', child_id: child, objective: `Work on ${child}` } });

function threadsIn(dir: string): Record<string, unknown> {
  const store = JSON.parse(readFileSync(join(dir, STORE), 'utf8'));
  expect(checkThreadStore(store).filter((p) => p.severity === 'error')).toEqual([]);
  return store.threads;
}

/** A refused spawn must say so: a non-zero exit with a problem code in its JSON report. */
function expectRefusedWithProblem(r: Spawned): void {
  expect(r.code, r.stderr).not.toBe(0);
  const codes = (JSON.parse(r.stdout).problems as { code: string }[]).map((p) => p.code);
  expect(codes.length).toBeGreaterThan(0);
}

describe('memkit threads apply under the store lock', () => {
  it('12 parallel threads apply spawns on one store: every spawn that exits 0 is in the store (none lost)', { timeout: 180_000 }, async () => {
    const ex = copyExample('agent-memory');
    try {
      const names = Array.from({ length: 12 }, (_, i) => `cli-${i}`);
      const runs = await Promise.all(names.map((n) => memkit(['threads', 'apply', join(ex.dir, STORE), spawnOp(n), '--format', 'json'])));
      const threads = threadsIn(ex.dir);
      runs.forEach((r, i) => {
        if (r.code === 0) expect(threads, `spawn ${names[i]} reported success`).toHaveProperty(names[i]!);
        else expectRefusedWithProblem(r);
      });
      // Nothing makes a spawn fail here: the lock waits up to 30 s, far longer than 12 short writes.
      expect(runs.map((r) => r.code)).toEqual(names.map(() => 0));
      expect(names.filter((n) => n in threads)).toEqual(names);
    } finally {
      ex.done();
    }
  });

  it('CLI spawns mixed with MCP thread tool calls on one store: every write that reported success is present', { timeout: 240_000 }, async () => {
    const ex = copyExample('agent-memory');
    const clients: Connected[] = [];
    try {
      for (let s = 0; s < 2; s++) clients.push(await stdioClient(ex.dir, ['--write']));
      const cliNames = Array.from({ length: 8 }, (_, i) => `cli-${i}`);
      const mcpNames = clients.flatMap((_, s) => Array.from({ length: 6 }, (_, i) => `mcp-${s}-${i}`));
      const cliRuns = Promise.all(cliNames.map((n) => memkit(['threads', 'apply', join(ex.dir, STORE), spawnOp(n), '--format', 'json'])));
      const mcpRuns = Promise.all(
        clients.map(async (c, s) => {
          const out: { name: string; isError: boolean; value: unknown }[] = [];
          for (const name of mcpNames.filter((n) => n.startsWith(`mcp-${s}-`))) {
            const r = await call(c.client, 'thread', { store: STORE, command: 'spawn', operator: 'agent', params: { parent_id: 'memkit-main', child_id: name, objective: `Work on ${name}` } });
            out.push({ name, ...r });
          }
          return out;
        }),
      );
      const [cli, mcp] = await Promise.all([cliRuns, mcpRuns]);
      const threads = threadsIn(ex.dir);
      cli.forEach((r, i) => {
        if (r.code === 0) expect(threads, `CLI spawn ${cliNames[i]} reported success`).toHaveProperty(cliNames[i]!);
        else expectRefusedWithProblem(r);
      });
      for (const r of mcp.flat()) {
        if (!r.isError) expect(threads, `MCP spawn ${r.name} reported success`).toHaveProperty(r.name);
      }
      const succeeded = cli.filter((r) => r.code === 0).length + mcp.flat().filter((r) => !r.isError).length;
      expect(succeeded).toBe(cliNames.length + mcpNames.length);
    } finally {
      await Promise.all(clients.map((c) => c.close()));
      ex.done();
    }
  });
});
