import { canonicalize, hashJson, type Hasher, jsHasher, readJson } from '../../kernel/canonical/index.js';
import { error, type Problem, type Result, fail, ok } from '../../kernel/problems/index.js';
import { EDGE_RELS, type DocEdge, type DocMeta, type DocRecord, type ListDocsOptions } from './doc-record.js';

const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

/** Code-unit order, the order every store sorts ids and paths in. */
export const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Edges in (src, rel, dst) order. */
export const byEdge = (a: DocEdge, b: DocEdge): number => cmp(a.src, b.src) || cmp(a.rel, b.rel) || cmp(a.dst, b.dst);

/** Problems with a doc record's shape (`store.doc-invalid`); empty when every field is present and typed. */
export function checkDocRecord(doc: unknown): Problem[] {
  if (typeof doc !== 'object' || doc === null) return [error('store.doc-invalid', 'a doc record must be an object')];
  const d = doc as Record<string, unknown>;
  const problems: Problem[] = [];
  for (const key of ['docId', 'kind', 'title', 'path', 'updated', 'contentHash', 'body'] as const) {
    if (typeof d[key] !== 'string') problems.push(error('store.doc-invalid', `doc record field "${key}" must be a string`, { pointer: `/${key}` }));
  }
  if (typeof d.docId === 'string' && d.docId.length === 0) problems.push(error('store.doc-invalid', 'doc record field "docId" must not be empty', { pointer: '/docId' }));
  for (const key of ['tags', 'headings'] as const) {
    if (!isStringArray(d[key])) problems.push(error('store.doc-invalid', `doc record field "${key}" must be an array of strings`, { pointer: `/${key}` }));
  }
  if (typeof d.provenance !== 'object' || d.provenance === null || Array.isArray(d.provenance)) {
    problems.push(error('store.doc-invalid', 'doc record field "provenance" must be an object', { pointer: '/provenance' }));
  } else {
    try {
      canonicalize(d.provenance as never);
    } catch {
      problems.push(error('store.doc-invalid', 'doc record field "provenance" must be plain JSON', { pointer: '/provenance' }));
    }
  }
  return problems;
}

/** Checks a store file path: relative, `/`-separated, no empty, `.` or `..` segment, no NUL or backslash. */
export function checkStorePath(path: unknown): Problem | undefined {
  if (typeof path !== 'string' || path.length === 0) return error('store.bad-path', 'a file path must be a non-empty string');
  if (path.includes('\0') || path.includes('\\') || path.startsWith('/')) return error('store.bad-path', `"${path.replace(/\0/g, '\\0')}" is not a relative /-separated path`);
  for (const seg of path.split('/')) if (seg === '' || seg === '.' || seg === '..') return error('store.bad-path', `"${path}" has an empty, "." or ".." segment`);
  return undefined;
}

/** The entry hash `sha256(JCS(entry))` of a ledger line holding one JSON object (`store.ledger-bad-entry` otherwise). */
export function ledgerEntryHash(line: unknown, hasher: Hasher = jsHasher): Result<string> {
  if (typeof line !== 'string' || line.includes('\n') || line.includes('\r')) return fail([error('store.ledger-bad-entry', 'a ledger entry must be one line of text')]);
  // Read as the ledger verifier reads it: a duplicate name, a lone surrogate or a forbidden key would let one hash stand for two entries.
  const read = readJson(line, { forbiddenKeys: 'refuse' });
  if (!read.ok) {
    const first = read.problems[0]!;
    if (first.code.startsWith('json.')) return fail([error(first.code, first.message, first.pointer === undefined ? {} : { pointer: first.pointer })]);
    return fail([error('store.ledger-bad-entry', 'a ledger entry must be valid JSON')]);
  }
  const value = read.value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return fail([error('store.ledger-bad-entry', 'a ledger entry must be a JSON object')]);
  try {
    return ok(hashJson(value, hasher));
  } catch {
    return fail([error('store.ledger-bad-entry', 'a ledger entry cannot be canonicalized (RFC 8785)')]);
  }
}

/** The text of the five `docs_fts` columns for a doc: doc_id, title, headings, tags, body. */
export function ftsColumns(doc: Pick<DocRecord, 'docId' | 'title' | 'headings' | 'tags' | 'body'>): [string, string, string, string, string] {
  return [doc.docId, doc.title, doc.headings.join('\n'), doc.tags.join(' '), doc.body];
}

/** The edge `addEdge` stores, once it has a known relation, is no self-edge and both docs exist (`hashes`: the content hashes of the ids found). */
export async function checkedEdge(src: string, rel: unknown, dst: string, hashes: (ids: [string, string]) => Map<string, string> | Promise<Map<string, string>>): Promise<Result<DocEdge>> {
  if (!(EDGE_RELS as readonly unknown[]).includes(rel)) return fail([error('store.edge-bad-rel', `"${String(rel)}" is not a provenance relation`)]);
  if (src === dst) return fail([error('store.edge-self', `doc "${src}" cannot ${String(rel)} itself`)]);
  const found = await hashes([src, dst]);
  const missing = [src, dst].filter((id) => !found.has(id));
  if (missing.length > 0) return fail(missing.map((id) => error('store.edge-unknown-doc', `doc "${id}" is not in the store`)));
  return ok({ src, rel: rel as DocEdge['rel'], dst, dstHash: found.get(dst)! });
}

/** What `listDocs` returns of `docs`: the wanted kinds under the path prefix, sorted by doc id. */
export function listedDocs(docs: DocMeta[], options: ListDocsOptions): DocMeta[] {
  const kinds = options.kinds ? new Set<string>(options.kinds) : undefined;
  return docs.filter((d) => (!kinds || kinds.has(d.kind)) && (options.pathPrefix === undefined || d.path.startsWith(options.pathPrefix))).sort((a, b) => cmp(a.docId, b.docId));
}

/** What `listFiles(prefix)` returns of `paths`: `prefix` itself and the paths in it as a folder (every path for `''`), sorted. */
export function filesUnder(paths: Iterable<string>, prefix: string): string[] {
  const p = prefix === '' || prefix.endsWith('/') ? prefix : prefix + '/';
  return [...paths].filter((k) => p === '' || k.startsWith(p) || k === prefix).sort(cmp);
}
