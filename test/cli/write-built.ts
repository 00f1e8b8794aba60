// The built CLI as the write tests spawn it: a snapshot of dist/ taken once per test file, so a build running
// beside the tests (which empties dist/ first) cannot pull the files out from under a spawn.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { ROOT } from './helpers.js';

/** What one run of the built CLI printed and returned. */
export interface BuiltRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Copies dist/ under .tmp/ (inside the repository, so its imports resolve to node_modules); returns the CLI's path and a remover. */
export function snapshotCli(): { main: string; done: () => void } {
  const dist = join(ROOT, 'dist');
  // A build beside the tests empties dist/ for a few seconds: wait for it (up to a minute) rather than fail.
  const sleep = new Int32Array(new SharedArrayBuffer(4));
  for (let waited = 0; waited < 60 && !existsSync(join(dist, 'cli', 'main.js')); waited++) Atomics.wait(sleep, 0, 0, 1000);
  if (!existsSync(join(dist, 'cli', 'main.js'))) throw new Error('dist/cli/main.js is missing: run `npx tsup --env.MEMKIT_BUILD esm` first (npm test builds)');
  mkdirSync(join(ROOT, '.tmp'), { recursive: true });
  const base = mkdtempSync(join(ROOT, '.tmp', 'cli-'));
  cpSync(dist, join(base, 'dist'), { recursive: true, filter: (src) => !(src.endsWith('.cjs') && !src.includes(`${sep}cli${sep}`)) && !src.endsWith('.d.ts') && !src.endsWith('.d.cts') });
  writeFileSync(join(base, 'package.json'), '{ "type": "module" }\n');
  return { main: join(base, 'dist', 'cli', 'main.js'), done: () => rmSync(base, { recursive: true, force: true }) };
}

/** Runs `node main ...args` in `cwd` with `input` on stdin (and `env` added to the environment). */
export function runBuilt(main: string, args: string[], cwd: string, input = '', env: Record<string, string> = {}): Promise<BuiltRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [main, ...args], { cwd, stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => void (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => void (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
    child.stdin.end(input);
  });
}
