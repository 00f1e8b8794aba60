import { CONFIG_FILE, type FileSlice } from '../../engine/index.js';
import { MemoryContext, decodeUtf8, memkitProblems, problemsOf as handleProblemsOf, shown, withRead } from '../../handle/context.js';
import { MemkitError, type Problem, type Result, error, fail, ok } from '../../kernel/problems/index.js';
import type { FilePort } from '../../services/store/index.js';
import type { MemkitMcpOptions } from './options.js';

export { decodeUtf8, memkitProblems, withRead };

/** The problems a port threw (`fs.bad-path`, `fs.outside-root`, …), or one `mcp.internal-error`. */
export function problemsOf(cause: unknown): Problem[] {
  return handleProblemsOf(cause, 'mcp.internal-error');
}

/** What every tool shares: the memory context (ports, formats found, search store, write queue) with every read confined as `read` is. */
export class McpContext extends MemoryContext<MemkitMcpOptions> {
  protected override portOver(files: FilePort): FilePort {
    return checkedFiles(this, files);
  }
}

/**
 * Reads up to `length` bytes of `path` from `offset` as every read of the
 * server does: through the checker's source (with `memkit check`'s
 * refusals), following a symbolic link only to a memory file (else
 * `mcp.link-not-memory`, the target never read). `undefined`: no such file.
 */
export async function readChecked(ctx: McpContext, path: string, offset: number, length: number): Promise<Result<FileSlice | undefined>> {
  const source = ctx.options.source;
  let slice: Result<FileSlice | undefined>;
  if (source.slice !== undefined) slice = await source.slice(path, offset, length);
  else {
    const bytes = await ctx.options.files.read(path);
    slice = ok(bytes === undefined ? undefined : { bytes: bytes.subarray(offset, offset + length), size: bytes.length, target: path });
  }
  if (!slice.ok || slice.value === undefined || slice.value.target === path) return slice;
  // The config is the checker's to follow as it does; everything else must lead to memory.
  if (path === CONFIG_FILE || (await ctx.formatOf(slice.value.target)) !== undefined) return slice;
  return fail([error('mcp.link-not-memory', `this symbolic link leads to ${shown(slice.value.target, 200)}, which is not a memory file; it was not followed`, { file: path })]);
}

/** `files` with every read through {@link readChecked} (a refusal throws `MemkitError`); the rest of the port is `files`' own. */
function checkedFiles(ctx: McpContext, files: FilePort): FilePort {
  return withRead(files, async (path) => {
    const read = await readChecked(ctx, path, 0, Number.POSITIVE_INFINITY);
    if (!read.ok) throw new MemkitError(read.problems);
    return read.value?.bytes;
  });
}
