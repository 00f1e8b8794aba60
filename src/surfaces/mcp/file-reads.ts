import { CONFIG_FILE, type FileSlice, type FormatId } from '../../engine/index.js';
import { MemkitError, type Problem, type Result, error, fail, ok, warning } from '../../kernel/problems/index.js';
import type { FilePort } from '../../services/store/index.js';
import type { MemkitMcpOptions } from './options.js';
import { shown } from './limits.js';

/** What a checked read needs of the server's context: the served directory's ports and which paths are memory files. */
export interface ReadScope {
  readonly options: Pick<MemkitMcpOptions, 'source' | 'files'>;
  /** The format of the memory file at `path`, or undefined for a path that is none. */
  formatOf(path: string): Promise<FormatId | undefined>;
}

/**
 * Reads up to `length` bytes of `path` from `offset`, the way every read of
 * the server does: through the checker's source, so with `memkit check`'s
 * refusals (not a regular file, larger than its limit, a link out of the
 * directory), and following a symbolic link only to a memory file. A link
 * inside the directory to anything else (`.git/config`, `.env`) is
 * `mcp.link-not-memory`, its target never read. `undefined` when the file
 * does not exist.
 */
export async function readChecked(ctx: ReadScope, path: string, offset: number, length: number): Promise<Result<FileSlice | undefined>> {
  const source = ctx.options.source;
  let slice: Result<FileSlice | undefined>;
  if (source.slice !== undefined) slice = await source.slice(path, offset, length);
  else {
    // A source without slices: the file port's bytes, as before.
    const bytes = await ctx.options.files.read(path);
    slice = ok(bytes === undefined ? undefined : { bytes: bytes.subarray(offset, offset + length), size: bytes.length, target: path });
  }
  if (!slice.ok || slice.value === undefined || slice.value.target === path) return slice;
  // The config is the checker's to follow as it does; everything else must lead to memory.
  if (path === CONFIG_FILE || (await ctx.formatOf(slice.value.target)) !== undefined) return slice;
  return fail([linkNotMemory(path, slice.value.target)]);
}

function linkNotMemory(path: string, target: string): Problem {
  return error('mcp.link-not-memory', `this symbolic link leads to ${shown(target, 200)}, which is not a memory file; it was not followed`, { file: path });
}

/**
 * `files` with every read through {@link readChecked} (whole files): what the
 * tools, the search index and the write path read. Writes, listings and the
 * rest of the port are `files`' own. A refused read throws `MemkitError`
 * with its problems, as a port refusing a path does.
 */
export function checkedFiles(ctx: ReadScope, files: FilePort): FilePort {
  return withRead(files, async (path) => {
    const read = await readChecked(ctx, path, 0, Number.POSITIVE_INFINITY);
    if (!read.ok) throw new MemkitError(read.problems);
    return read.value?.bytes;
  });
}

/** `files` whose refused reads count as missing files, each refusal kept in `refused` as a warning: a search skips a FIFO or a link to `.env`, and says so. */
export function skippingRefused(files: FilePort, refused: Problem[]): FilePort {
  return withRead(files, async (path) => {
    try {
      return await files.read(path);
    } catch (cause) {
      const problems = (cause as { name?: unknown; problems?: unknown }).problems;
      if ((cause as { name?: unknown }).name !== 'MemkitError' || !Array.isArray(problems)) throw cause;
      for (const p of problems as Problem[]) refused.push(warning(p.code, p.message, { file: p.file ?? path }));
      return undefined;
    }
  });
}

/** `files` with another `read`; its other calls (and the fingerprint listing the search index uses, when it has one) go to `files`. */
function withRead(files: FilePort, read: FilePort['read']): FilePort {
  const port: FilePort & { listFingerprints?: unknown } = {
    read,
    write: (path, data) => files.write(path, data),
    rename: (from, to) => files.rename(from, to),
    remove: (path) => files.remove(path),
    list: (prefix) => files.list(prefix),
  };
  const fingerprints = (files as { listFingerprints?: (prefix: string) => Promise<unknown> }).listFingerprints;
  if (typeof fingerprints === 'function') port.listFingerprints = (prefix: string) => fingerprints.call(files, prefix);
  return port;
}
