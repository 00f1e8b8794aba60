import { canonicalize } from '../../kernel/canonical/index.js';
import { warning } from '../../kernel/problems/index.js';
import { isAbsolutePath, relativeFromAbsolute } from '../memory-manifest/paths.js';
import type { CheckContext, DocFacts, LoadedFile } from '../check-context.js';
import { findIdCollisions, idCollisionProblem } from '../../syntax/id-spelling.js';
import { isObject } from '../../kernel/object.js';

const same = (a: unknown, b: unknown) => {
  try {
    return canonicalize(a as never) === canonicalize(b as never);
  } catch {
    return false;
  }
};

/**
 * The thunderus cross-file rules: doc ids are unique; each manifest matches
 * the docs on disk; doc provenance names events and patches that exist;
 * event refs name docs, patches and snapshots that exist.
 */
export function crossCheckThunderus(ctx: CheckContext): void {
  const byId = new Map<string, DocFacts>();
  for (const d of ctx.docs) {
    const first = byId.get(d.id);
    if (first) ctx.error('check.duplicate-doc-id', `memory doc id "${d.id}" is also used by ${first.path}`, { file: d.path, line: d.line });
    else byId.set(d.id, d);
  }
  const docIds = ctx.docs.map((d) => d.id);
  for (const c of findIdCollisions(docIds)) {
    const d = ctx.docs[c.index]!;
    const first = ctx.docs[c.first]!;
    ctx.add(idCollisionProblem(c, 'memory doc id', d.id, first.id, first.path, { file: d.path, line: d.line }));
  }
  for (const m of ctx.manifests) checkManifest(ctx, m);
  checkEventRefs(ctx, byId);
}

// The manifest as its own check parsed it (a manifest that does not parse is not among `ctx.manifests`).
function checkManifest(ctx: CheckContext, manifest: LoadedFile): void {
  const path = manifest.path;
  const value = manifest.parsed?.kind === 'json' ? manifest.parsed.value : undefined;
  if (!isObject(value) || !Array.isArray(value.docs)) return;
  // The manifest lists repository-relative paths; resolve them against the directory holding `.thunderus`.
  const base = path.slice(0, path.lastIndexOf('.thunderus/'));
  const onDisk = new Map(ctx.docs.filter((d) => d.path.startsWith(base + '.thunderus/')).map((d) => [d.path, d]));
  const listed = new Set<string>();
  const at = (pointer: string) => manifest.positions?.locate(pointer);
  value.docs.forEach((entry, i) => {
    if (!isObject(entry) || typeof entry.path !== 'string') return;
    const where = (field?: string) => {
      const pointer = field ? `/docs/${i}/${field}` : `/docs/${i}`;
      const pos = at(pointer);
      return { file: path, pointer, ...(pos ? { line: pos.line, column: pos.column } : {}) };
    };
    // An absolute path (a manifest written on one machine) is read as the doc it names in this repository, with a warning.
    const absolute = isAbsolutePath(entry.path);
    const inRepo = absolute ? relativeFromAbsolute(entry.path, '.thunderus') : entry.path.replace(/^\.\//, '');
    if (absolute)
      ctx.report(path, [
        warning(
          'check.manifest-absolute-path',
          `the manifest lists the absolute path ${entry.path}; paths are relative to the repository root${inRepo === undefined ? '' : ` (${inRepo})`}`,
          where('path'),
        ),
      ]);
    if (inRepo === undefined) {
      ctx.error('check.manifest-missing-doc', `the manifest lists ${entry.path}, an absolute path with no .thunderus/ directory in it, so it names no memory doc of this repository`, where('path'));
      return;
    }
    const rel = base + inRepo;
    listed.add(rel);
    const doc = onDisk.get(rel);
    if (doc === undefined) {
      ctx.error('check.manifest-missing-doc', `the manifest lists ${absolute ? `${entry.path} (read as ${inRepo})` : entry.path}, which is not a memory doc on disk`, where('path'));
      return;
    }
    for (const field of ['id', 'kind', 'title', 'tags', 'updated', 'provenance'] as const) {
      if (!(field in entry)) continue;
      if (!same(entry[field], doc[field])) ctx.error('check.manifest-stale', `the manifest's ${field} for ${entry.path} differs from the doc's frontmatter`, where(field));
    }
  });
  for (const d of onDisk.values()) {
    if (!listed.has(d.path)) ctx.error('check.manifest-unlisted-doc', `memory doc ${d.path} (id "${d.id}") is not listed in ${path}`, { file: d.path, line: 1 });
  }
}

function checkEventRefs(ctx: CheckContext, docs: Map<string, DocFacts>): void {
  if (ctx.events.length === 0) return;
  const eventIds = new Map<string, string>();
  const patches = new Set<string>();
  const snapshots = new Set<string>();
  const ids = ctx.events.map((e) => e.id);
  for (const c of findIdCollisions(ids)) {
    const e = ctx.events[c.index]!;
    const first = ctx.events[c.first]!;
    ctx.add(idCollisionProblem(c, 'event id', e.id, first.id, `${first.path}:${first.line}`, { file: e.path, line: e.line }));
  }
  for (const e of ctx.events) {
    const first = eventIds.get(e.id);
    if (first !== undefined) ctx.error('check.duplicate-event-id', `event id "${e.id}" is also used at ${first}`, { file: e.path, line: e.line });
    else eventIds.set(e.id, `${e.path}:${e.line}`);
    if (e.kind === 'patch' && e.patchId !== undefined) {
      if (patches.has(e.patchId)) ctx.error('check.duplicate-ref', `patch "${e.patchId}" is recorded by more than one patch event`, { file: e.path, line: e.line });
      patches.add(e.patchId);
    }
    if (e.kind === 'snapshot' && e.snapshotId !== undefined) {
      if (snapshots.has(e.snapshotId)) ctx.error('check.duplicate-ref', `snapshot "${e.snapshotId}" is recorded by more than one snapshot event`, { file: e.path, line: e.line });
      snapshots.add(e.snapshotId);
    }
  }
  for (const e of ctx.events) {
    // events.jsonl is append-only: a line naming a doc retired since can never be corrected, so this is a warning.
    for (const id of e.docIds)
      if (!docs.has(id))
        ctx.report(e.path, [
          warning('check.unknown-doc-ref', `event "${e.id}" refers to memory doc "${id}", which no doc on disk has (retired since, or a wrong id)`, {
            file: e.path,
            line: e.line,
            pointer: '/refs/memory_doc_ids',
          }),
        ]);
    if (e.kind !== 'patch' && e.patchId !== undefined && !patches.has(e.patchId))
      ctx.error('check.unknown-patch', `event "${e.id}" refers to patch "${e.patchId}", which no patch event records`, { file: e.path, line: e.line, pointer: '/refs/patch_id' });
    if (e.kind !== 'snapshot' && e.snapshotId !== undefined && !snapshots.has(e.snapshotId))
      ctx.error('check.unknown-snapshot', `event "${e.id}" refers to snapshot "${e.snapshotId}", which no snapshot event records`, { file: e.path, line: e.line, pointer: '/refs/snapshot_id' });
  }
  for (const d of ctx.docs) {
    for (const id of d.provenance.events)
      if (!eventIds.has(id)) ctx.error('check.unknown-event', `provenance names event "${id}", which no events.jsonl holds`, { file: d.path, line: d.provenanceLine, pointer: '/provenance/events' });
    for (const id of d.provenance.patches)
      if (!patches.has(id)) ctx.error('check.unknown-patch', `provenance names patch "${id}", which no patch event records`, { file: d.path, line: d.provenanceLine, pointer: '/provenance/patches' });
  }
}
