import { type Hasher, ZERO_HASH, jsHasher } from '../../kernel/canonical/index.js';
import { MemkitError, type Result, error, fail, ok } from '../../kernel/problems/index.js';
import { bm25Idf, bm25Score } from './bm25.js';
import { byEdge, checkDocRecord, checkStorePath, checkedEdge, cmp, filesUnder, ftsColumns, ledgerEntryHash, listedDocs } from './checks.js';
import type { DocEdge, DocMeta, DocRecord, EdgeRel, StoreLedgerHead, SearchHit, StaleEdge } from './doc-record.js';
import { guardStore } from './guard-store.js';
import { hitSnippet } from './snippet.js';
import type { Store, StoreOps } from './store-port.js';
import { queryTerms, tokenize } from './tokenize.js';

/** Options of {@link memoryStore}. */
export interface MemoryStoreOptions {
  /** Hashes ledger entries (default: the portable JS SHA-256). */
  hasher?: Hasher;
}

interface Indexed {
  record: DocRecord;
  tf: Map<string, number>;
  length: number;
}

interface State {
  docs: Map<string, Indexed>;
  edges: Map<string, DocEdge>;
  ledgers: Map<string, { lines: string[]; head: string }>;
  files: Map<string, Uint8Array>;
  totalTokens: number;
}

const edgeKey = (src: string, rel: string, dst: string) => `${src}\u0000${rel}\u0000${dst}`;

function meta(r: DocRecord): DocMeta {
  return { docId: r.docId, kind: r.kind, title: r.title, path: r.path, tags: [...r.tags], updated: r.updated, provenance: structuredClone(r.provenance), contentHash: r.contentHash };
}

function index(record: DocRecord): Indexed {
  const tf = new Map<string, number>();
  let length = 0;
  for (const column of ftsColumns(record)) {
    for (const { term } of tokenize(column)) {
      tf.set(term, (tf.get(term) ?? 0) + 1);
      length++;
    }
  }
  return { record, tf, length };
}

function copyState(s: State): State {
  return {
    docs: new Map(s.docs),
    edges: new Map(s.edges),
    ledgers: new Map([...s.ledgers].map(([k, v]) => [k, { lines: [...v.lines], head: v.head }])),
    files: new Map(s.files),
    totalTokens: s.totalTokens,
  };
}

/**
 * A {@link Store} in memory (tests, browsers without SQLite, the conformance suite's reference): search scans every
 * doc and ranks with FTS5's BM25 formula; no advanced queries, no persistence.
 *
 * @example
 * const store = memoryStore();
 * declare const record: DocRecord;
 * await store.putDoc(record);
 * const hits = await store.search('vitest coverage');
 */
export function memoryStore(options: MemoryStoreOptions = {}): Store {
  const hasher = options.hasher ?? jsHasher;
  let state: State = { docs: new Map(), edges: new Map(), ledgers: new Map(), files: new Map(), totalTokens: 0 };
  let saved: State | undefined;

  const removeDoc = (docId: string): boolean => {
    const old = state.docs.get(docId);
    if (!old) return false;
    state.docs.delete(docId);
    state.totalTokens -= old.length;
    return true;
  };

  const ops: StoreOps = {
    async putDoc(doc) {
      const problems = checkDocRecord(doc);
      if (problems.length > 0) return fail(problems);
      const record: DocRecord = { ...meta(doc), headings: [...doc.headings], body: doc.body };
      removeDoc(record.docId);
      const entry = index(record);
      state.docs.set(record.docId, entry);
      state.totalTokens += entry.length;
      return ok(undefined);
    },
    async getDoc(docId) {
      const d = state.docs.get(docId);
      return d ? meta(d.record) : undefined;
    },
    async getDocRecord(docId) {
      const d = state.docs.get(docId);
      return d ? { ...meta(d.record), headings: [...d.record.headings], body: d.record.body } : undefined;
    },
    async deleteDoc(docId) {
      return removeDoc(docId);
    },
    async listDocs(options = {}) {
      return listedDocs(
        [...state.docs.values()].map((d) => meta(d.record)),
        options,
      );
    },
    async listHashes() {
      return [...state.docs.values()].map(({ record: r }) => ({ docId: r.docId, path: r.path, contentHash: r.contentHash })).sort((a, b) => cmp(a.docId, b.docId));
    },
    async clearDocs() {
      state.docs.clear();
      state.totalTokens = 0;
    },

    async addEdge(src, rel, dst) {
      const edge = await checkedEdge(src, rel, dst, (ids) => new Map(ids.filter((id) => state.docs.has(id)).map((id) => [id, state.docs.get(id)!.record.contentHash])));
      if (edge.ok) state.edges.set(edgeKey(src, rel, dst), { ...edge.value });
      return edge;
    },
    async removeEdge(src, rel, dst) {
      return state.edges.delete(edgeKey(src, rel, dst));
    },
    async edges(docId, direction = 'out') {
      return [...state.edges.values()]
        .filter((e) => (direction !== 'in' && e.src === docId) || (direction !== 'out' && e.dst === docId))
        .sort(byEdge)
        .map((e) => ({ ...e }));
    },
    async allEdges() {
      return [...state.edges.values()].sort(byEdge).map((e) => ({ ...e }));
    },
    async stale(docId, rels = ['derives_from']): Promise<StaleEdge[]> {
      const wanted = new Set<EdgeRel>(rels);
      const out: StaleEdge[] = [];
      for (const e of [...state.edges.values()].sort(byEdge)) {
        if ((docId !== undefined && e.src !== docId) || !wanted.has(e.rel)) continue;
        const current = state.docs.get(e.dst)?.record.contentHash ?? null;
        if (current !== e.dstHash) out.push({ ...e, currentHash: current });
      }
      return out;
    },

    async appendLedger(name, entryLine, expectedHead): Promise<Result<StoreLedgerHead>> {
      const hash = ledgerEntryHash(entryLine, hasher);
      if (!hash.ok) return fail(hash.problems);
      const ledger = state.ledgers.get(name) ?? { lines: [], head: ZERO_HASH };
      if (ledger.head !== expectedHead) return fail([error('store.ledger-head-moved', `ledger "${name}" head is ${ledger.head}, not the expected ${String(expectedHead)}`)]);
      ledger.lines.push(entryLine);
      ledger.head = hash.value;
      state.ledgers.set(name, ledger);
      return ok({ size: ledger.lines.length, head: ledger.head });
    },
    async readLedger(name) {
      return [...(state.ledgers.get(name)?.lines ?? [])];
    },
    async ledgerHead(name) {
      const l = state.ledgers.get(name);
      return l ? { size: l.lines.length, head: l.head } : { size: 0, head: ZERO_HASH };
    },

    async getFile(path) {
      return state.files.get(path)?.slice();
    },
    async putFile(path, data) {
      const bad = checkStorePath(path);
      if (bad) return fail([bad]);
      state.files.set(path, data.slice());
      return ok(undefined);
    },
    async deleteFile(path) {
      return state.files.delete(path);
    },
    async listFiles(prefix) {
      return filesUnder(state.files.keys(), prefix);
    },

    async search(query, options = {}): Promise<Result<SearchHit[]>> {
      if (options.mode === 'advanced') return fail([error('store.advanced-unsupported', 'the in-memory store searches plain text only')]);
      const words = queryTerms(query);
      const limit = clampLimit(options.limit);
      if (words.length === 0 || state.docs.size === 0 || limit === 0) return ok([]);
      const nRow = state.docs.size;
      const avgdl = state.totalTokens / nRow;
      const idfs = words.map((w) => {
        let nHit = 0;
        for (const d of state.docs.values()) if (d.tf.has(w.term)) nHit++;
        return bm25Idf(nRow, nHit);
      });
      const kinds = options.kinds ? new Set<string>(options.kinds) : undefined;
      const tags = options.tags ?? [];
      const any = options.match === 'any';
      const scored: { d: Indexed; score: number }[] = [];
      for (const d of state.docs.values()) {
        const freqs = words.map((w) => d.tf.get(w.term) ?? 0);
        if (any ? !freqs.some((f) => f > 0) : freqs.some((f) => f === 0)) continue;
        if (kinds && !kinds.has(d.record.kind)) continue;
        if (!tags.every((t) => d.record.tags.includes(t))) continue;
        scored.push({ d, score: bm25Score(freqs, idfs, d.length, avgdl) });
      }
      scored.sort((a, b) => a.score - b.score || cmp(a.d.record.docId, b.d.record.docId));
      const matched = new Set(words.map((w) => w.term));
      return ok(
        scored.slice(0, limit).map(({ d, score }) => ({
          docId: d.record.docId,
          title: d.record.title,
          path: d.record.path,
          kind: d.record.kind,
          score,
          snippet: hitSnippet(d.record.body, matched, options),
        })),
      );
    },
  };

  return guardStore({
    capabilities: { search: true, ranking: 'bm25', advancedSearch: false, persistence: false, transactions: true, fulltext: 'scan' },
    ops,
    begin() {
      saved = copyState(state);
    },
    commit() {
      saved = undefined;
    },
    rollback() {
      if (saved) state = saved;
      saved = undefined;
    },
    toBytes() {
      throw new MemkitError([error('store.engine-error', 'the in-memory store has no persistence (capabilities.persistence is false)')]);
    },
    close() {
      state = { docs: new Map(), edges: new Map(), ledgers: new Map(), files: new Map(), totalTokens: 0 };
    },
  });
}

/** The hit limit: default 10, between 0 and 1000. */
export function clampLimit(limit: number | undefined): number {
  if (limit === undefined || !Number.isFinite(limit)) return 10;
  return Math.max(0, Math.min(1000, Math.floor(limit)));
}
