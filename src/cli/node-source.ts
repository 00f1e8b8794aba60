import type { Dirent } from 'node:fs';
import { open, opendir, realpath, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { type CheckSource, type SourceFile, tooLarge } from '../check/source.js';
import { SKIPPED_DIRS } from '../check/layout.js';
import { type Problem, error, fail, ok, warning } from '../problems/index.js';

/**
 * A {@link CheckSource} over a real directory. The walk uses `lstat`
 * semantics: a symbolic link to a directory is followed only when its target
 * is not the directory itself or one of its ancestors (that is a
 * `check.symlink-loop`), and each real directory is walked once. `.git` and
 * `node_modules` are skipped. Reads refuse files over `maxFileBytes`.
 */
export function nodeCheckSource(root: string, maxFileBytes: number): CheckSource {
  return {
    async list() {
      const files: SourceFile[] = [];
      const problems: Problem[] = [];
      const seen = new Set<string>();
      const rootReal = await realpath(root);
      seen.add(rootReal);
      // Iterative walk: [relative dir, its real path, the real paths of its ancestors].
      const stack: [string, string, string[]][] = [['', rootReal, [rootReal]]];
      // Linked directories are walked after every real one, so a link never claims a directory the tree holds itself.
      const linked: [string, string, string[]][] = [];
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
          entries = [];
          const dir = await opendir(join(root, rel));
          for await (const e of dir) entries.push(e);
        } catch (cause) {
          problems.push(error('check.unreadable', `cannot read the directory: ${(cause as NodeJS.ErrnoException).code ?? (cause as Error).message}`, { file: rel || '.' }));
          continue;
        }
        entries.sort((a, b) => (a.name < b.name ? 1 : a.name > b.name ? -1 : 0));
        for (const e of entries) {
          const path = rel === '' ? e.name : `${rel}/${e.name}`;
          const abs = join(root, path);
          if (e.isDirectory()) {
            if (SKIPPED_DIRS.has(e.name)) continue;
            const r = join(real, e.name);
            seen.add(r);
            stack.push([path, r, [...ancestors, r]]);
          } else if (e.isFile()) {
            files.push({ path, ...(await sizeOf(abs)) });
          } else if (e.isSymbolicLink()) {
            let target: string;
            let info: Awaited<ReturnType<typeof stat>>;
            try {
              target = await realpath(abs);
              info = await stat(abs);
            } catch (cause) {
              const code = (cause as NodeJS.ErrnoException).code;
              if (code === 'ELOOP') problems.push(error('check.symlink-loop', 'this symbolic link resolves to itself (a loop); it was not followed', { file: path }));
              else problems.push(warning('check.unreadable', `this symbolic link points nowhere (${code ?? 'error'}); it was not followed`, { file: path }));
              continue;
            }
            if (info.isDirectory()) {
              if (SKIPPED_DIRS.has(e.name)) continue;
              if (ancestors.includes(target)) {
                problems.push(error('check.symlink-loop', 'this symbolic link points back to a directory that contains it; it was not followed', { file: path }));
                continue;
              }
              linked.push([path, target, [...ancestors, target]]);
            } else if (info.isFile()) files.push({ path, size: info.size });
          }
        }
      }
      files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
      return { files, problems };
    },
    async read(path) {
      try {
        const handle = await open(join(root, path), 'r');
        try {
          const { size } = await handle.stat();
          if (size > maxFileBytes) return fail([tooLarge(path, size, maxFileBytes)]);
          const data = await handle.readFile();
          return data.length > maxFileBytes ? fail([tooLarge(path, data.length, maxFileBytes)]) : ok(new Uint8Array(data.buffer, data.byteOffset, data.length));
        } finally {
          await handle.close();
        }
      } catch (cause) {
        return fail([error('check.unreadable', `cannot read the file: ${(cause as NodeJS.ErrnoException).code ?? (cause as Error).message}`, { file: path })]);
      }
    },
  };
}

async function sizeOf(abs: string): Promise<{ size?: number }> {
  try {
    return { size: (await stat(abs)).size };
  } catch {
    return {};
  }
}
