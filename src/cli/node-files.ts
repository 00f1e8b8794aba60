import { randomBytes } from 'node:crypto';
import { open, readFile, readdir, rename, rm, mkdir } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { FilePort } from '../store/file-port.js';

/**
 * A {@link FilePort} over a real directory for the CLI: paths are relative and
 * `/`-separated, confined to `root` (absolute paths and `..` are refused);
 * writes are atomic (temp file, fsync, rename); `list` skips symbolic links,
 * `.git` and `node_modules`.
 */
export function cliFiles(root: string): FilePort {
  const base = resolve(root);
  const abs = (path: string) => {
    if (path.startsWith('/') || path.split('/').some((s) => s === '..') || path.includes('\0')) throw new Error(`path "${path}" is outside the directory`);
    const p = resolve(base, ...path.split('/'));
    if (p !== base && !p.startsWith(base + sep)) throw new Error(`path "${path}" is outside the directory`);
    return p;
  };
  return {
    async read(path) {
      try {
        return new Uint8Array(await readFile(abs(path)));
      } catch (cause) {
        const code = (cause as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
        throw cause;
      }
    },
    async write(path, data) {
      const target = abs(path);
      await mkdir(dirname(target), { recursive: true });
      const tmp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      const fh = await open(tmp, 'wx');
      try {
        await fh.writeFile(data);
        await fh.sync();
      } finally {
        await fh.close();
      }
      try {
        await rename(tmp, target);
      } catch (cause) {
        await rm(tmp, { force: true });
        throw cause;
      }
    },
    async rename(from, to) {
      await mkdir(dirname(abs(to)), { recursive: true });
      await rename(abs(from), abs(to));
    },
    async remove(path) {
      await rm(abs(path), { force: true });
    },
    async list(prefix) {
      const out: string[] = [];
      const start = prefix.replace(/\/+$/, '');
      const walk = async (rel: string): Promise<void> => {
        let entries;
        try {
          entries = await readdir(rel === '' ? base : abs(rel), { withFileTypes: true });
        } catch {
          return;
        }
        for (const e of entries) {
          const p = rel === '' ? e.name : `${rel}/${e.name}`;
          if (e.isDirectory()) {
            if (e.name !== '.git' && e.name !== 'node_modules') await walk(p);
          } else if (e.isFile()) out.push(p);
        }
      };
      await walk(start);
      return out.sort();
    },
  };
}

/** Joins a directory and a relative `/` path for display. */
export const joinShown = (dir: string, rel: string) => (dir === '.' ? rel : join(dir, rel).split(sep).join('/'));
