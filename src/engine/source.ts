import { type Problem, type Result, error, fail, ok } from '../kernel/problems/index.js';
import type { FilePort } from '../kernel/file-port.js';

/** One file (anything but a directory) found under the checked directory. */
export interface SourceFile {
  /** Path relative to the checked directory, `/`-separated. */
  path: string;
  /** Size in bytes, when the source knows it without reading. */
  size?: number;
}

/** Everything a walk found: the files, and what could not be walked (as problems). */
export interface SourceListing {
  files: SourceFile[];
  problems: Problem[];
}

/** What the checker needs from a directory: a listing and a reader (`nodeCheckSource` over the file system, {@link sourceFromFilePort} over a {@link FilePort}). */
export interface CheckSource {
  /** Every file under the root, sorted by path (non-regular files are refused by `read`); with `scope`, at least the files it names. */
  list(scope?: ListScope): Promise<SourceListing>;
  /** The bytes of `path`, or a problem (`check.unreadable`, `check.too-large`, `check.not-regular-file`, `check.outside-root`) saying why not. */
  read(path: string): Promise<Result<Uint8Array>>;
  /**
   * Up to `length` bytes of `path` from `offset`, with `read`'s refusals (the size limit is the whole file's) but
   * no compare against the last listing, for a long-lived reader; `undefined` when the file does not exist.
   */
  slice?(path: string, offset: number, length: number): Promise<Result<FileSlice | undefined>>;
}

/**
 * The paths a listing may be limited to: an entry ending in `/` is a directory and all under it (`''`: the root), any other one file.
 * @example const scope: ListScope = ['.thunderus/', 'memkit.config.json'];
 */
export type ListScope = readonly string[];

const isDirEntry = (s: string) => s === '' || s.endsWith('/');

/** True when `path` is a file `scope` names or lies under one of its directories. */
export function inListScope(scope: ListScope, path: string): boolean {
  return scope.some((s) => (isDirEntry(s) ? path.startsWith(s) : path === s));
}

/** True when a walk must enter directory `dir` (no trailing `/`) for `scope`: it lies inside a scope directory or on the way to an entry. */
export function entersListScope(scope: ListScope, dir: string): boolean {
  const d = `${dir}/`;
  return scope.some((s) => s.startsWith(d) || (isDirEntry(s) && d.startsWith(s)));
}

/** What {@link CheckSource.slice} read. */
export interface FileSlice {
  /** The bytes read: `length` of them, fewer at the end of the file. */
  bytes: Uint8Array;
  /** The size of the whole file in bytes. */
  size: number;
  /** Where the bytes really are, relative to the root: `path` itself unless a symbolic link leads elsewhere. */
  target: string;
}

/**
 * Adapts a {@link FilePort} (e.g. `memoryFiles()`) into a {@link CheckSource}.
 * @example
 * const report = await checkDirectory(sourceFromFilePort(memoryFiles({ 'a/events.jsonl': '' })));
 */
export function sourceFromFilePort(port: FilePort, maxFileBytes = Number.POSITIVE_INFINITY): CheckSource {
  const bytesOf = async (path: string): Promise<Result<Uint8Array | undefined>> => {
    let bytes: Uint8Array | undefined;
    try {
      bytes = await port.read(path);
    } catch (cause) {
      return fail([error('check.unreadable', `cannot read the file: ${(cause as Error).message}`, { file: path })]);
    }
    if (bytes !== undefined && bytes.length > maxFileBytes) return fail([tooLarge(path, bytes.length, maxFileBytes)]);
    return ok(bytes);
  };
  return {
    async list(scope) {
      if (scope === undefined) return { files: (await port.list('')).map((path) => ({ path })), problems: [] };
      const paths = new Set<string>();
      for (const s of scope) {
        if (isDirEntry(s)) for (const p of await port.list(s.slice(0, -1)).catch(() => [])) paths.add(p);
        // One file: looked up, not found by listing its directory (the root, for the config).
        else if ((await port.read(s).catch(() => undefined)) !== undefined) paths.add(s);
      }
      return { files: [...paths].sort().map((path) => ({ path })), problems: [] };
    },
    async read(path) {
      const bytes = await bytesOf(path);
      if (bytes.ok && bytes.value === undefined) return fail([error('check.unreadable', 'the file vanished during the check', { file: path })]);
      return bytes as Result<Uint8Array>;
    },
    async slice(path, offset, length) {
      const bytes = await bytesOf(path);
      if (!bytes.ok || bytes.value === undefined) return bytes as Result<undefined>;
      return ok({ bytes: bytes.value.subarray(offset, offset + length), size: bytes.value.length, target: path });
    },
  };
}

/** The `check.too-large` problem for a file of `size` bytes over `limit`. */
export function tooLarge(path: string, size: number, limit: number): Problem {
  return error('check.too-large', `the file is ${size} bytes; the size limit is ${limit} (raise it with --max-file-size)`, { file: path });
}
