/**
 * `memkit/store`: the store port (docs, edges, ledgers, full-text search),
 * the in-memory reference store, the file port, index refresh from memory
 * files, and the memory manifest. `memkit/sqlite` has the SQLite adapter.
 * The curated list, one line per name, is docs/api-surface.md.
 * @packageDocumentation
 */
export { type FilePort, memoryFiles } from '../../kernel/file-port.js';
export {
  type DocEdge,
  type DocHash,
  type DocKind,
  type DocMeta,
  type DocRecord,
  EDGE_RELS,
  type EdgeRel,
  type ListDocsOptions,
  type SearchHit,
  type SearchOptions,
  type StaleEdge,
  type StoreLedgerHead,
} from './doc-record.js';
export type { Store, StoreCapabilities, StoreOps } from './store-port.js';
export { type StoreCore, guardStore } from './guard-store.js';
export { type MemoryStoreOptions, memoryStore } from './memory-store.js';
export { THUNDERUS_MEMORY_ROOT } from '../../formats/index.js';
export { SEARCH_INDEX_PATH, docRecordFromFile, isSearchIndexFile, listMemoryDocs } from './doc-file.js';
export { type IndexOptions, type IndexReport, indexDrift, rebuildSearchIndex, refreshIndex } from './index-refresh.js';
export { MANIFEST_PATH, isAbsolutePath, relativeFromAbsolute } from '../../formats/memory-manifest/paths.js';
export { type ManifestOptions, buildManifest, checkManifest, manifestText } from './manifest.js';
export { storeFiles } from './files-of-store.js';
