import { MemkitError } from '../../kernel/problems/index.js';
import type { FilePort } from '../../kernel/file-port.js';
import type { Store, StoreOps } from './store-port.js';

/**
 * The whole-file part of a store as a {@link FilePort}, for code written against files. Given a {@link Store},
 * `rename` runs in one transaction; given a transaction's `tx`, every call is part of it.
 */
export function storeFiles(store: Store | StoreOps): FilePort {
  const atomically = (fn: (ops: StoreOps) => Promise<void>): Promise<void> => ('transaction' in store ? store.transaction(fn) : fn(store));
  return {
    read: (path) => store.getFile(path),
    async write(path, data) {
      const r = await store.putFile(path, data);
      if (!r.ok) throw new MemkitError(r.problems);
    },
    rename: (from, to) =>
      atomically(async (ops) => {
        const data = await ops.getFile(from);
        if (data === undefined) throw new Error(`rename: ${from} does not exist`);
        if (from === to) return;
        const r = await ops.putFile(to, data);
        if (!r.ok) throw new MemkitError(r.problems);
        await ops.deleteFile(from);
      }),
    async remove(path) {
      await store.deleteFile(path);
    },
    list: (prefix) => store.listFiles(prefix),
  };
}
