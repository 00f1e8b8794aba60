/**
 * The file port: what memkit needs from a file system, as a small async
 * interface. Paths are relative, `/`-separated, and confined to the port's
 * root; an implementation refuses anything else. `memkit/node` provides one
 * over the real file system; {@link memoryFiles} keeps files in a Map.
 */
export interface FilePort {
  /** The bytes of `path`, or `undefined` when it does not exist. */
  read(path: string): Promise<Uint8Array | undefined>;
  /** Replaces `path` with `data` atomically: readers see the old or the new bytes, never a mix. */
  write(path: string, data: Uint8Array): Promise<void>;
  /** Renames `from` to `to` atomically, replacing `to`. */
  rename(from: string, to: string): Promise<void>;
  /** Removes `path`; no error when it does not exist. */
  remove(path: string): Promise<void>;
  /** Every file path under `prefix` (a directory path, `''` for the root), sorted. */
  list(prefix: string): Promise<string[]>;
}

/** A {@link FilePort} over an in-memory map, for tests and browsers. */
export function memoryFiles(initial: Record<string, string | Uint8Array> = {}): FilePort & { snapshot(): Map<string, Uint8Array> } {
  const files = new Map<string, Uint8Array>();
  const enc = new TextEncoder();
  for (const [k, v] of Object.entries(initial)) files.set(k, typeof v === 'string' ? enc.encode(v) : v);
  const under = (prefix: string, path: string) => prefix === '' || path === prefix || path.startsWith(prefix.endsWith('/') ? prefix : prefix + '/');
  return {
    async read(path) {
      const v = files.get(path);
      return v === undefined ? undefined : v.slice();
    },
    async write(path, data) {
      files.set(path, data.slice());
    },
    async rename(from, to) {
      const v = files.get(from);
      if (v === undefined) throw new Error(`rename: ${from} does not exist`);
      files.delete(from);
      files.set(to, v);
    },
    async remove(path) {
      files.delete(path);
    },
    async list(prefix) {
      return [...files.keys()].filter((p) => under(prefix, p)).sort();
    },
    snapshot() {
      return new Map(files);
    },
  };
}
