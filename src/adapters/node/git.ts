import { execFile } from 'node:child_process';

/** What one git invocation gave: its exit code (`null` when killed), stdout bytes and stderr text. */
export interface GitRun {
  code: number | null;
  stdout: Uint8Array;
  stderr: string;
  /** True when stdout passed `maxBytes` and git was stopped. */
  overflow?: boolean;
}

/** Options of {@link nodeGitRunner}. */
export interface NodeGitRunnerOptions {
  /** Environment entries added to this process's (e.g. `GIT_CONFIG_GLOBAL`); never a shell's. */
  env?: Record<string, string | undefined>;
  /** Largest stdout read from one invocation (default 64 MiB + 1 byte, so "over 64 MiB" is seen). */
  maxBytes?: number;
  /** The git executable (default `git` on the PATH). */
  git?: string;
  /** Stop git after this many milliseconds (code `null`); default none. A command git runs for memkit (a merge-driver probe) is bounded by it. */
  timeoutMs?: number;
}

/** Runs git with an argument array in a directory: the runner `memkit/git` takes (`gitBaseFiles`, `resolveRevision`, `configureDriver`). */
export interface NodeGitRunner {
  run(args: readonly string[]): Promise<GitRun>;
}

/**
 * A git runner over `child_process.execFile` in `cwd`: arguments as an array,
 * never through a shell, and stdin closed at once, so nothing git runs waits on input.
 * @example const run = nodeGitRunner(process.cwd()); (await run.run(['rev-parse', '--verify', '--quiet', 'HEAD'])).code // 0
 */
export function nodeGitRunner(cwd: string, options: NodeGitRunnerOptions = {}): NodeGitRunner {
  const maxBuffer = options.maxBytes ?? 64 * 1024 * 1024 + 1;
  const env = { ...process.env, ...options.env };
  return {
    run(args) {
      return new Promise((resolve) => {
        const child = execFile(
          options.git ?? 'git',
          [...args],
          { cwd, env, encoding: 'buffer', maxBuffer, windowsHide: true, ...(options.timeoutMs ? { timeout: options.timeoutMs } : {}) },
          (err, stdout, stderr) => {
            const e = err as (NodeJS.ErrnoException & { code?: string | number }) | null;
            const overflow = e?.code === 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER';
            const killed = (e as { killed?: boolean } | null)?.killed === true;
            const code = e === null ? 0 : typeof e.code === 'number' ? e.code : overflow || killed ? null : e.code === 'ENOENT' ? 127 : ((e as { status?: number }).status ?? 1);
            resolve({
              code,
              stdout: new Uint8Array(stdout ?? []),
              stderr: e?.code === 'ENOENT' ? `cannot run ${options.git ?? 'git'}: not found` : Buffer.from(stderr ?? []).toString('utf8'),
              ...(overflow ? { overflow } : {}),
            });
          },
        );
        child.stdin?.end();
      });
    },
  };
}
