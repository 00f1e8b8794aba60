// The listing and reading of memory doc files, apart from their parsing (./doc-file.ts): a refresh that finds
// every file unchanged loads neither the frontmatter parser nor the schemas.
import { THUNDERUS_MEMORY_ROOT, isMemoryDocName } from '../../formats/memory-doc/names.js';
import type { FilePort } from '../../kernel/file-port.js';

/**
 * Where `memkit index` keeps the SQLite search index of a memory directory
 * by default. The index is derived from the docs: exports leave it (and its
 * `-wal`, `-shm`, `-journal` files) out, and a rebuild makes it again.
 */
export const SEARCH_INDEX_PATH = `${THUNDERUS_MEMORY_ROOT}/indexes/memory.sqlite`;

/** True for the search index at {@link SEARCH_INDEX_PATH} and the files SQLite keeps beside it. */
export function isSearchIndexFile(path: string): boolean {
  return path === SEARCH_INDEX_PATH || (path.startsWith(`${SEARCH_INDEX_PATH}-`) && ['wal', 'shm', 'journal'].includes(path.slice(SEARCH_INDEX_PATH.length + 1)));
}

/** Paths of memory doc files (Markdown under `root`, a README excepted), sorted. */
export async function listMemoryDocs(files: FilePort, root: string = THUNDERUS_MEMORY_ROOT): Promise<string[]> {
  return (await files.list(root)).filter(isMemoryDocName);
}

/** Reads many files with a little concurrency, keeping order; missing files come back `undefined`. */
export async function readMany(files: FilePort, paths: readonly string[], concurrency = 16): Promise<(Uint8Array | undefined)[]> {
  const out: (Uint8Array | undefined)[] = new Array(paths.length);
  let next = 0;
  const worker = async () => {
    while (next < paths.length) {
      const i = next++;
      out[i] = await files.read(paths[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, paths.length) }, worker));
  return out;
}
