import { canonicalize, type Hasher, jsHasher, sha256Hex } from '../../kernel/canonical/index.js';
import { type Problem, error, warning } from '../../kernel/problems/index.js';
import { THUNDERUS_MEMORY_ROOT, isMemoryDocName } from '../../formats/memory-doc/names.js';
import type { DocRecord } from './doc-record.js';
import { listMemoryDocs, readMany } from './doc-list.js';
import type { FilePort } from '../../kernel/file-port.js';
import type { Store, StoreOps } from './store-port.js';

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
  displaced: Set<string>;
}

/**
 * Parses `paths` (in path order); the first file by path declaring a doc id wins, a later one is
 * `store.duplicate-doc-id`. So is a file the refresh keeps unread (`kept`: doc id to path) when a file earlier
 * in path order now declares its id; that doc id is returned in `displaced`.
 */
async function parseAll(paths: readonly string[], bytes: readonly (Uint8Array | undefined)[], hasher: Hasher, kept: ReadonlyMap<string, string> = new Map()): Promise<Loaded> {
  // The parser (frontmatter, Markdown, schemas) is loaded only when there is a file to parse: a refresh that finds
  // every file unchanged does without it.
  const docRecordFromFile = paths.length === 0 ? undefined : (await import('./doc-file.js')).docRecordFromFile;
  const records: DocRecord[] = [];
  const problems: Problem[] = [];
  const displaced = new Set<string>();
  const taken = new Map(kept);
  const duplicate = (docId: string, file: string, first: string) => error('store.duplicate-doc-id', `doc id "${docId}" is already declared by ${first}`, { file, pointer: '/id' });
  paths.forEach((path, i) => {
    const b = bytes[i];
    if (b === undefined || docRecordFromFile === undefined) return;
    const r = docRecordFromFile(path, b, hasher);
    problems.push(...(r.problems ?? []));
    if (!r.ok) return;
    const id = r.value.docId;
    const first = taken.get(id);
    if (first !== undefined && first !== path) {
      if (!(kept.get(id) === first && path < first)) return void problems.push(duplicate(id, path, first));
      problems.push(duplicate(id, first, path));
      displaced.add(id);
    }
    taken.set(id, path);
    records.push(r.value);
  });
  return { records, problems, displaced };
}

const sorted = (xs: Iterable<string>) => [...xs].sort();

// A port that lists files with fingerprints (the node port's): one changes whenever the bytes may have changed,
// and is undefined when the port cannot vouch for a file (changed moments ago).
interface Fingerprinted {
  listFingerprints?(prefix: string): Promise<[path: string, fingerprint: string | undefined][]>;
}

// The store file of the fingerprints of the doc files the index read, `{"version":1,"paths":[…],"fingerprints":[…],
// "hashes":[…]}` (the content hash when read), written in the same transaction as the docs.
export const INDEX_FINGERPRINTS_PATH = '.memkit/index-fingerprints.json';

type Prints = Map<string, readonly [fingerprint: string, contentHash: string]>;

/** The memory doc paths under `root`, sorted, with their fingerprints when the port has them. */
async function listDocs(files: FilePort, root: string): Promise<{ paths: string[]; prints: (string | undefined)[]; fingerprinted: boolean }> {
  const { listFingerprints } = files as Fingerprinted;
  if (listFingerprints === undefined) return { paths: await listMemoryDocs(files, root), prints: [], fingerprinted: false };
  const paths: string[] = [];
  const prints: (string | undefined)[] = [];
  for (const [p, f] of await listFingerprints.call(files, root)) {
    if (!isMemoryDocName(p)) continue;
    paths.push(p);
    prints.push(f);
  }
  return { paths, prints, fingerprinted: true };
}

// The recorded fingerprints; a missing, unreadable or foreign record counts as none (every doc is then read).
function readPrints(text: string | undefined): Prints {
  const out: Prints = new Map();
  if (text === undefined) return out;
  try {
    const v = JSON.parse(text) as { version?: unknown; paths?: unknown; fingerprints?: unknown; hashes?: unknown };
    const { paths, fingerprints, hashes } = v ?? {};
    if (v?.version !== 1 || !Array.isArray(paths) || !Array.isArray(fingerprints) || !Array.isArray(hashes)) return out;
    for (let i = 0; i < paths.length; i++) {
      const p = paths[i];
      const f = fingerprints[i];
      const h = hashes[i];
      if (typeof p === 'string' && typeof f === 'string' && typeof h === 'string') out.set(p, [f, h]);
    }
  } catch {
    // A damaged record only costs a full read.
  }
  return out;
}

// The record's text, entries in path order (`paths` is sorted; paths without an entry are left out).
// Three parallel arrays, not an object keyed by path: about 8x faster to parse at 10,000 docs.
function printsText(paths: readonly string[], prints: Prints): string {
  const out = { version: 1, paths: [] as string[], fingerprints: [] as string[], hashes: [] as string[] };
  for (const p of paths) {
    const e = prints.get(p);
    if (e === undefined) continue;
    out.paths.push(p);
    out.fingerprints.push(e[0]);
    out.hashes.push(e[1]);
  }
  return JSON.stringify(out);
}

// True when `prints` holds exactly the entries of `recorded` (then the record need not be written again).
function samePrints(prints: Prints, recorded: Prints): boolean {
  if (prints.size !== recorded.size) return false;
  for (const [p, e] of prints) {
    const r = recorded.get(p);
    if (r === undefined || r[0] !== e[0] || r[1] !== e[1]) return false;
  }
  return true;
}

// Records the fingerprints in the transaction, when the port gave any (a port without them leaves the record alone).
async function writePrints(tx: StoreOps, paths: readonly string[], prints: Prints, recorded: Prints | undefined, fingerprinted: boolean): Promise<Problem[]> {
  if (!fingerprinted || (recorded !== undefined && samePrints(prints, recorded))) return [];
  const put = await tx.putFile(INDEX_FINGERPRINTS_PATH, new TextEncoder().encode(printsText(paths, prints)));
  return put.ok ? [] : put.problems;
}

/**
 * Rebuilds the index: the docs are cleared (edges, ledgers and files stay) and every memory doc file is read, parsed
 * and put, in one transaction. Files that fail to parse are reported, not indexed.
 *
 * @example const report = await rebuildSearchIndex(memoryStore(), nodeFiles(process.cwd()));
 */
export async function rebuildSearchIndex(store: Store, files: FilePort, options: IndexOptions = {}): Promise<IndexReport> {
  const hasher = options.hasher ?? jsHasher;
  const { paths, prints: listedPrints, fingerprinted } = await listDocs(files, options.root ?? THUNDERUS_MEMORY_ROOT);
  const { records, problems } = await parseAll(paths, await readMany(files, paths), hasher);
  const before = new Set((await store.listHashes()).map((d) => d.docId));
  // Fingerprints are taken before the reads: a file changed in between is recorded with its old fingerprint, so the next refresh reads it again.
  const printOf = new Map(paths.map((p, i) => [p, listedPrints[i]]));
  const prints: Prints = new Map();
  for (const r of records) {
    const f = printOf.get(r.path);
    if (f !== undefined) prints.set(r.path, [f, r.contentHash]);
  }
  await store.transaction(async (tx) => {
    await tx.clearDocs();
    for (const r of records) {
      const put = await tx.putDoc(r);
      if (!put.ok) problems.push(...put.problems);
    }
    problems.push(...(await writePrints(tx, paths, prints, undefined, fingerprinted)));
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
 * Brings the index up to date with the files in one transaction: docs whose file's SHA-256 differs from the indexed
 * `contentHash` are re-parsed and put, docs whose file is gone (or no longer parses) removed, the rest left alone.
 * On a port that lists fingerprints (`memkit/node`'s), a file whose fingerprint is the one recorded when its indexed
 * bytes were read (kept in `.memkit/index-fingerprints.json`) is not read again.
 *
 * @example const { updated, removed } = await refreshIndex(memoryStore(), memoryFiles());
 */
export async function refreshIndex(store: Store, files: FilePort, options: IndexOptions = {}): Promise<IndexReport> {
  const hasher = options.hasher ?? jsHasher;
  const { paths, prints: listedPrints, fingerprinted } = await listDocs(files, options.root ?? THUNDERUS_MEMORY_ROOT);
  const indexed = await store.listHashes();
  const byPath = new Map(indexed.map((d) => [d.path, d]));
  const recordedBytes = fingerprinted ? await store.getFile(INDEX_FINGERPRINTS_PATH) : undefined;
  const recordedText = recordedBytes === undefined ? undefined : new TextDecoder().decode(recordedBytes);
  const recorded = readPrints(recordedText);
  const prints: Prints = new Map();
  // The docs kept as they are: doc id to path.
  const taken = new Map<string, string>();
  // A file whose fingerprint is the one recorded with the indexed hash is unchanged: not read.
  const toRead: number[] = [];
  paths.forEach((path, i) => {
    const f = listedPrints[i];
    const was = f === undefined ? undefined : recorded.get(path);
    const old = byPath.get(path);
    if (was !== undefined && old !== undefined && was[0] === f && was[1] === old.contentHash && !taken.has(old.docId)) {
      taken.set(old.docId, path);
      prints.set(path, was);
    } else toRead.push(i);
  });
  const toReadPaths = toRead.map((i) => paths[i]!);
  const bytes = await readMany(files, toReadPaths);
  const changedPaths: string[] = [];
  const changedBytes: Uint8Array[] = [];
  const changedPrints = new Map<string, string | undefined>();
  toRead.forEach((i, k) => {
    const b = bytes[k];
    if (b === undefined) return;
    const [path, f] = [paths[i]!, listedPrints[i]];
    const hash = sha256Hex(b, hasher);
    const old = byPath.get(path);
    if (old !== undefined && old.contentHash === hash && !taken.has(old.docId)) {
      taken.set(old.docId, path);
      if (f !== undefined) prints.set(path, [f, hash]);
    } else {
      changedPaths.push(path);
      changedBytes.push(b);
      changedPrints.set(path, f);
    }
  });
  const { records, problems, displaced } = await parseAll(changedPaths, changedBytes, hasher, taken);
  for (const id of displaced) {
    prints.delete(taken.get(id)!);
    taken.delete(id);
  }
  for (const r of records) {
    const f = changedPrints.get(r.path);
    if (f !== undefined) prints.set(r.path, [f, r.contentHash]);
  }
  // Every doc removed or replaced is deleted before the first put, in path order: FTS5 then buffers the whole
  // change, where deleting an older row after writing a newer one writes a segment each time.
  const dropped = indexed.filter((d) => !taken.has(d.docId)).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const putIds = new Set<string>();
  await store.transaction(async (tx) => {
    for (const d of dropped) await tx.deleteDoc(d.docId);
    for (const r of records) {
      const put = await tx.putDoc(r);
      if (put.ok) putIds.add(r.docId);
      else problems.push(...put.problems);
    }
    problems.push(...(await writePrints(tx, paths, prints, recordedText === undefined ? undefined : recorded, fingerprinted)));
  });
  // A doc whose new version the store refused is gone, as after a rebuild; a doc put that was indexed was dropped first.
  const droppedIds = new Set(dropped.map((d) => d.docId));
  const removed = [...droppedIds].filter((id) => !putIds.has(id));
  return {
    added: sorted([...putIds].filter((id) => !droppedIds.has(id))),
    updated: sorted([...putIds].filter((id) => droppedIds.has(id))),
    removed: sorted(removed),
    unchanged: taken.size,
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
 * Index rows that disagree with the files: `store.drift-missing`, `store.drift-extra`, `store.drift-stale`,
 * `store.drift-mismatch` (hash matches, fields differ), `store.edge-dangling` (warning), and unparseable files.
 * Empty when the index is a faithful projection of the files.
 */
export async function indexDrift(store: Store, files: FilePort, options: IndexOptions = {}): Promise<Problem[]> {
  const hasher = options.hasher ?? jsHasher;
  const paths = await listMemoryDocs(files, options.root ?? THUNDERUS_MEMORY_ROOT);
  const { records, problems } = await parseAll(paths, await readMany(files, paths), hasher);
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
