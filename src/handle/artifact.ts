import { type Result, error, fail, ok } from '../kernel/problems/index.js';
import type { ArtifactsManifest } from '../schema/memory-bank.js';
import { parseJson } from '../syntax/index.js';
import { type MemoryContext, decodeUtf8, problemsOf, shown } from './context.js';
import { type ChangedFile, checkedWrite } from './write.js';
import { isObject } from '../kernel/object.js';

/** One entry of `artifacts-manifest.json`'s `artifacts`. */
export type ArtifactEntry = ArtifactsManifest['artifacts'][number];

/** A file to record in the artifacts manifest. */
export interface ArtifactInput {
  /** The artifact's path, relative to the memory directory and `/`-separated (as the manifest records it). */
  path: string;
  /** The agent recording it: the writer policy must allow it the manifest (default ReaperOAK, its writer); it is the entry's `created_by`. */
  as?: string;
  /** The phase that produced it (default: the workflow state's `current_phase`, else the entry's phase). */
  phase?: string;
  /** The `session_id` of a manifest not there yet (default: the workflow state's). */
  session?: string;
  /** The artifacts it was built from: its `dependency_graph` entry, replaced when given. */
  dependsOn?: string[];
}

/** What {@link addArtifact} did: the manifest written (none when the entry already said so), its path, and the entry. */
export interface WrittenArtifact {
  changed: ChangedFile[];
  /** The manifest's path. */
  manifest: string;
  /** True when the manifest had no entry for the path. */
  created: boolean;
  artifact: ArtifactEntry;
}

/** Where {@link addArtifact} reads and writes: the manifest, and the workflow state its defaults come from. */
export interface ArtifactPaths {
  manifest: string;
  state: string | undefined;
}

const DEFAULT_WRITER = 'ReaperOAK';

/** `key` of `target` set as an own property (a path named `__proto__` stays a plain key). */
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** The workflow state's `session_id` and `current_phase` where they are strings; nothing when it cannot be read. */
async function stateDefaults(ctx: MemoryContext, path: string | undefined): Promise<{ session?: string; phase?: string }> {
  if (path === undefined) return {};
  const bytes = await ctx.files.read(path).catch(() => undefined);
  if (bytes === undefined) return {};
  const text = decodeUtf8(bytes, path);
  const parsed = text.ok ? parseJson(text.value) : undefined;
  const state = parsed?.ok ? parsed.value : undefined;
  if (!isObject(state)) return {};
  return {
    ...(typeof state.session_id === 'string' && state.session_id !== '' ? { session: state.session_id } : {}),
    ...(typeof state.current_phase === 'string' && state.current_phase !== '' ? { phase: state.current_phase } : {}),
  };
}

/**
 * `artifact add`: records the file at `input.path` in the artifacts manifest, its `sha256` computed from the
 * file's bytes, with `created_by`, `phase` and `created_at`; an entry for the path is updated in place (its other
 * fields kept), a new one appended. The writer policy applies to the agent (the seed's writer is ReaperOAK).
 * Checked as `memkit check` would check the manifest, then written atomically under the manifest's lock (so
 * concurrent adds each land), or refused with nothing written.
 */
export async function addArtifact(ctx: MemoryContext, paths: ArtifactPaths, input: ArtifactInput): Promise<Result<WrittenArtifact>> {
  const path = input.path;
  const { manifest } = paths;
  if (typeof path !== 'string' || path === '' || path.startsWith('/') || /^[A-Za-z]:/.test(path) || path.includes('\\') || path.split('/').some((s) => s === '..' || s === '.' || s === ''))
    return fail([error('memory.bad-path', `an artifact is named by a relative path inside the memory directory, /-separated, not ${shown(path)}`, { pointer: '/path' })]);
  if (path === manifest) return fail([error('memory.invalid-request', `${manifest} is the manifest itself, not an artifact`, { pointer: '/path' })]);
  if (input.phase !== undefined && (typeof input.phase !== 'string' || input.phase.trim() === ''))
    return fail([error('memory.invalid-request', 'the phase must be a non-empty string', { pointer: '/phase' })]);
  if (input.dependsOn !== undefined && !(Array.isArray(input.dependsOn) && input.dependsOn.every((d) => typeof d === 'string' && d !== '')))
    return fail([error('memory.invalid-request', 'dependsOn must list artifact paths', { pointer: '/dependsOn' })]);
  const agent = input.as ?? DEFAULT_WRITER;
  const allowed = await ctx.permit(agent, manifest, 'edit');
  if (!allowed.ok) return allowed;
  let bytes: Uint8Array | undefined;
  try {
    bytes = await ctx.files.read(path);
  } catch (cause) {
    return fail(problemsOf(cause).map((p) => ({ ...p, pointer: '/path' })));
  }
  if (bytes === undefined) return fail([error('memory.not-found', `${shown(path)} does not exist in the memory directory`, { file: path, pointer: '/path' })]);
  const sha256 = ctx.hash(bytes);
  const defaults = await stateDefaults(ctx, paths.state);
  const lock = `${manifest}.lock`;
  return ctx.exclusive(lock, async () => {
    let base: Uint8Array | undefined;
    try {
      base = await ctx.files.read(manifest);
    } catch (cause) {
      return fail(problemsOf(cause));
    }
    let value: Record<string, unknown>;
    if (base === undefined) {
      const session = input.session ?? defaults.session;
      if (session === undefined)
        return fail([error('memory.invalid-request', `${manifest} does not exist yet and no session is open: give the session id of the new manifest`, { pointer: '/session' })]);
      value = { session_id: session, artifacts: [], dependency_graph: {} };
    } else {
      const text = decodeUtf8(base, manifest);
      if (!text.ok) return text;
      const parsed = parseJson(text.value);
      if (!parsed.ok) return fail(parsed.problems.map((p) => ({ ...p, file: manifest })));
      if (!isObject(parsed.value) || !Array.isArray(parsed.value.artifacts))
        return fail([error('memory.invalid-request', `${manifest} has no artifacts array to add to; fix the manifest first`, { file: manifest, pointer: '/artifacts' })]);
      value = parsed.value;
    }
    const artifacts = value.artifacts as unknown[];
    const at = artifacts.findIndex((a) => isObject(a) && a.path === path);
    const existing = at >= 0 ? (artifacts[at] as Record<string, unknown>) : undefined;
    const phase = input.phase ?? defaults.phase ?? (typeof existing?.phase === 'string' ? existing.phase : undefined);
    if (phase === undefined) return fail([error('memory.invalid-request', 'no phase is current in the workflow state: give the phase that produced the artifact', { pointer: '/phase' })]);
    const graph = isObject(value.dependency_graph) ? value.dependency_graph : undefined;
    const sameGraph = input.dependsOn === undefined || (graph !== undefined && Object.hasOwn(graph, path) && JSON.stringify(graph[path]) === JSON.stringify(input.dependsOn));
    if (existing !== undefined && existing.sha256 === sha256 && existing.phase === phase && sameGraph) return ok({ changed: [], manifest, created: false, artifact: existing as ArtifactEntry });
    const entry = { ...existing, path, sha256, created_by: agent, phase, created_at: ctx.timestamp() };
    if (existing !== undefined) artifacts[at] = entry;
    else artifacts.push(entry);
    if (input.dependsOn !== undefined) {
      const target = graph ?? {};
      setOwn(target, path, [...input.dependsOn]);
      if (graph === undefined) value.dependency_graph = target;
    }
    const written = await checkedWrite(ctx, [manifest.slice(0, manifest.lastIndexOf('/') + 1)], [{ path: manifest, bytes: ctx.encode(`${JSON.stringify(value, null, 2)}\n`), base }], {
      held: [lock],
    });
    if (!written.ok) return written;
    return ok({ changed: written.value, manifest, created: existing === undefined, artifact: entry as ArtifactEntry }, written.problems);
  });
}
