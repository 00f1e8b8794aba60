import { mkdir } from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';
import { type MemoryHandle, type MemoryOptions, openMemory as openMemoryPort } from '../../handle/index.js';
import { problemsOf } from '../../handle/context.js';
import type { CheckSource } from '../../engine/index.js';
import { type Problem, fail } from '../../kernel/problems/index.js';
import { nodeCheckSource } from './check-source.js';
import { type NodeFilesOptions, nodeFiles } from './fs-port.js';
import { nodeHasher } from './hasher.js';
import { appendEntry } from './ledger-file.js';
import { withLock } from './lock.js';

/** Options of {@link openMemory} in Node: the directory's port options, the largest file `check` reads, and any capability to replace. */
export interface NodeMemoryOptions extends Partial<Omit<MemoryOptions, 'files'>> {
  /** Extensions the file port may read and write (default: any, so bundles and journals may carry any memory file). */
  extensions?: NodeFilesOptions['extensions'];
  /** Remove temp files interrupted writes left, on first use (default true). */
  recover?: boolean;
  /** Files larger than this are not read by `check` (default: no limit). */
  maxFileBytes?: number;
}

/** `problems` with absolute paths under `dir` told relative to it, as the caller named the file. */
const relativeTo = (dir: string, rel: string, problems: readonly Problem[]): Problem[] => problems.map((p) => ({ ...p, file: rel, message: p.message.split(dir + sep).join('') }));

/**
 * The capabilities of a memory directory at `dir` in Node: its confined file
 * port and checker source, native SHA-256, lock files (`<path>.lock`) shared
 * with `memkit` commands and servers on the same directory, and ledger
 * appends that read only the tail. What {@link openMemory} and `memkit mcp` open.
 */
export function nodeMemoryOptions(dir: string, options: NodeMemoryOptions = {}): MemoryOptions & { source: CheckSource } {
  const { extensions = null, recover = true, maxFileBytes, ...rest } = options;
  const files = nodeFiles(dir, { extensions, recover });
  const abs = (rel: string) => join(dir, ...rel.split('/'));
  return {
    files,
    source: nodeCheckSource(dir, maxFileBytes === undefined ? {} : { maxFileBytes }),
    hasher: nodeHasher,
    withLock: async (rel, fn) => {
      // A write into a directory not there yet takes its lock beside the files it creates (the port confines the path first).
      await files.read(rel);
      await mkdir(dirname(abs(rel)), { recursive: true });
      const held = await withLock(abs(rel), () => fn());
      return held.ok ? held : fail(relativeTo(dir, rel, held.problems));
    },
    appendLedger: async (rel, draft, format) => {
      try {
        // The port refuses a path that leaves DIR (.., absolute, a link out) before the ledger file is opened;
        // a ledger not there yet gets its directory (the write was checked before it came here).
        if ((await files.read(rel)) === undefined) await mkdir(dirname(abs(rel)), { recursive: true });
        const appended = await appendEntry(abs(rel), draft as never, { format, hasher: options.hasher ?? nodeHasher });
        return appended.ok ? appended : fail(relativeTo(dir, rel, appended.problems));
      } catch (cause) {
        return fail(problemsOf(cause));
      }
    },
    ...rest,
  };
}

/**
 * Opens the memory directory at `dir` (see `openMemory` of `memkit` for the
 * operations): files confined to `dir`, lock files shared with every other
 * memkit process on it, native hashing. A directory that does not exist yet
 * is created by the first write.
 *
 * @example
 * ```ts
 * import { openMemory } from 'memkit/node';
 *
 * const memory = openMemory('.');
 * const report = await memory.check();
 * if (!report.ok) for (const p of report.problems) console.error(p.code, p.file, p.message);
 * ```
 */
export function openMemory(dir: string, options: NodeMemoryOptions = {}): MemoryHandle {
  return openMemoryPort(nodeMemoryOptions(dir, options));
}
