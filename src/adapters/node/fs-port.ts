import { statSync } from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';
import { MemkitError, error } from '../../kernel/problems/index.js';
import type { FilePort } from '../../kernel/file-port.js';
import { type FsFacade, atomicWrite, isCode, isTempName, nodeFs, readdirIfAny, recoverTemps, syncDir } from './atomic-write.js';

/** Extensions {@link nodeFiles} accepts by default: the memory formats' files (the WBS seed's `.yaml` and `.yml` among them) and the SQLite search index `memkit index` keeps. */
export const DEFAULT_EXTENSIONS: readonly string[] = ['.md', '.json', '.jsonl', '.ndjson', '.toml', '.yaml', '.yml', '.sql', '.txt', '.sqlite'];

/**
 * The suffix of a staging file: `<file>.tmp` beside `<file>`, written, read back and renamed over it (the WBS
 * memory's `memory_write`). {@link nodeFiles} allows it only on a name whose extension it allows, and renames it
 * only onto that name.
 */
export const STAGING_SUFFIX = '.tmp';

/** Options of {@link nodeFiles}. */
export interface NodeFilesOptions {
  /** Allowed file extensions, with the dot (default {@link DEFAULT_EXTENSIONS}); `null` allows any. */
  extensions?: readonly string[] | null;
  /** The file-system calls (default `node:fs/promises`); tests inject faults here. */
  fs?: FsFacade;
  /** Remove temp files left by interrupted writes before the first operation (default true). */
  recover?: boolean;
  /** Directory names `list` does not descend into (default `.git`, `node_modules`). */
  ignoreDirs?: readonly string[];
}

/** A {@link FilePort} on a directory, plus its housekeeping. */
export interface NodeFiles extends FilePort {
  /** The root directory, absolute. */
  readonly root: string;
  /** Removes temp files left by interrupted atomic writes; returns their root-relative paths. */
  recoverTemps(): Promise<string[]>;
  /** Removes the directory `path` if it is empty (an import's roll-back uses it); never removes content. */
  removeEmptyDir(path: string): Promise<void>;
  /** The directories directly under `prefix` (`''` for the root), root-relative and sorted. */
  listDirectories(prefix: string): Promise<string[]>;
  /** {@link FilePort.write} without the fsync of the file's directory: the name is durable once {@link syncDirectoriesOf} covers it. */
  writeNoDirSync(path: string, data: Uint8Array): Promise<void>;
  /** fsyncs, once each, the directories holding `paths` and their ancestors up to the root, so names created, renamed or removed there survive a crash. */
  syncDirectoriesOf(paths: Iterable<string>): Promise<void>;
  /**
   * The paths {@link FilePort.list} gives, each with a fingerprint (device,
   * inode, size, modification and change times: the same one means the same
   * bytes, as git's index tells), `undefined` for a file changed within the
   * last {@link RACY_MS} ms. `refreshIndex` skips files whose fingerprint it recorded.
   */
  listFingerprints(prefix: string): Promise<[path: string, fingerprint: string | undefined][]>;
}

/** How recent a change must be for {@link NodeFiles.listFingerprints} not to vouch for a file (timestamps are as coarse as 2 s on some file systems). */
export const RACY_MS = 3000;

/** The fingerprint of a file from its stat, or `undefined` when it changed at or after `trustedBefore` (ms since the epoch). */
function fingerprintOf(st: Awaited<ReturnType<NonNullable<FsFacade['stat']>>>, trustedBefore: number): string | undefined {
  if (st.mtimeMs >= trustedBefore || st.ctimeMs >= trustedBefore) return undefined;
  return `${st.dev}:${st.ino}:${st.size}:${st.mtimeMs}:${st.ctimeMs}`;
}

// The path of entry `name` of directory `dir` (absolute, normalized): path.join would normalize it all again.
const childPath = (dir: string, name: string) => (dir.endsWith(sep) ? dir + name : dir + sep + name);

/** The root directory does not exist (yet): a read finds nothing, a write creates it. */
class RootMissing extends MemkitError {}

const fail = (code: string, message: string): never => {
  throw new MemkitError([error(code, message)]);
};

/** True when `p` is `base` or inside it. */
export function isInside(base: string, p: string): boolean {
  const rel = relative(base, p);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/** Problems with a root-relative path, or none: relative, `/`-separated, no `.`/`..`/empty segment, no NUL or backslash. */
export function checkRelativePath(path: unknown): string | undefined {
  if (typeof path !== 'string' || path.length === 0) return 'the path must be a non-empty string';
  if (path.includes('\0')) return 'the path contains a NUL byte';
  if (path.includes('\\')) return 'the path contains a backslash; use /';
  if (path.startsWith('/') || isAbsolute(path) || /^[A-Za-z]:/.test(path)) return 'the path is absolute';
  for (const seg of path.split('/')) {
    if (seg === '..') return 'the path has a ".." segment';
    if (seg === '' || seg === '.') return 'the path has an empty or "." segment';
  }
  return undefined;
}

/**
 * The file port of `memkit/node`: files under `root`, confined to it. Paths
 * are relative and `/`-separated; `..`, absolute paths, NUL bytes, links out
 * of the root and extensions outside the allowlist are refused (`MemkitError`:
 * `fs.bad-path`, `fs.outside-root`, `fs.extension-not-allowed`); a staging file
 * `<file>.tmp` of an allowed `<file>` may be written, read, removed and renamed
 * onto `<file>` ({@link STAGING_SUFFIX}), and is never listed. Writes are atomic.
 *
 * @example
 * const files = nodeFiles(process.cwd());
 * await files.write('.thunderus/memory/CORE.md', new TextEncoder().encode('# Core\n'));
 */
export function nodeFiles(root: string, options: NodeFilesOptions = {}): NodeFiles {
  const fs = options.fs ?? nodeFs;
  const extensions = options.extensions === undefined ? DEFAULT_EXTENSIONS : options.extensions;
  const ignoreDirs = new Set(options.ignoreDirs ?? ['.git', 'node_modules']);
  let realRoot: Promise<string> | undefined;
  // A root not there yet: reads find no file, lists are empty, and the first write creates it (`create`).
  const getRoot = (create = false): Promise<string> => {
    const found = (realRoot ??= (async () => {
      let r: string;
      try {
        r = await fs.realpath(root);
      } catch (e) {
        if (!isCode(e, 'ENOENT')) throw e;
        if (!create) throw new RootMissing([error('fs.not-found', `the directory ${root} does not exist`)]);
        await fs.mkdir(root);
        r = await fs.realpath(root);
      }
      if (options.recover !== false) await recoverTemps(r, fs);
      return r;
    })());
    // Only a root found is remembered: a missing one is looked for again, and made by a write.
    found.catch(() => {
      if (realRoot === found) realRoot = undefined;
    });
    return found;
  };

  const allowed = (rel: string) => extensions === null || extensions.some((e) => rel.toLowerCase().endsWith(e));
  // A staging file `<file>.tmp` (stage, verify, rename) is allowed only where `<file>` is.
  const isStaging = (rel: string) => !allowed(rel) && rel.toLowerCase().endsWith(STAGING_SUFFIX) && allowed(rel.slice(0, -STAGING_SUFFIX.length));

  // The absolute path for `rel`, its shape, extension and links checked, and whether it existed then.
  const locate = async (rel: string, checkExtension = true, create = false): Promise<{ abs: string; exists: boolean }> => {
    const bad = checkRelativePath(rel);
    if (bad !== undefined) fail('fs.bad-path', `${bad}: ${JSON.stringify(String(rel))}`);
    if (checkExtension && extensions !== null && !allowed(rel) && !isStaging(rel))
      fail('fs.extension-not-allowed', `"${rel}" does not end with one of ${extensions.join(', ')} (or, for a staging file, one of them and ${STAGING_SUFFIX})`);
    const base = await getRoot(create);
    const abs = join(base, ...rel.split('/'));
    // Resolve the deepest existing ancestor (or the file itself) through symbolic links.
    let probe = abs;
    for (;;) {
      try {
        const real = await fs.realpath(probe);
        if (!isInside(base, real)) fail('fs.outside-root', `"${rel}" leads outside the root through a symbolic link`);
        return { abs, exists: probe === abs };
      } catch (e) {
        if (e instanceof MemkitError) throw e;
        if (!isCode(e, 'ENOENT', 'ENOTDIR') || probe === base) throw e;
        probe = join(probe, '..');
      }
    }
  };
  const resolve = async (rel: string, checkExtension = true, create = false): Promise<string> => (await locate(rel, checkExtension, create)).abs;
  const resolveDir = async (prefix: string): Promise<string> => (prefix === '' ? getRoot() : resolve(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix, false));

  // The files under `prefix` (sorted), each with its fingerprint when `fingerprints` is set.
  const listed = async (prefix: string, fingerprints: boolean): Promise<[string, string | undefined][]> => {
    const base = await getRoot();
    const start = await resolveDir(prefix);
    const trustedBefore = Date.now() - RACY_MS;
    const out: [string, string | undefined][] = [];
    // `relDir`: the root-relative path of `dir` with a trailing '/' ('' for the root).
    const walk = async (dir: string, relDir: string): Promise<void> => {
      const entries = await readdirIfAny(fs, dir);
      for (const entry of entries) {
        const full = childPath(dir, entry.name);
        let isFile = entry.isFile();
        if (entry.isDirectory()) {
          if (!ignoreDirs.has(entry.name)) await walk(full, `${relDir}${entry.name}/`);
          continue;
        }
        if (entry.isSymbolicLink()) {
          // Listed only when it is a file that stays inside the root; linked directories are not followed.
          try {
            const real = await fs.realpath(full);
            isFile = isInside(base, real) && !(await isDirectory(fs, real));
          } catch {
            isFile = false;
          }
        }
        if (!isFile || isTempName(entry.name)) continue;
        const lower = entry.name.toLowerCase();
        if (extensions !== null && !extensions.some((e) => lower.endsWith(e))) continue;
        let print: string | undefined;
        // On the real file system a synchronous stat: a tenth of the CPU of a promise each (10,000 files: about
        // 30 ms, not 100), and a listing is one burst either way. An injected facade is awaited, one stat at a
        // time: thousands in flight would survive into the old generation.
        if (fingerprints && fs.stat !== undefined) {
          try {
            print = fingerprintOf(fs === nodeFs ? statSync(full) : await fs.stat(full), trustedBefore);
          } catch {
            // Gone or unreadable since the directory was read: no fingerprint, so a refresh reads it.
          }
        }
        out.push([relDir + entry.name, print]);
      }
    };
    await walk(start, start === base ? '' : `${relative(base, start).split(sep).join('/')}/`);
    return out.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  };

  const listedIfAny = (prefix: string, fingerprints: boolean) =>
    listed(prefix, fingerprints).catch((e: unknown) => {
      if (e instanceof RootMissing) return [];
      throw e;
    });

  const port: NodeFiles = {
    root,
    async read(path) {
      const { abs, exists } = await locate(path).catch((e: unknown) => {
        if (e instanceof RootMissing) return { abs: '', exists: false };
        throw e;
      });
      // Missing when checked: nothing to open (a file created since is read by the next call).
      if (!exists) return undefined;
      try {
        return new Uint8Array(await fs.readFile(abs));
      } catch (e) {
        if (isCode(e, 'ENOENT', 'ENOTDIR')) return undefined;
        throw e;
      }
    },
    async write(path, data) {
      await atomicWrite(await resolve(path, true, true), data, fs);
    },
    async writeNoDirSync(path, data) {
      await atomicWrite(await resolve(path, true, true), data, fs, { syncDir: false });
    },
    async syncDirectoriesOf(paths) {
      const dirs = new Set<string>();
      for (const p of paths) for (let i = p.lastIndexOf('/'); i > 0 && !dirs.has(p.slice(0, i)); i = p.lastIndexOf('/', i - 1)) dirs.add(p.slice(0, i));
      for (const d of dirs) await syncDir(await resolve(d, false), fs);
      await syncDir(await getRoot(), fs);
    },
    async rename(from, to) {
      // A staging file goes only onto its own file, and nothing goes onto a staging name.
      if (isStaging(to)) fail('fs.extension-not-allowed', `"${to}" is a staging name (${STAGING_SUFFIX}); a file is not renamed onto one`);
      if (isStaging(from) && to !== from.slice(0, -STAGING_SUFFIX.length))
        fail('fs.extension-not-allowed', `the staging file "${from}" may only be renamed onto "${from.slice(0, -STAGING_SUFFIX.length)}", not "${to}"`);
      const a = await resolve(from);
      const b = await resolve(to);
      try {
        // The target's directory is created only when the rename fails for want of it (or of the source).
        await fs.rename(a, b).catch(async (e: unknown) => {
          if (!isCode(e, 'ENOENT')) throw e;
          await fs.mkdir(join(b, '..'));
          await fs.rename(a, b);
        });
      } catch (e) {
        if (isCode(e, 'ENOENT')) fail('fs.not-found', `rename: "${from}" does not exist`);
        throw e;
      }
    },
    async remove(path) {
      try {
        await fs.unlink(await resolve(path));
      } catch (e) {
        if (!isCode(e, 'ENOENT', 'ENOTDIR')) throw e;
      }
    },
    async list(prefix) {
      return (await listedIfAny(prefix, false)).map(([rel]) => rel);
    },
    async listFingerprints(prefix) {
      return listedIfAny(prefix, true);
    },
    async removeEmptyDir(path) {
      if (fs.rmdir === undefined) return;
      const abs = await resolve(path, false).catch((e: unknown) => {
        if (e instanceof RootMissing) return undefined;
        throw e;
      });
      if (abs === undefined) return;
      if (abs === (await getRoot())) return;
      try {
        await fs.rmdir(abs);
      } catch (e) {
        if (!isCode(e, 'ENOENT', 'ENOTDIR', 'ENOTEMPTY', 'EEXIST')) throw e;
      }
    },
    async listDirectories(prefix) {
      const base = await getRoot().catch((e: unknown) => {
        if (e instanceof RootMissing) return undefined;
        throw e;
      });
      if (base === undefined) return [];
      const start = await resolveDir(prefix);
      return (await readdirIfAny(fs, start))
        .filter((e) => e.isDirectory())
        .map((e) => relative(base, join(start, e.name)).split(sep).join('/'))
        .sort();
    },
    async recoverTemps() {
      const base = await getRoot().catch((e: unknown) => {
        if (e instanceof RootMissing) return undefined;
        throw e;
      });
      if (base === undefined) return [];
      return (await recoverTemps(base, fs)).map((p) => relative(base, p).split(sep).join('/'));
    },
  };
  return port;
}

async function isDirectory(fs: FsFacade, path: string): Promise<boolean> {
  try {
    await fs.readdir(path);
    return true;
  } catch {
    return false;
  }
}
