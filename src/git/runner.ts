import type { BaseFiles } from './check-base.js';

/** What one git invocation gave: its exit code, stdout bytes and stderr text (`memkit/node`'s `nodeGitRunner` makes them). */
export interface GitResult {
  code: number | null;
  stdout: Uint8Array;
  stderr: string;
  /** True when stdout was larger than the runner reads. */
  overflow?: boolean;
}

/** The port to git: runs `git` with an argument array (never a shell) in the checked directory. */
export interface GitRunner {
  run(args: readonly string[]): Promise<GitResult>;
}

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

/**
 * The commit a revision names (`git rev-parse --verify --quiet REV^{commit}`),
 * or `undefined` when it names none. A revision starting with `-` is refused,
 * so it cannot be read as an option.
 */
export async function resolveRevision(git: GitRunner, rev: string): Promise<string | undefined> {
  if (rev === '' || rev.startsWith('-') || rev.includes('\u0000')) return undefined;
  const r = await git.run(['rev-parse', '--verify', '--quiet', '--end-of-options', `${rev}^{commit}`]);
  return r.code === 0 ? text(r.stdout).trim() : undefined;
}

/**
 * The files of the checked directory at a commit, read with `git show
 * COMMIT:./path` and listed with `git ls-tree` (no checkout, no work tree
 * change). Pass the commit {@link resolveRevision} gave, so every read sees
 * one revision. A file larger than the runner reads is `undefined` (not
 * compared).
 */
export function gitBaseFiles(git: GitRunner, commit: string): BaseFiles {
  return {
    async read(path) {
      const r = await git.run(['show', `${commit}:./${path}`]);
      return r.code === 0 && !r.overflow ? r.stdout : undefined;
    },
    async list() {
      const r = await git.run(['ls-tree', '-r', '-z', '--name-only', commit, '--', '.']);
      if (r.code !== 0) return [];
      return text(r.stdout)
        .split('\u0000')
        .filter((p) => p !== '');
    },
  };
}
