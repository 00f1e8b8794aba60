import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run } from '../../src/surfaces/cli/run.js';

/** What one in-process CLI run printed and returned. */
export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI in-process with captured streams. */
export async function runCli(argv: string[], options: { cwd?: string; stdoutTTY?: boolean; stderrTTY?: boolean; env?: Record<string, string | undefined>; stdin?: string } = {}): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await run(argv, {
    stdout: (s) => void (stdout += s),
    stderr: (s) => void (stderr += s),
    stdoutTTY: options.stdoutTTY ?? false,
    stderrTTY: options.stderrTTY ?? false,
    env: options.env ?? {},
    cwd: options.cwd ?? process.cwd(),
    stdin: async () => options.stdin ?? '',
  });
  return { code, stdout, stderr };
}

/** The repository root (tests run from it). */
export const ROOT = join(import.meta.dirname, '..', '..');

/** A fresh temporary copy of an example directory; call the returned `done` to remove it. */
export function copyExample(name: 'agent-memory' | 'broken'): { dir: string; done: () => void } {
  const base = mkdtempSync(join(tmpdir(), 'memkit-cli-'));
  const dir = join(base, name);
  cpSync(join(ROOT, 'examples', name), dir, { recursive: true });
  return { dir, done: () => rmSync(base, { recursive: true, force: true }) };
}

/** A fresh empty temporary directory. */
export function tempDir(): { dir: string; done: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'memkit-cli-'));
  return { dir, done: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Every directory (as `path/`: `'dir'`) and file (its bytes as latin1 text) below `root`, by relative path: a snapshot to compare before and after. */
export function readTree(root: string, rel = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of readdirSync(join(root, rel), { withFileTypes: true })) {
    const p = rel === '' ? e.name : `${rel}/${e.name}`;
    if (e.isDirectory()) {
      out[`${p}/`] = 'dir';
      Object.assign(out, readTree(root, p));
    } else out[p] = readFileSync(join(root, p), 'latin1');
  }
  return out;
}
