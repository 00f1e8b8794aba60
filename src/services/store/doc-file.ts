import { type Hasher, jsHasher, sha256Hex } from '../../kernel/canonical/index.js';
import { memoryDoc } from '../../formats/index.js';
import { parseFrontmatter } from '../../syntax/index.js';
import { type Problem, type Result, error, fail, hasErrors, inFile, ok } from '../../kernel/problems/index.js';
import { type MemoryDocFrontmatter, validate } from '../../schema/index.js';
import type { DocRecord } from './doc-record.js';

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

export { SEARCH_INDEX_PATH, isSearchIndexFile, listMemoryDocs, readMany } from './doc-list.js';
