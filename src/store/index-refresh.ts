import { canonicalize, type Hasher, jsHasher, sha256Hex } from '../canonical/index.js';
import { type Problem, error, warning } from '../problems/index.js';
import type { DocRecord } from './doc-record.js';
import { THUNDERUS_MEMORY_ROOT, docRecordFromFile, listMemoryDocs, readMany } from './doc-file.js';
import type { FilePort } from './file-port.js';
import type { Store } from './store-port.js';

/** Options of the index refresh functions. */
export interface IndexOptions {
  /** SHA-256 for content hashes (default: portable JS; `memkit/node` has a faster one). */
  hasher?: Hasher;
  /** Folder holding the memory docs (default `.thunderus/memory`). */
  root?: string;
}

/** What a rebuild or refresh did. Doc ids are sorted. */
export interface IndexReport {
  added: string[];
  updated: string[];
  removed: string[];
  /** Docs whose file did not change. */
  unchanged: number;
  /** Files that could not be indexed (parse, schema, duplicate id), with `file` set. */
  problems: Problem[];
}

interface Loaded {
  records: DocRecord[];
  problems: Problem[];
}

// Reads and parses `paths`, dropping a second doc with an id already taken (by path order).
function parseAll(paths: readonly string[], bytes: readonly (Uint8Array | undefined)[], hasher: Hasher, taken: Map<string, string>): Loaded {
  const records: DocRecord[] = [];
  const problems: Problem[] = [];
  paths.forEach((path, i) => {
    const b = bytes[i];
    if (b === undefined) return;
    const r = docRecordFromFile(path, b, hasher);
    problems.push(...(r.problems ?? []));
    if (!r.ok) return;
    const first = taken.get(r.value.docId);
    if (first !== undefined && first !== path) {
      problems.push(error('store.duplicate-doc-id', `doc id "${r.value.docId}" is already declared by ${first}`, { file: path, pointer: '/id' }));
      return;
    }
    taken.set(r.value.docId, path);
    records.push(r.value);
  });
  return { records, problems };
}

const sorted = (xs: Iterable<string>) => [...xs].sort();

/**
 * Rebuilds the index from scratch: every memory doc file is read, parsed and
 * put, in one transaction after clearing the docs (edges, ledgers and files
 * stay). Files that fail to parse are reported, not indexed.
 *
 * @example const report = await rebuildSearchIndex(store, nodeFiles(repoRoot));
 */
export async function rebuildSearchIndex(store: Store, files: FilePort, options: IndexOptions = {}): Promise<IndexReport> {
  const hasher = options.hasher ?? jsHasher;
  const paths = await listMemoryDocs(files, options.root ?? THUNDERUS_MEMORY_ROOT);
  const { records, problems } = parseAll(paths, await readMany(files, paths), hasher, new Map());
  const before = new Set((await store.listHashes()).map((d) => d.docId));
  await store.transaction(async (tx) => {
    await tx.clearDocs();
    for (const r of records) {
      const put = await tx.putDoc(r);
      if (!put.ok) problems.push(...put.problems);
    }
  });
  const now = new Set(records.map((r) => r.docId));
  return {
    added: sorted([...now].filter((id) => !before.has(id))),
    updated: sorted([...now].filter((id) => before.has(id))),
    removed: sorted([...before].filter((id) => !now.has(id))),
    unchanged: 0,
    problems,
  };
}

/**
 * Brings the index up to date with the files, touching only what changed:
 * docs whose file's SHA-256 differs from the indexed `contentHash` are
 * re-parsed and put, docs whose file is gone (or no longer parses) are
 * removed, everything else is left alone. One transaction.
 *
 * @example const { updated, removed } = await refreshIndex(store, files);
 */
export async function refreshIndex(store: Store, files: FilePort, options: IndexOptions = {}): Promise<IndexReport> {
  const hasher = options.hasher ?? jsHasher;
  const paths = await listMemoryDocs(files, options.root ?? THUNDERUS_MEMORY_ROOT);
  const bytes = await readMany(files, paths);
  const indexed = await store.listHashes();
  const byPath = new Map(indexed.map((d) => [d.path, d]));
  const taken = new Map<string, string>();
  const keep = new Set<string>();
  const changedPaths: string[] = [];
  const changedBytes: Uint8Array[] = [];
  paths.forEach((path, i) => {
    const b = bytes[i];
    if (b === undefined) return;
    const old = byPath.get(path);
    if (old !== undefined && old.contentHash === sha256Hex(b, hasher) && !taken.has(old.docId)) {
      keep.add(old.docId);
      taken.set(old.docId, path);
    } else {
      changedPaths.push(path);
      changedBytes.push(b);
    }
  });
  const { records, problems } = parseAll(changedPaths, changedBytes, hasher, taken);
  const indexedIds = new Set(indexed.map((d) => d.docId));
  const putIds = new Set(records.map((r) => r.docId));
  const removed = indexed.map((d) => d.docId).filter((id) => !keep.has(id) && !putIds.has(id));
  await store.transaction(async (tx) => {
    for (const id of removed) await tx.deleteDoc(id);
    for (const r of records) {
      const put = await tx.putDoc(r);
      if (!put.ok) problems.push(...put.problems);
    }
  });
  return {
    added: sorted([...putIds].filter((id) => !indexedIds.has(id))),
    updated: sorted([...putIds].filter((id) => indexedIds.has(id))),
    removed: sorted(removed),
    unchanged: keep.size,
    problems,
  };
}

// canonicalize refuses a lone surrogate (a YAML escape can make one): such a field counts as changed, never as a crash.
const same = (a: unknown, b: unknown) => {
  try {
    return canonicalize(a as never) === canonicalize(b as never);
  } catch {
    return false;
  }
};

/**
 * Index rows that disagree with the files, as Problems: a doc on disk missing
 * from the index (`store.drift-missing`), an indexed doc no file declares
 * (`store.drift-extra`), an indexed doc older than its file
 * (`store.drift-stale`), a row whose recorded hash matches but whose fields
 * or search text do not (`store.drift-mismatch`), and edges naming a doc not
 * in the index (`store.edge-dangling`, warning). Empty when the index is a
 * faithful projection of the files. Unparseable files are reported too.
 */
export async function indexDrift(store: Store, files: FilePort, options: IndexOptions = {}): Promise<Problem[]> {
  const hasher = options.hasher ?? jsHasher;
  const paths = await listMemoryDocs(files, options.root ?? THUNDERUS_MEMORY_ROOT);
  const { records, problems } = parseAll(paths, await readMany(files, paths), hasher, new Map());
  const expected = new Map(records.map((r) => [r.docId, r]));
  const indexed = await store.listDocs();
  const indexedIds = new Set(indexed.map((d) => d.docId));
  for (const r of records) if (!indexedIds.has(r.docId)) problems.push(error('store.drift-missing', `doc "${r.docId}" is on disk but not in the index`, { file: r.path }));
  for (const row of indexed) {
    const want = expected.get(row.docId);
    if (want === undefined) {
      problems.push(error('store.drift-extra', `the index holds doc "${row.docId}" (${row.path}), which no memory file declares`));
      continue;
    }
    if (row.contentHash !== want.contentHash) {
      problems.push(error('store.drift-stale', `the index holds an older version of doc "${row.docId}"`, { file: want.path }));
      continue;
    }
    const full = await store.getDocRecord(row.docId);
    const fields = (['kind', 'title', 'path', 'tags', 'updated', 'provenance', 'headings', 'body'] as const).filter((f) => full === undefined || !same(full[f], want[f]));
    if (fields.length > 0)
      problems.push(error('store.drift-mismatch', `the index row of doc "${row.docId}" differs from its file in ${fields.join(', ')} although the content hash matches`, { file: want.path }));
  }
  for (const e of await store.allEdges()) {
    for (const id of [e.src, e.dst]) {
      if (!indexedIds.has(id)) problems.push(warning('store.edge-dangling', `edge ${e.src} ${e.rel} ${e.dst} names doc "${id}", which is not in the index`));
    }
  }
  return problems;
}
