import { type BigIntStats, type Dirent, constants } from 'node:fs';
import { type FileHandle, lstat, open, readdir, realpath, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { SKIPPED_DIRS } from '../../engine/layout.js';
import { type Layout, classifyPath, isMemoryLocation, layoutOf } from '../../formats/index.js';
import { type CheckSource, type SourceFile, entersListScope, tooLarge } from '../../engine/source.js';
import { type Problem, type Result, error, fail, ok, warning } from '../../kernel/problems/index.js';
import { isInside } from './fs-port.js';

/** Options of {@link nodeCheckSource}. */
export interface NodeCheckSourceOptions {
  /** Files larger than this are `check.too-large` and not read (default: no limit). */
  maxFileBytes?: number;
}

// O_NONBLOCK: a FIFO or device must not wait for a writer; O_NOFOLLOW: the last component must not
// have become a link since the listing (0 where the platform lacks them).
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0);
const CHUNK = 1 << 20;

// Where memory lives by its path: a link there that leaves the tree hides memory the check cannot vouch for.
function claimsMemory(path: string, layout: Layout): boolean {
  const cls = classifyPath(path, layout);
  return isMemoryLocation(path) || (cls !== undefined && 'format' in cls);
}

/**
 * The {@link CheckSource} of `memkit/node`: the files under a real directory,
 * confined to it. A link out of it is `check.outside-root`, neither followed
 * nor read; one inside is followed (a directory once, a loop is
 * `check.symlink-loop`); `.git` and `node_modules` are skipped. Reads open
 * only the regular file the walk listed (else `check.not-regular-file` or
 * `check.unreadable`), within `maxFileBytes` (else `check.too-large`).
 *
 * @example
 * import { checkDirectory } from 'memkit/check';
 * import { nodeCheckSource } from 'memkit/node';
 * const report = await checkDirectory(nodeCheckSource('.', { maxFileBytes: 64 << 20 }));
 */
export function nodeCheckSource(root: string, options: NodeCheckSourceOptions = {}): CheckSource {
  const maxFileBytes = options.maxFileBytes ?? Number.POSITIVE_INFINITY;
  let rootReal: Promise<string> | undefined;
  // A root that cannot be resolved yet (not created) is tried again on the next call, not remembered as failed.
  const realRoot = () =>
    (rootReal ??= realpath(root).catch((cause: unknown) => {
      rootReal = undefined;
      throw cause;
    }));

  return {
    async list(scope) {
      const files: SourceFile[] = [];
      const problems: Problem[] = [];
      const seen = new Set<string>();
      let base: string;
      try {
        base = await realRoot();
      } catch (cause) {
        return { files, problems: [error('check.unreadable', `cannot read the directory: ${errCode(cause)}`, { file: '.' })] };
      }
      seen.add(base);
      const addFile = (path: string, info: BigIntStats) => {
        files.push({ path, size: Number(info.size) });
      };
      // Iterative walk: [relative dir, its real path, the real paths of its ancestors].
      const stack: [string, string, string[]][] = [['', base, [base]]];
      // Linked directories are walked after every real one, so a link never claims a directory the tree holds itself.
      const linked: [string, string, string[]][] = [];
      // Links leading out of the tree; whether each claims memory depends on its siblings (a bank is a directory).
      const outside: string[] = [];
      while (stack.length > 0 || linked.length > 0) {
        if (stack.length === 0) {
          const next = linked.shift()!;
          if (seen.has(next[1])) continue;
          seen.add(next[1]);
          stack.push(next);
        }
        const [rel, real, ancestors] = stack.pop()!;
        let entries: Dirent[];
        try {
          // The real path, not root + rel: a directory swapped for a link cannot lead the walk out.
          entries = await readdir(real, { withFileTypes: true });
        } catch (cause) {
          problems.push(error('check.unreadable', `cannot read the directory: ${errCode(cause)}`, { file: rel || '.' }));
          continue;
        }
        entries.sort((a, b) => (a.name < b.name ? 1 : a.name > b.name ? -1 : 0));
        for (const e of entries) {
          const path = rel === '' ? e.name : `${rel}/${e.name}`;
          const abs = join(real, e.name);
          // Regular files, and FIFOs, sockets and devices too: the reader reports those where a format is expected.
          const info = e.isDirectory() || e.isSymbolicLink() ? undefined : await lstat(abs, { bigint: true }).catch(() => undefined);
          if (e.isDirectory() || info?.isDirectory()) {
            if (SKIPPED_DIRS.has(e.name) || (scope !== undefined && !entersListScope(scope, path))) continue;
            seen.add(abs);
            stack.push([path, abs, [...ancestors, abs]]);
            continue;
          }
          if (!e.isSymbolicLink() && !info?.isSymbolicLink()) {
            if (info !== undefined) addFile(path, info); // else it vanished since the directory was read
            continue;
          }
          let target: string;
          try {
            target = await realpath(abs);
          } catch (cause) {
            const code = (cause as NodeJS.ErrnoException).code;
            if (code === 'ELOOP') problems.push(error('check.symlink-loop', 'this symbolic link resolves to itself (a loop); it was not followed', { file: path }));
            else problems.push(warning('check.unreadable', `this symbolic link points nowhere (${code ?? 'error'}); it was not followed`, { file: path }));
            continue;
          }
          if (!isInside(base, target)) {
            outside.push(path);
            continue;
          }
          const targetInfo = await stat(target, { bigint: true }).catch(() => undefined);
          if (targetInfo === undefined) continue;
          if (targetInfo.isDirectory()) {
            if (SKIPPED_DIRS.has(e.name)) continue;
            if (ancestors.includes(target)) {
              problems.push(error('check.symlink-loop', 'this symbolic link points back to a directory that contains it; it was not followed', { file: path }));
              continue;
            }
            // A scoped walk skips a link to a directory the whole walk reaches as itself (and so never follows).
            if (scope !== undefined && (!entersListScope(scope, path) || reachedAsItself(base, target))) continue;
            linked.push([path, target, [...ancestors, target]]);
          } else addFile(path, targetInfo);
        }
      }
      const layout = layoutOf([...files.map((f) => f.path), ...outside]);
      for (const path of outside) {
        const problem = claimsMemory(path, layout) ? error : warning;
        problems.push(problem('check.outside-root', 'this symbolic link leads outside the checked directory; it was neither followed nor read', { file: path }));
      }
      files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
      return { files, problems };
    },

    read: (path) =>
      withOpened(
        path,
        () => fail([error('check.unreadable', 'cannot read the file: ENOENT', { file: path })]),
        async ({ handle, info }) => {
          // A file replaced since the listing (another writer's atomic rename) is read as it is now: the handle
          // was checked to be a regular file inside the root, within the size limit. Refusing it would drop a
          // memory file from a check, or from the formats a server offers tools for, whenever a writer is busy.
          return readAll(handle, path, Number(info.size), maxFileBytes);
        },
      ),

    slice: (path, offset, length) =>
      withOpened(
        path,
        () => ok(undefined),
        async ({ handle, info, target }) => {
          const size = Number(info.size);
          const start = Math.min(Math.max(offset, 0), size);
          const buf = new Uint8Array(Math.max(Math.min(length, size - start), 0));
          let got = 0;
          while (got < buf.length) {
            const { bytesRead } = await handle.read(buf, got, buf.length - got, start + got);
            if (bytesRead === 0) break;
            got += bytesRead;
          }
          return ok({ bytes: buf.subarray(0, got), size, target });
        },
      ),
  };

  // Runs `fn` on `path` opened by openChecked and closes it after: a missing file is `missing()`, a thrown error `check.unreadable`.
  async function withOpened<T>(path: string, missing: () => Result<T>, fn: (file: OpenFile) => Promise<Result<T>>): Promise<Result<T>> {
    let opened: Opened | undefined;
    try {
      opened = await openChecked(path);
      if (opened === undefined) return missing();
      if (!opened.ok) return opened;
      return await fn(opened.value);
    } catch (cause) {
      return fail([error('check.unreadable', `cannot read the file: ${errCode(cause)}`, { file: path })]);
    } finally {
      if (opened?.ok) await opened.value.handle.close().catch(() => undefined);
    }
  }

  // Opens `path` when it is a regular file inside the root within the size limit: the refusals of `read` and `slice`.
  async function openChecked(path: string): Promise<Opened | undefined> {
    const base = await realRoot();
    let real: string;
    try {
      real = await realpath(join(base, ...path.split('/')));
    } catch (cause) {
      if ((cause as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw cause;
    }
    if (!isInside(base, real)) return fail([error('check.outside-root', 'this path leads outside the checked directory through a symbolic link; it was not read', { file: path })]);
    // Refuse what is not a regular file before opening it: opening some devices has effects.
    if (!(await stat(real)).isFile()) return fail([notRegular(path)]);
    const handle = await open(real, OPEN_FLAGS);
    let handedOver = false;
    try {
      // The handle is what gets read: check it, not the path, which may have changed since.
      const info = await handle.stat({ bigint: true });
      if (!info.isFile()) return fail([notRegular(path)]);
      if (info.size > BigInt(Math.min(maxFileBytes, Number.MAX_SAFE_INTEGER))) return fail([tooLarge(path, Number(info.size), maxFileBytes)]);
      handedOver = true;
      return ok({ handle, info, target: relative(base, real).split(sep).join('/') });
    } finally {
      if (!handedOver) await handle.close().catch(() => undefined);
    }
  }
}

type OpenFile = { handle: FileHandle; info: BigIntStats; target: string };
type Opened = Result<OpenFile>;

// Reads to end of file, refusing to grow past the limit (a file may grow after fstat).
async function readAll(handle: FileHandle, path: string, expected: number, limit: number): Promise<Result<Uint8Array>> {
  let buf = new Uint8Array(Math.min(Math.max(expected, 0), limit) + 1);
  let length = 0;
  for (;;) {
    if (length === buf.length) {
      if (length > limit) return fail([tooLarge(path, length, limit)]);
      const next = new Uint8Array(Math.min(buf.length + Math.max(buf.length, CHUNK), limit + 1));
      next.set(buf);
      buf = next;
    }
    const { bytesRead } = await handle.read(buf, length, buf.length - length, null);
    if (bytesRead === 0) break;
    length += bytesRead;
  }
  if (length > limit) return fail([tooLarge(path, length, limit)]);
  return ok(buf.subarray(0, length));
}

// A directory inside the root that the walk meets under its own path: none of its ancestors is skipped.
const reachedAsItself = (base: string, dir: string) =>
  relative(base, dir)
    .split(sep)
    .every((s) => !SKIPPED_DIRS.has(s));
const errCode = (cause: unknown) => (cause as NodeJS.ErrnoException).code ?? (cause as Error).message;
const notRegular = (path: string) => error('check.not-regular-file', 'this is not a regular file (a FIFO, socket or device); it was not read', { file: path });
