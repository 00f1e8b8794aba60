import { canonicalize, type Hasher, jsHasher } from '../../kernel/canonical/index.js';
import { type Problem, error, warning } from '../../kernel/problems/index.js';
import { type ManifestDoc, type MemoryManifest, validate } from '../../schema/index.js';
import { THUNDERUS_MEMORY_ROOT, memoryManifest } from '../../formats/index.js';
import { docRecordFromFile, listMemoryDocs, readMany } from './doc-file.js';
import type { DocRecord } from './doc-record.js';
import type { FilePort } from '../../kernel/file-port.js';
import { MANIFEST_PATH, isAbsolutePath, relativeFromAbsolute } from '../../formats/memory-manifest/paths.js';

/** Options of {@link buildManifest} and {@link checkManifest}. */
export interface ManifestOptions {
  /** The clock for `generated_at` (default `() => new Date()`). */
  now?: () => Date;
  hasher?: Hasher;
  /** Folder holding the memory docs (default `.thunderus/memory`). */
  root?: string;
}

function entry(r: DocRecord): ManifestDoc {
  const provenance: ManifestDoc['provenance'] = { events: [...r.provenance.events], patches: [...r.provenance.patches] };
  if (r.provenance.commits !== undefined) provenance.commits = [...r.provenance.commits];
  return { path: r.path, id: r.docId, kind: r.kind, title: r.title, tags: [...r.tags], updated: r.updated, provenance };
}

async function entries(files: FilePort, options: ManifestOptions): Promise<{ docs: ManifestDoc[]; problems: Problem[] }> {
  const paths = await listMemoryDocs(files, options.root ?? THUNDERUS_MEMORY_ROOT);
  const bytes = await readMany(files, paths);
  const docs: ManifestDoc[] = [];
  const problems: Problem[] = [];
  const ids = new Map<string, string>();
  paths.forEach((path, i) => {
    const b = bytes[i];
    if (b === undefined) return;
    const r = docRecordFromFile(path, b, options.hasher ?? jsHasher);
    if (!r.ok) return void problems.push(...r.problems);
    const first = ids.get(r.value.docId);
    if (first !== undefined) return void problems.push(error('store.duplicate-doc-id', `doc id "${r.value.docId}" is already declared by ${first}`, { file: path, pointer: '/id' }));
    ids.set(r.value.docId, path);
    docs.push(entry(r.value));
  });
  return { docs, problems };
}

/**
 * The memory manifest of the doc files: one entry per valid doc, by path, from the frontmatter; the same files and
 * clock give the same manifest ({@link manifestText}). Files that fail to parse are left out and reported.
 *
 * @example const { manifest } = await buildManifest(memoryFiles(), { now: () => new Date('2026-01-01T00:00:00Z') });
 */
export async function buildManifest(files: FilePort, options: ManifestOptions = {}): Promise<{ manifest: MemoryManifest; problems: Problem[] }> {
  const { docs, problems } = await entries(files, options);
  const now = (options.now ?? (() => new Date()))();
  return { manifest: { version: 1, generated_at: now.toISOString().replace(/\.\d{3}Z$/, 'Z'), docs }, problems };
}

/** The manifest as file text: two-space JSON with keys in schema order and a final newline; same manifest, same bytes. */
export function manifestText(manifest: MemoryManifest): string {
  return JSON.stringify(manifest, null, 2) + '\n';
}

/**
 * Where a manifest disagrees with the doc files: schema errors, `store.manifest-missing-doc`, `store.manifest-unlisted-doc`,
 * `store.manifest-stale` (pointer to the field) and `store.manifest-order`; `generated_at` is not compared.
 */
export async function checkManifest(manifest: unknown, files: FilePort, options: ManifestOptions = {}): Promise<Problem[]> {
  const file = MANIFEST_PATH;
  const schema = validate(memoryManifest.id, manifest).map((p) => ({ ...p, file }));
  if (schema.some((p) => p.severity === 'error')) return [error('store.manifest-invalid', 'the manifest does not match the memory-manifest schema', { file }), ...schema];
  const m = manifest as MemoryManifest;
  const { docs } = await entries(files, options);
  const byPath = new Map(docs.map((d) => [d.path, d]));
  const problems: Problem[] = [];
  const listed = new Set<string>();
  let previous = '';
  const root = options.root ?? THUNDERUS_MEMORY_ROOT;
  m.docs.forEach((d, i) => {
    const pointer = `/docs/${i}`;
    const atPath = { file, pointer: `${pointer}/path` };
    if (d.path < previous) problems.push(error('store.manifest-order', `manifest entry ${d.path} comes after ${previous}; entries are sorted by path`, { file, pointer }));
    previous = d.path;
    // An absolute path is read as the doc it names inside the repository, with a warning.
    const absolute = isAbsolutePath(d.path);
    const path = absolute ? relativeFromAbsolute(d.path, root) : d.path;
    if (absolute)
      problems.push(
        warning('store.manifest-absolute-path', `the manifest lists the absolute path ${d.path}; paths are relative to the repository root${path === undefined ? '' : ` (${path})`}`, atPath),
      );
    if (path === undefined)
      return void problems.push(
        error('store.manifest-missing-doc', `the manifest lists ${d.path}, an absolute path with no ${root}/ directory in it, so it names no memory doc of this repository`, atPath),
      );
    listed.add(path);
    const want = byPath.get(path);
    if (want === undefined)
      return void problems.push(error('store.manifest-missing-doc', `the manifest lists ${absolute ? `${d.path} (read as ${path})` : d.path}, which is not a valid memory doc on disk`, atPath));
    for (const field of ['id', 'kind', 'title', 'tags', 'updated', 'provenance'] as const) {
      if (canonicalize(d[field] as never) !== canonicalize(want[field] as never))
        problems.push(error('store.manifest-stale', `the manifest's ${field} for ${d.path} differs from the doc's frontmatter`, { file, pointer: `${pointer}/${field}` }));
    }
  });
  for (const d of docs) if (!listed.has(d.path)) problems.push(error('store.manifest-unlisted-doc', `memory doc ${d.path} (id "${d.id}") is not listed in the manifest`, { file: d.path }));
  return problems;
}
