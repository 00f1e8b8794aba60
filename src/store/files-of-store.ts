import { MemkitError } from '../problems/index.js';
import type { FilePort } from './file-port.js';
import type { StoreOps } from './store-port.js';

/**
 * The whole-file part of a store as a {@link FilePort}, so code written
 * against files (ledgers, manifests) can keep them in a store instead.
 */
export function storeFiles(store: StoreOps): FilePort {
  return {
    read: (path) => store.getFile(path),
    async write(path, data) {
      const r = await store.putFile(path, data);
      if (!r.ok) throw new MemkitError(r.problems);
    },
    async rename(from, to) {
      const data = await store.getFile(from);
      if (data === undefined) throw new Error(`rename: ${from} does not exist`);
      const r = await store.putFile(to, data);
      if (!r.ok) throw new MemkitError(r.problems);
      await store.deleteFile(from);
    },
    async remove(path) {
      await store.deleteFile(path);
    },
    list: (prefix) => store.listFiles(prefix),
  };
}
