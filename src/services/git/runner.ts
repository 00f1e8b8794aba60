/** The files of the base revision, as `checkAgainstBase` reads them (`gitBaseFiles`, or a map in a test). */
export interface BaseFiles {
  /** The bytes of `path` (root-relative) at the base, `undefined` when the base has no such file, `{ unreadable }` when it cannot be read. */
  read(path: string): Promise<Uint8Array | undefined | BaseUnreadable>;
  /** Every file path under the checked root at the base (to find files deleted since), or `{ unreadable }` when the listing failed. */
  list(): Promise<string[] | BaseUnreadable>;
}

/** What a {@link BaseFiles} port answers for something the base has but it could not read: why, in one line. */
export interface BaseUnreadable {
  unreadable: string;
}

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

/** A full object id: SHA-1 (40 hex digits) or SHA-256 (64). */
const OBJECT_ID = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

/**
 * The one commit a revision names (`git rev-parse --verify REV^{commit}`), or
 * `undefined` when it names none or more than one thing: a revision starting
 * with `-` (an option), an exclusion (`^HEAD`), a range (`A..B`), `HEAD^@`.
 * @example await resolveRevision(nodeGitRunner(process.cwd()), 'origin/main') // '3f2a…' (40 hex digits)
 */
export async function resolveRevision(git: GitRunner, rev: string): Promise<string | undefined> {
  if (rev === '' || rev.startsWith('-') || rev.includes('\u0000')) return undefined;
  const r = await git.run(['rev-parse', '--verify', '--quiet', '--end-of-options', `${rev}^{commit}`]);
  if (r.code !== 0 || r.overflow) return undefined;
  const out = text(r.stdout).replace(/\r?\n$/, '');
  return OBJECT_ID.test(out) ? out : undefined;
}

/** The line of git's error output that says what failed, with any `user:password@` of a URL in it hidden (a remote URL may carry a token). */
function gitReason(r: GitResult): string {
  const lines = r.stderr.split('\n').filter((l) => l.trim() !== '');
  // The last fatal line says what failed (a partial clone's is "could not fetch <id> from promisor remote").
  const reason = (lines.filter((l) => /^(fatal|error):/.test(l)).pop() ?? lines[0] ?? `git exited with ${String(r.code)}`).trim();
  return reason.replace(/([a-z][a-z0-9+.-]*:\/\/)[^\s/@]*@/gi, '$1***@').slice(0, 300);
}

/**
 * The files of the checked directory at a commit (from {@link resolveRevision}),
 * read with `git show COMMIT:./path` and listed once with `git ls-tree`, no
 * checkout. A path the listing lacks is `undefined`; a listed file git cannot
 * give, or a failed listing, is `{ unreadable }` with git's reason.
 */
export function gitBaseFiles(git: GitRunner, commit: string): BaseFiles {
  let listing: Promise<string[] | BaseUnreadable> | undefined;
  const list = (): Promise<string[] | BaseUnreadable> => {
    listing ??= git.run(['ls-tree', '-r', '-z', '--name-only', '--end-of-options', commit, '--', '.']).then((r) => {
      if (r.overflow) return { unreadable: 'the file list of the base revision is larger than the git runner reads' };
      if (r.code !== 0) return { unreadable: gitReason(r) };
      const paths = text(r.stdout).split('\u0000');
      return paths.filter((p) => p !== '');
    });
    return listing;
  };
  let listed: Promise<Set<string> | undefined> | undefined;
  return {
    async read(path) {
      listed ??= list().then((l) => (Array.isArray(l) ? new Set(l) : undefined));
      const paths = await listed;
      if (paths !== undefined && !paths.has(path)) return undefined;
      const r = await git.run(['show', `${commit}:./${path}`]);
      if (r.overflow) return { unreadable: 'it is larger than the git runner reads' };
      return r.code === 0 ? r.stdout : { unreadable: gitReason(r) };
    },
    list,
  };
}
