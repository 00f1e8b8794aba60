import { randomBytes } from 'node:crypto';
import { realpathSync, statSync } from 'node:fs';
import * as fsp from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** An open file as {@link atomicWrite} uses it. */
export interface FsFileHandle {
  writeFile(data: Uint8Array): Promise<void>;
  sync(): Promise<void>;
  close(): Promise<void>;
}

/** The file-system calls the Node file port makes, as an object: tests inject faults, other platforms supply their own; {@link nodeFs} is the real one. */
export interface FsFacade {
  open(path: string, flags: string, mode?: number): Promise<FsFileHandle>;
  readFile(path: string): Promise<Uint8Array>;
  rename(from: string, to: string): Promise<void>;
  unlink(path: string): Promise<void>;
  mkdir(path: string): Promise<void>;
  readdir(path: string): Promise<{ name: string; isFile(): boolean; isDirectory(): boolean; isSymbolicLink(): boolean }[]>;
  realpath(path: string): Promise<string>;
  /** Removes an empty directory (fails when it is not empty), after a rolled-back import. */
  rmdir?(path: string): Promise<void>;
  /** The metadata a fingerprint uses, following links; without it files have no fingerprint and are read. */
  stat?(path: string): Promise<{ dev: number; ino: number; size: number; mtimeMs: number; ctimeMs: number }>;
}

/** The real file system (`node:fs/promises`; `realpath` and `stat` run synchronously). */
export const nodeFs: FsFacade = {
  open: (path, flags, mode) => fsp.open(path, flags, mode),
  readFile: (path) => fsp.readFile(path),
  rename: (from, to) => fsp.rename(from, to),
  unlink: (path) => fsp.unlink(path),
  mkdir: async (path) => {
    await fsp.mkdir(path, { recursive: true });
  },
  readdir: (path) => fsp.readdir(path, { withFileTypes: true }),
  // Synchronous on purpose: a few cached lookups, where an asynchronous call waits behind every fsync in flight.
  realpath: async (path) => realpathSync.native(path),
  rmdir: (path) => fsp.rmdir(path),
  stat: async (path) => statSync(path),
};

/** Temp files of atomic writes end with this; {@link recoverTemps} removes leftovers. */
export const TEMP_SUFFIX = '.memkit-tmp';

// Temp files of writes in progress in this process; recovery leaves them alone.
const inFlight = new Set<string>();

/** memkit's temp file names: `.<name>.<pid>-<32 hex>.memkit-tmp`; a user's file merely ending in `.memkit-tmp` is not one. */
const TEMP_NAME = /^\..+\.(\d+)-[0-9a-f]{32}\.memkit-tmp$/;

/** True when `name` (a file name, not a path) is the name of one of memkit's temp files. */
export function isTempName(name: string): boolean {
  return TEMP_NAME.test(name);
}

/**
 * Replaces the file at absolute `path` with `data` so that readers (and a
 * crash) see the old bytes or the new, never a mix: a temp file beside it,
 * fsynced, renamed over it, the directory fsynced (not with `syncDir: false`,
 * for a caller that syncs each directory once: {@link syncDir}). A crash can
 * leave a temp file, which {@link recoverTemps} removes.
 */
export async function atomicWrite(path: string, data: Uint8Array, fs: FsFacade = nodeFs, options: { syncDir?: boolean } = {}): Promise<void> {
  const dir = dirname(path);
  const tmp = join(dir, `.${basename(path)}.${process.pid}-${randomBytes(16).toString('hex')}${TEMP_SUFFIX}`);
  inFlight.add(tmp);
  try {
    // The directory is created only when the create fails for want of it: one call fewer per file of a directory that exists.
    const handle = await fs.open(tmp, 'wx', 0o644).catch(async (e: unknown) => {
      if (!isCode(e, 'ENOENT')) throw e;
      await fs.mkdir(dir);
      return fs.open(tmp, 'wx', 0o644);
    });
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(tmp, path);
  } catch (e) {
    await fs.unlink(tmp).catch(() => undefined);
    throw e;
  } finally {
    inFlight.delete(tmp);
  }
  if (options.syncDir !== false) await syncDir(dir, fs);
}

/** fsyncs a directory so a rename in it is durable; a platform that cannot (Windows) is ignored. */
export async function syncDir(dir: string, fs: FsFacade = nodeFs): Promise<void> {
  let handle: FsFileHandle;
  try {
    handle = await fs.open(dir, 'r');
  } catch (e) {
    if (isCode(e, 'EISDIR', 'EPERM', 'EACCES')) return;
    throw e;
  }
  try {
    await handle.sync();
  } catch (e) {
    if (!isCode(e, 'EINVAL', 'EPERM', 'EBADF', 'EISDIR')) throw e;
  } finally {
    await handle.close();
  }
}

/** True when `e` is a Node system error with one of these codes. */
export function isCode(e: unknown, ...codes: string[]): boolean {
  return typeof e === 'object' && e !== null && codes.includes(String((e as { code?: unknown }).code));
}

// A temp file may belong to a write still running: this process's in-flight writes, or another live process's.
function maybeInUse(full: string, name: string): boolean {
  if (inFlight.has(full)) return true;
  const m = TEMP_NAME.exec(name);
  if (m === null) return true; // not memkit's: never removed
  const pid = Number(m[1]);
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return isCode(e, 'EPERM');
  }
}

/** The entries of directory `dir`; none when it is gone or not a directory (a walk racing a removal). */
export async function readdirIfAny(fs: FsFacade, dir: string): Promise<Awaited<ReturnType<FsFacade['readdir']>>> {
  try {
    return await fs.readdir(dir);
  } catch (e) {
    if (isCode(e, 'ENOENT', 'ENOTDIR')) return [];
    throw e;
  }
}

/**
 * Removes the temp files ({@link isTempName}) left by interrupted atomic
 * writes under absolute `dir`, recursively without following links, except
 * those of writes still running in a live process. Returns the removed paths.
 */
export async function recoverTemps(dir: string, fs: FsFacade = nodeFs): Promise<string[]> {
  const removed: string[] = [];
  const walk = async (d: string): Promise<void> => {
    const entries = await readdirIfAny(fs, d);
    for (const entry of entries) {
      const full = join(d, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile() && isTempName(entry.name) && !maybeInUse(full, entry.name)) {
        await fs.unlink(full);
        removed.push(full);
      }
    }
  };
  await walk(dir);
  return removed.sort();
}
