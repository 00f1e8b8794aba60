import { randomToken } from '../../kernel/canonical/bytes.js';
import type { FilePort } from '../../kernel/file-port.js';

/**
 * Staged writes: an import writes every file into `.memkit-staging-<token>/`
 * inside the target (token: 128 random bits), then renames them into place at
 * commit; a failed commit renames back what it moved. Layout of `S`:
 * - `S/marker.json` (`{"memkit_staging":"<token>"}`), written first: recovery
 *   touches only a directory whose name and marker carry the same token;
 * - `S/new/<path>`: the staged bytes; `S/old/<path>`: a file the commit replaced;
 * - `S/plan.json`: the paths the commit moves, written when it starts;
 * - `S/committed.json`: written once every file is in place.
 *
 * Each staged file is fsynced as written; a port that can defer directory
 * syncs (the node port) syncs each directory once before the plan and once
 * before `committed.json`. {@link recoverStaging} resolves a crash: before the
 * plan it removes the directory, with a plan and no `committed.json` it rolls
 * back, after it only removes the backups.
 */

const STAGING_DIR = /^\.memkit-staging-([0-9a-f]{32})$/;
const enc = new TextEncoder();
const dec = new TextDecoder();

/** True when `name` (one path segment) has the shape of a staging directory name. */
export function isStagingDirName(name: string): boolean {
  return STAGING_DIR.test(name);
}

/** The optional members of a port with directories (the node port): removing and listing them, and deferring directory fsyncs. */
interface RemovesDirs {
  removeEmptyDir?(path: string): Promise<void>;
  listDirectories?(prefix: string): Promise<string[]>;
  writeNoDirSync?(path: string, data: Uint8Array): Promise<void>;
  syncDirectoriesOf?(paths: Iterable<string>): Promise<void>;
}

/** A set of staged writes into one file port. */
export interface Staging {
  /** The staging directory, root-relative. */
  readonly dir: string;
  /** Writes `bytes` for `path` into the staging directory; settles when there is room for the next of {@link STAGE_IN_FLIGHT} writes, rejects with the first failed one. */
  stage(path: string, bytes: Uint8Array): Promise<void>;
  /** Waits for every staged write; rejects with the first that failed. */
  settle(): Promise<void>;
  /** Moves every staged file into place; on a failure moves back what it moved and returns why and the paths it could not put back. */
  commit(): Promise<{ unrestored: string[]; cause?: unknown }>;
  /** Discards the staged files (nothing was written outside the staging directory). */
  discard(): Promise<void>;
}

/** Staged writes in flight at once: each is fsync-bound, and overlapping a few lets the file system commit their fsyncs together. */
export const STAGE_IN_FLIGHT = 8;

/** Removes the staging directory `dir`: its files, then its directories (those of `staged` paths too, whose files may have moved out). */
async function removeAll(files: FilePort, dir: string, staged: Iterable<string> = []): Promise<void> {
  const paths = await files.list(dir);
  // Control files last, plan before committed before marker: a crash part-way never makes a committed import look interrupted.
  const control = [`${dir}/plan.json`, `${dir}/committed.json`, `${dir}/marker.json`];
  for (const p of paths) if (!control.includes(p)) await files.remove(p);
  for (const p of control) await files.remove(p);
  const dirs = new Set<string>([dir, `${dir}/new`, `${dir}/old`]);
  const all = [...paths, ...[...staged].flatMap((p) => [`${dir}/new/${p}`, `${dir}/old/${p}`])];
  for (const p of all) for (let i = p.lastIndexOf('/'); i > dir.length; i = p.lastIndexOf('/', i - 1)) dirs.add(p.slice(0, i));
  // Directories holding no file (say, only a temp file of a killed write, since removed) are found by walking.
  const { listDirectories } = files as RemovesDirs;
  if (listDirectories !== undefined) {
    const walk = async (d: string): Promise<void> => {
      for (const sub of await listDirectories.call(files, d)) {
        dirs.add(sub);
        await walk(sub);
      }
    };
    await walk(dir);
  }
  await removeEmptyDirs(files, [...dirs]);
}

// Deepest first, so each directory is empty when its turn comes; a directory that is not empty stays.
async function removeEmptyDirs(files: FilePort, dirs: string[]): Promise<void> {
  const rm = (files as RemovesDirs).removeEmptyDir;
  if (rm === undefined) return;
  for (const d of dirs.sort((a, b) => b.split('/').length - a.split('/').length || (a < b ? 1 : -1))) await rm.call(files, d).catch(() => undefined);
}

const parents = (path: string): string[] => {
  const out: string[] = [];
  for (let i = path.lastIndexOf('/'); i > 0; i = path.lastIndexOf('/', i - 1)) out.push(path.slice(0, i));
  return out;
};

/** Starts a staging area in `files` (writes its marker). */
export async function startStaging(files: FilePort): Promise<Staging> {
  const token = randomToken();
  const dir = `.memkit-staging-${token}`;
  const staged = new Set<string>();
  await files.write(`${dir}/marker.json`, enc.encode(JSON.stringify({ memkit_staging: token }) + '\n'));
  // Staged files are durable (fsynced) but their names only once synced per directory before the plan is written.
  const { writeNoDirSync, syncDirectoriesOf } = files as RemovesDirs;
  const stageWrite = writeNoDirSync !== undefined && syncDirectoriesOf !== undefined ? writeNoDirSync.bind(files) : files.write.bind(files);
  const syncDirs = async (paths: Iterable<string>) => syncDirectoriesOf?.call(files, paths);
  const writing = new Set<Promise<void>>();
  let failed: { cause: unknown } | undefined;
  const rethrow = () => {
    if (failed !== undefined) throw failed.cause;
  };
  const settle = async () => {
    while (writing.size > 0) await Promise.all(writing);
    rethrow();
  };
  return {
    dir,
    async stage(path, bytes) {
      // One path, one file: a second write of it (a bundle File at the records file's path) would make the plan ambiguous.
      if (staged.has(path)) throw new Error(`"${path}" is written twice by this import`);
      rethrow();
      staged.add(path);
      const w: Promise<void> = stageWrite(`${dir}/new/${path}`, bytes).then(
        () => void writing.delete(w),
        (cause: unknown) => {
          failed ??= { cause };
          writing.delete(w);
        },
      );
      writing.add(w);
      while (writing.size >= STAGE_IN_FLIGHT) await Promise.race(writing);
      rethrow();
    },
    settle,
    async discard() {
      await settle().catch(() => undefined);
      await removeAll(files, dir, staged).catch(() => undefined);
    },
    async commit() {
      const moved: { path: string; hadOld: boolean }[] = [];
      try {
        await settle();
        // Every staged name is on disk before the plan that a roll-back reads.
        await syncDirs([...staged].map((p) => `${dir}/new/${p}`));
        await files.write(`${dir}/plan.json`, enc.encode(JSON.stringify({ memkit_staging: token, paths: [...staged] }) + '\n'));
        const existing = new Set<string>();
        for (const path of staged) if ((await files.read(path)) !== undefined) existing.add(path);
        for (const path of staged) {
          const hadOld = existing.has(path);
          if (hadOld) await files.rename(path, `${dir}/old/${path}`);
          moved.push({ path, hadOld });
          await files.rename(`${dir}/new/${path}`, path);
        }
        // Every move is on disk before committed.json says the import stands.
        await syncDirs([...staged, ...[...existing].map((p) => `${dir}/old/${p}`)]);
        await files.write(`${dir}/committed.json`, enc.encode(JSON.stringify({ memkit_staging: token }) + '\n'));
      } catch (cause) {
        const unrestored = await rollBack(files, dir, moved);
        // Backups of files that could not be put back stay in the staging directory.
        if (unrestored.length === 0) await removeAll(files, dir, staged).catch(() => undefined);
        return { unrestored, cause };
      }
      // Left over only if this cleanup fails: then the next import finds committed.json and finishes it.
      await removeAll(files, dir, staged).catch(() => undefined);
      return { unrestored: [] };
    },
  };
}

/** Puts back what a commit moved, last first; returns the paths it could not restore. */
async function rollBack(files: FilePort, dir: string, moved: readonly { path: string; hadOld: boolean }[]): Promise<string[]> {
  const unrestored: string[] = [];
  const emptied: string[] = [];
  for (const { path, hadOld } of [...moved].reverse()) {
    try {
      const placed = (await files.read(`${dir}/new/${path}`)) === undefined;
      if (hadOld) {
        if ((await files.read(`${dir}/old/${path}`)) !== undefined) await files.rename(`${dir}/old/${path}`, path);
      } else if (placed) {
        await files.remove(path);
        emptied.push(...parents(path));
      }
    } catch {
      unrestored.push(path);
    }
  }
  await removeEmptyDirs(files, [...new Set(emptied)]);
  return unrestored;
}

/** What {@link recoverStaging} found and did. */
export interface RecoveredStaging {
  /** The staging directory. */
  dir: string;
  /** `discarded`: an import stopped before its commit (nothing had been written); `rolled-back`: a commit was interrupted and undone; `completed`: it had finished, only its leftovers were removed. */
  action: 'discarded' | 'rolled-back' | 'completed';
  /** Paths a roll-back could not restore. */
  unrestored: string[];
}

/**
 * Resolves staging directories left by an interrupted import (a crash or a
 * kill): see the module comment. Only directories whose name and marker
 * carry the same token are touched. Call before reading the target.
 */
export async function recoverStaging(files: FilePort): Promise<RecoveredStaging[]> {
  const { listDirectories } = files as RemovesDirs;
  // The root's directories only, not a walk of the whole memory.
  const roots = listDirectories === undefined ? undefined : (await listDirectories.call(files, '')).filter(isStagingDirName);
  const dirs = new Set<string>();
  for (const d of roots ?? []) if ((await files.list(d)).length > 0) dirs.add(d);
  if (roots === undefined)
    for (const p of await files.list('')) {
      const first = p.slice(0, p.indexOf('/'));
      if (p.includes('/') && isStagingDirName(first)) dirs.add(first);
    }
  const out: RecoveredStaging[] = [];
  for (const dir of [...dirs].sort()) {
    const token = STAGING_DIR.exec(dir)![1];
    if (readControl(await files.read(`${dir}/marker.json`)).memkit_staging !== token) continue;
    const committed = readControl(await files.read(`${dir}/committed.json`)).memkit_staging === token;
    const read = readControl(await files.read(`${dir}/plan.json`));
    const plan = read.memkit_staging === token && Array.isArray(read.paths) && read.paths.every((p) => typeof p === 'string') ? (read.paths as string[]) : undefined;
    let action: RecoveredStaging['action'] = 'discarded';
    let unrestored: string[] = [];
    if (committed) action = 'completed';
    else if (plan !== undefined) {
      action = 'rolled-back';
      const existing = new Set(await files.list(`${dir}/old`));
      const moved = plan.map((path) => ({ path, hadOld: existing.has(`${dir}/old/${path}`) }));
      unrestored = await rollBack(files, dir, moved);
    }
    if (unrestored.length === 0) await removeAll(files, dir, plan ?? []);
    out.push({ dir, action, unrestored });
  }
  // A kill before the marker was written leaves a staging directory holding no file: removing it loses nothing.
  for (const d of roots ?? []) if (!dirs.has(d)) await removeAll(files, d);
  return out;
}

/** The token a control file (`marker.json`, `committed.json`, `plan.json`) carries, and a plan's paths; `{}` when absent or not JSON. */
function readControl(bytes: Uint8Array | undefined): { memkit_staging?: unknown; paths?: unknown } {
  try {
    return (bytes === undefined ? undefined : JSON.parse(dec.decode(bytes))) ?? {};
  } catch {
    return {};
  }
}
