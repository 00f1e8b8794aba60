import type { Hasher } from '../canonical/index.js';
import { CONFIG_FILE, type CheckSource, checkDirectory } from '../check/index.js';
import { type Problem, error, ok } from '../problems/index.js';
import type { FilePort } from '../store/index.js';

/** Files a write would produce: path → new bytes. */
export type Changes = ReadonlyMap<string, Uint8Array>;

/**
 * The checker's source seen through pending changes and limited to the
 * paths a write can affect (`scope`); the config file is always in view so
 * its profile, rules and writer rosters apply.
 */
export function overlaySource(base: CheckSource, changes: Changes, scope: (path: string) => boolean): CheckSource {
  const inScope = (p: string) => p === CONFIG_FILE || scope(p);
  return {
    async list() {
      const listing = await base.list();
      // A copy: the listing may be shared between runs.
      const files = listing.files.filter((f) => inScope(f.path) && !changes.has(f.path));
      for (const [path, bytes] of changes) files.push({ path, size: bytes.length });
      files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
      return { files, problems: listing.problems.filter((p) => p.file === undefined || inScope(p.file)) };
    },
    async read(path) {
      const pending = changes.get(path);
      return pending === undefined ? base.read(path) : ok(pending);
    },
  };
}

/** A file port that reads pending changes first (to build a manifest as it will be). */
export function overlayFiles(base: FilePort, changes: Changes): FilePort {
  return {
    read: async (path) => changes.get(path) ?? base.read(path),
    write: base.write.bind(base),
    rename: base.rename.bind(base),
    remove: base.remove.bind(base),
    async list(prefix) {
      const listed = new Set(await base.list(prefix));
      const under = prefix === '' ? '' : prefix.endsWith('/') ? prefix : prefix + '/';
      for (const p of changes.keys()) if (p.startsWith(under)) listed.add(p);
      return [...listed].sort();
    },
  };
}

const keyOf = (p: Problem) => `${p.code}\u0000${p.file ?? ''}\u0000${p.pointer ?? ''}`;

/**
 * The errors the changed files would add: the checker runs over the scope as
 * it is (`before`, usually no changes) and as it would be (`after`), and an
 * error counts as new when its code, file and pointer occur more often
 * after. Errors already there do not block a write that does not add to
 * them: a directory with one broken file stays writable elsewhere.
 * One definition of every rule: this is `memkit check` itself.
 */
export async function newErrors(source: CheckSource, scope: (path: string) => boolean, before: Changes, after: Changes, hasher: Hasher | undefined): Promise<Problem[]> {
  const options = hasher === undefined ? {} : { hasher };
  // One walk of the directory serves both runs.
  const listing = await source.list();
  const walked: CheckSource = { list: async () => listing, read: (path) => source.read(path) };
  const [was, will] = await Promise.all([checkDirectory(overlaySource(walked, before, scope), options), checkDirectory(overlaySource(walked, after, scope), options)]);
  const counts = new Map<string, number>();
  for (const p of was.problems) if (p.severity === 'error') counts.set(keyOf(p), (counts.get(keyOf(p)) ?? 0) + 1);
  const added: Problem[] = [];
  for (const p of will.problems) {
    if (p.severity !== 'error') continue;
    const left = counts.get(keyOf(p)) ?? 0;
    if (left > 0) counts.set(keyOf(p), left - 1);
    else added.push(p);
  }
  return added;
}

/** The refusal of a write whose result would not check clean: one summary problem, then the new errors. */
export function refusal(added: Problem[]): Problem[] {
  return [error('mcp.would-not-check-clean', `the write would add ${added.length} error${added.length === 1 ? '' : 's'}; nothing was written`), ...added];
}
