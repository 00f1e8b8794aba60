import { type Hasher, jsHasher, sha256Hex } from '../../kernel/canonical/index.js';
import { THUNDERUS_MEMORY_ROOT, isMemoryDocName, memoryDoc } from '../../formats/index.js';
import { parseFrontmatter } from '../../syntax/index.js';
import { type Problem, type Result, error, fail, hasErrors, inFile, ok } from '../../kernel/problems/index.js';
import { type MemoryDocFrontmatter, validate } from '../../schema/index.js';
import type { DocRecord } from './doc-record.js';
import type { FilePort } from '../../kernel/file-port.js';

const decoder = new TextDecoder('utf-8', { fatal: true });

/**
 * Reads one memory doc file into a {@link DocRecord} (frontmatter validated, headings, plain body text, SHA-256 of
 * the bytes as `contentHash`); problems carry `file: path`.
 *
 * @example
 * const store = memoryStore();
 * const r = docRecordFromFile('.thunderus/memory/CORE.md', new TextEncoder().encode('---\nid: core\n---\n# Core\n'));
 * if (r.ok) await store.putDoc(r.value);
 */
export function docRecordFromFile(path: string, bytes: Uint8Array, hasher: Hasher = jsHasher): Result<DocRecord> {
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    return fail([error('input.invalid-utf8', 'the memory doc is not valid UTF-8', { file: path })]);
  }
  const parsed = parseFrontmatter(text, { file: path });
  if (!parsed.ok) return fail(parsed.problems);
  const problems: Problem[] = [...(parsed.problems ?? []), ...inFile(validate(memoryDoc.id, parsed.value.data), path)];
  if (hasErrors(problems)) return fail(problems);
  const data = parsed.value.data as unknown as MemoryDocFrontmatter;
  const record: DocRecord = {
    docId: data.id,
    kind: data.kind as DocRecord['kind'],
    title: data.title,
    path,
    tags: [...data.tags],
    updated: data.updated,
    provenance: data.provenance,
    contentHash: sha256Hex(bytes, hasher),
    headings: parsed.value.headings().map((h) => h.text),
    body: parsed.value.bodyText(),
  };
  // Why headings and body text came from a plain line scan (a hostile body), if they did.
  problems.push(...parsed.value.markdownProblems());
  return ok(record, problems);
}

/** Paths of memory doc files (`<root>/**
 * Where `memkit index` keeps the SQLite search index of a memory directory
 * by default. The index is derived from the docs: exports leave it (and its
 * `-wal`, `-shm`, `-journal` files) out, and a rebuild makes it again.
 */
export const SEARCH_INDEX_PATH = `${THUNDERUS_MEMORY_ROOT}/indexes/memory.sqlite`;

/** True for the search index at {@link SEARCH_INDEX_PATH} and the files SQLite keeps beside it. */
export function isSearchIndexFile(path: string): boolean {
  return path === SEARCH_INDEX_PATH || (path.startsWith(`${SEARCH_INDEX_PATH}-`) && ['wal', 'shm', 'journal'].includes(path.slice(SEARCH_INDEX_PATH.length + 1)));
}

/**\/*.md`, a README excepted), sorted. */
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
