import type { Result } from '../../kernel/problems/index.js';
import type { DocEdge, DocHash, DocMeta, DocRecord, EdgeRel, StoreLedgerHead, ListDocsOptions, SearchHit, SearchOptions, StaleEdge } from './doc-record.js';

/** What a store can do: callers check these before relying on an optional behaviour. */
export interface StoreCapabilities {
  /** `search` returns ranked hits. */
  search: boolean;
  /** How hits are ranked: FTS5 BM25 (or the same formula computed elsewhere), or not at all. */
  ranking: 'bm25' | 'none';
  /** `search` accepts `{ mode: 'advanced' }` (raw full-text syntax). */
  advancedSearch: boolean;
  /** `toBytes()` returns the whole store, and the adapter can open those bytes again. */
  persistence: boolean;
  /** `transaction` is atomic: a throwing callback leaves no trace. */
  transactions: boolean;
  /** Which full-text engine answers searches (`fts5`, `fts4` with FTS5's BM25, memkit's own `postings` table in a server database, a JS `scan`, or `none`). */
  fulltext: 'fts5' | 'fts4' | 'postings' | 'scan' | 'none';
}

/**
 * The operations of a store and of the handle {@link Store.transaction} passes, all async. Expected failures are
 * `Result` problems; they throw only for programming errors or a closed store (`store.closed`).
 */
export interface StoreOps {
  /** Inserts or replaces a doc (metadata and search text), keyed by `docId`. */
  putDoc(doc: DocRecord): Promise<Result<void>>;
  /** The doc's metadata, or `undefined`. */
  getDoc(docId: string): Promise<DocMeta | undefined>;
  /** The doc's full record (metadata, headings and body text), or `undefined`. */
  getDocRecord(docId: string): Promise<DocRecord | undefined>;
  /** Removes a doc; its edges stay (they become dangling) so provenance is not lost silently. Returns whether it existed. */
  deleteDoc(docId: string): Promise<boolean>;
  /** Every doc's metadata, sorted by `docId`. */
  listDocs(options?: ListDocsOptions): Promise<DocMeta[]>;
  /** Every doc's id, path and content hash, sorted by `docId`: what `refreshIndex` compares with the files. */
  listHashes(): Promise<DocHash[]>;
  /** Removes every doc (edges, ledgers and files stay). */
  clearDocs(): Promise<void>;

  /** Records `src rel dst` with `dst`'s current content hash; both docs must exist. Re-adding refreshes the hash. */
  addEdge(src: string, rel: EdgeRel, dst: string): Promise<Result<DocEdge>>;
  /** Removes an edge; returns whether it existed. */
  removeEdge(src: string, rel: EdgeRel, dst: string): Promise<boolean>;
  /** Edges out of (`out`, default), into (`in`) or touching (`both`) a doc, sorted by (src, rel, dst). */
  edges(docId: string, direction?: 'out' | 'in' | 'both'): Promise<DocEdge[]>;
  /** Every edge, sorted by (src, rel, dst). */
  allEdges(): Promise<DocEdge[]>;
  /** Edges of `rels` (default `['derives_from']`) out of `docId` (every doc when omitted) whose target changed or vanished since. */
  stale(docId?: string, rels?: readonly EdgeRel[]): Promise<StaleEdge[]>;

  /**
   * Appends one entry (single-line JSON object) to ledger `name` if its head is still `expectedHead`, so a ledger
   * never forks. The head is `sha256(JCS(entry))` (64 zeros when empty). Fails with `store.ledger-head-moved` or
   * `store.ledger-bad-entry`.
   */
  appendLedger(name: string, entryLine: string, expectedHead: string): Promise<Result<StoreLedgerHead>>;
  /** The ledger's entries in order (empty for an unknown ledger). */
  readLedger(name: string): Promise<string[]>;
  /** The ledger's size and head. */
  ledgerHead(name: string): Promise<StoreLedgerHead>;

  /** A whole file's bytes, or `undefined`. */
  getFile(path: string): Promise<Uint8Array | undefined>;
  /** Stores a whole file (replacing it). Paths are relative and `/`-separated. */
  putFile(path: string, data: Uint8Array): Promise<Result<void>>;
  /** Removes a file; returns whether it existed. */
  deleteFile(path: string): Promise<boolean>;
  /** Paths of stored files under `prefix` (`''` for all), sorted. */
  listFiles(prefix: string): Promise<string[]>;

  /** Ranked full-text search; see {@link SearchOptions}. Needs `capabilities.search`. */
  search(query: string, options?: SearchOptions): Promise<Result<SearchHit[]>>;
}

/**
 * The Store port: memory docs, provenance edges, compare-and-append ledgers and whole files behind one async
 * interface. Adapters ({@link memoryStore}, `memkit/sqlite`, `memkit/postgres`) pass one conformance suite.
 *
 * @example
 * declare const doc: DocRecord;
 * const store = memoryStore();
 * await store.transaction(async (tx) => { await tx.putDoc(doc); await tx.addEdge(doc.docId, 'derives_from', 'recap.1'); });
 */
export interface Store extends StoreOps {
  readonly capabilities: StoreCapabilities;
  /** Runs `fn` with exclusive use of the store (other calls wait); with `capabilities.transactions`, a throwing `fn` leaves no trace. */
  transaction<T>(fn: (tx: StoreOps) => Promise<T>): Promise<T>;
  /** The whole store as bytes (`capabilities.persistence`); reopen with the adapter's `open(bytes)`. */
  toBytes(): Promise<Uint8Array>;
  /** Releases the store; later calls throw `store.closed`. */
  close(): Promise<void>;
}
