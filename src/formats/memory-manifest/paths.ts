import { THUNDERUS_MEMORY_ROOT } from '../memory-doc/index.js';

/** Where the memory manifest lives, relative to the repository root. */
export const MANIFEST_PATH = `${THUNDERUS_MEMORY_ROOT}/indexes/manifest.json`;

/**
 * True for a manifest path that is absolute: `/…` (POSIX), `C:\…` or `C:/…`
 * (Windows drive) and `\\server\…` (UNC). Manifest paths are relative to the
 * repository root; an absolute one names a place on one machine.
 */
export function isAbsolutePath(path: string): boolean {
  return path.startsWith('/') || path.startsWith('\\') || /^[A-Za-z]:[\\/]/.test(path);
}

/**
 * The repository-relative path an absolute manifest path stands for: its part
 * from the last `root` directory on (`/home/me/repo/.thunderus/memory/a.md`
 * → `.thunderus/memory/a.md`), with `\` read as `/`; `undefined` when no
 * `root` directory is in it.
 */
export function relativeFromAbsolute(path: string, root: string = THUNDERUS_MEMORY_ROOT): string | undefined {
  const p = path.replace(/\\/g, '/');
  const i = p.lastIndexOf(`/${root}/`);
  return i < 0 ? undefined : p.slice(i + 1);
}
