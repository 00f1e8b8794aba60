/**
 * The files of the base revision: the port `checkAgainstBase` reads the
 * old versions through (`gitBaseFiles` reads them with `git show REV:./path`,
 * without a checkout; a test passes a map).
 */
export interface BaseFiles {
  /**
   * The bytes of `path` (relative to the checked root, `/`-separated) at the
   * base, `undefined` when the base has no such file, or `{ unreadable }`
   * when it has one that cannot be read (a missing object, a size limit).
   */
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
 * The one commit a revision names (`git rev-parse --verify --end-of-options
 * REV^{commit}`), or `undefined` when it names none or more than one thing.
 * A revision starting with `-` is refused (it would read as an option), and
 * so is anything git answers with other than a single object id: `^HEAD`
 * (an exclusion, printed as `^<id>`), a range (`A..B`, `A...B`), `HEAD^@`.
 * @example await resolveRevision(git, 'origin/main') // '3f2a…' (40 hex digits)
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
  const first = lines.filter((l) => /^(fatal|error):/.test(l)).pop() ?? lines[0] ?? `git exited with ${String(r.code)}`;
  return first
    .trim()
    .replace(/([a-z][a-z0-9+.-]*:\/\/)[^\s/@]*@/gi, '$1***@')
    .slice(0, 300);
}

/**
 * The files of the checked directory at a commit, read with `git show
 * COMMIT:./path` and listed once with `git ls-tree` (no checkout, no work
 * tree change). Pass the commit {@link resolveRevision} gave, so every read
 * sees one revision. A path the listing does not hold is `undefined` (new
 * since the base); a listed file git cannot give (a partial clone whose
 * remote is unreachable, a missing object, more bytes than the runner reads)
 * is `{ unreadable }` with git's reason, and so is a listing that fails.
 */
export function gitBaseFiles(git: GitRunner, commit: string): BaseFiles {
  let listing: Promise<string[] | BaseUnreadable> | undefined;
  const list = (): Promise<string[] | BaseUnreadable> => {
    listing ??= git.run(['ls-tree', '-r', '-z', '--name-only', '--end-of-options', commit, '--', '.']).then((r) => {
      if (r.overflow) return { unreadable: 'the file list of the base revision is larger than the git runner reads' };
      if (r.code !== 0) return { unreadable: gitReason(r) };
      return text(r.stdout)
        .split('\u0000')
        .filter((p) => p !== '');
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
