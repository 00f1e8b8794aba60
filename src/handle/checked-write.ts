import { randomToken, sameBytes } from '../kernel/canonical/bytes.js';
import type { Hasher } from '../kernel/canonical/index.js';
import { RULES } from '../engine/rules.js';
import { CONFIG_FILE, type CheckSource, type FormatId, type ListScope, checkDirectory, inListScope } from '../engine/index.js';
import { type Problem, type Result, error, fail, ok } from '../kernel/problems/index.js';
import type { FilePort } from '../services/store/index.js';
import { type WithLock, problemsOf } from './context.js';

/** Files a write would produce: path → new bytes. */
export type Changes = ReadonlyMap<string, Uint8Array>;

/** The checker's source seen through pending changes, limited to `scope` and the config file (whose rules apply). */
function overlaySource(base: CheckSource, changes: Changes, scope: ListScope): CheckSource {
  const inScope = (p: string) => p === CONFIG_FILE || inListScope(scope, p);
  return {
    async list() {
      const listing = await base.list([...scope, CONFIG_FILE]);
      // A copy: the listing is shared between runs.
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

const errorKey = (p: Problem) => `${p.code}\u0000${p.file ?? ''}\u0000${p.pointer ?? ''}`;
// Warnings by message, not pointer: an index entry added before others moves their pointers.
const warningKey = (p: Problem) => `${p.code}\u0000${p.file ?? ''}\u0000${p.message}`;

/** The problems of `after` that `before` does not have as often, by `key`. */
function added(before: readonly Problem[], after: readonly Problem[], key: (p: Problem) => string): Problem[] {
  const counts = new Map<string, number>();
  for (const p of before) counts.set(key(p), (counts.get(key(p)) ?? 0) + 1);
  const out: Problem[] = [];
  for (const p of after) {
    const left = counts.get(key(p)) ?? 0;
    if (left > 0) counts.set(key(p), left - 1);
    else out.push(p);
  }
  return out;
}

/**
 * `memkit check` over `scope` as it is (`before`) and as it would be
 * (`after`): an error is new when its code, file and pointer occur more often
 * after, a warning when its code, file and message do, so errors already
 * there do not block a write elsewhere. The directory is listed once, within
 * `scope` and the config file only. `formats`: the format `check` gives each changed file. `allowSecrets`:
 * fingerprints of `secret.detected` findings the write may store.
 */
export async function checkChanges(
  source: CheckSource,
  scope: ListScope,
  before: Changes,
  after: Changes,
  hasher: Hasher,
  allowSecrets?: readonly string[],
): Promise<{ errors: Problem[]; warnings: Problem[]; formats: Map<string, FormatId> }> {
  const options = { hasher, codes: RULES, ...(allowSecrets === undefined ? {} : { allowSecrets }) };
  const listing = await source.list([...scope, CONFIG_FILE]);
  const walked: CheckSource = { list: async () => listing, read: (path) => source.read(path) };
  const [was, will] = await Promise.all([checkDirectory(overlaySource(walked, before, scope), options), checkDirectory(overlaySource(walked, after, scope), options)]);
  const bySeverity = (problems: readonly Problem[], severity: Problem['severity']) => problems.filter((p) => p.severity === severity);
  const formats = new Map<string, FormatId>();
  for (const c of will.checked) if (after.has(c.file)) formats.set(c.file, c.format);
  return {
    errors: added(bySeverity(was.problems, 'error'), bySeverity(will.problems, 'error'), errorKey),
    warnings: added(bySeverity(was.problems, 'warning'), bySeverity(will.problems, 'warning'), warningKey),
    formats,
  };
}

/** The refusal of a write whose result would not check clean: one summary problem, then the new errors. */
export function refusal(added: Problem[]): Problem[] {
  return [error('memory.would-not-check-clean', `the write would add ${added.length} error${added.length === 1 ? '' : 's'}; nothing was written`), ...added];
}

/** One file a write replaces: its new bytes, and the bytes they were computed from (`undefined`: no file). */
export interface PlannedWrite {
  path: string;
  bytes: Uint8Array;
  base: Uint8Array | undefined;
}

/** Where a file's new bytes wait for the compare: hidden, beside it, a random token in the name, an extension every port allows. */
function stagingPath(path: string, token: string): string {
  const slash = path.lastIndexOf('/');
  return `${path.slice(0, slash + 1)}.${path.slice(slash + 1)}.${token}.memkit-tmp.txt`;
}

/**
 * Replaces whole files so that no other writer's change is lost: each new
 * file is staged beside its target; then, holding each target's lock (in
 * path order), every target is compared with the bytes the write was
 * computed from, and only when none changed (else `memory.write-conflict`) are
 * the staged files renamed into place. Leftover staged files are removed.
 * Locks are taken by `withLock` (the handle's; without it only the compare
 * guards the write), except those in `held`. Never rejects.
 */
export async function commitWrites(files: FilePort, writes: readonly PlannedWrite[], options: { withLock?: WithLock | undefined; held?: readonly string[] }): Promise<Result<void>> {
  const token = randomToken();
  const staged: string[] = [];
  const renamed = new Set<string>();
  const cleanUp = async () => {
    for (const t of staged) if (!renamed.has(t)) await files.remove(t).catch(() => undefined);
  };
  try {
    for (const w of writes) {
      const temp = stagingPath(w.path, token);
      staged.push(temp);
      await files.write(temp, w.bytes);
    }
  } catch (cause) {
    await cleanUp();
    return fail(problemsOf(cause));
  }
  const held = new Set(options.held ?? []);
  const locks = [...new Set(writes.map((w) => `${w.path}.lock`))].filter((l) => !held.has(l)).sort();
  const underLocks = async (rest: string[]): Promise<Result<void>> => {
    if (rest.length === 0 || options.withLock === undefined) return compareAndRename();
    const got = await options.withLock(rest[0]!, () => underLocks(rest.slice(1)));
    return got.ok ? got.value : fail(got.problems);
  };
  const compareAndRename = async (): Promise<Result<void>> => {
    const changed: Problem[] = [];
    for (const w of writes) {
      if (sameBytes(await files.read(w.path), w.base)) continue;
      const what = w.base === undefined ? 'was created' : 'changed';
      changed.push(error('memory.write-conflict', `${w.path} ${what} since this write read it (another writer); nothing was written`, { file: w.path }));
    }
    if (changed.length > 0) return fail(changed);
    for (let k = 0; k < writes.length; k++) {
      await files.rename(staged[k]!, writes[k]!.path);
      renamed.add(staged[k]!);
    }
    return ok(undefined);
  };
  try {
    return await underLocks(locks);
  } catch (cause) {
    const done = writes.filter((_, k) => renamed.has(staged[k]!)).map((w) => w.path);
    const problems = problemsOf(cause);
    if (done.length > 0) problems.push(error('memory.io-error', `the write stopped after replacing ${done.join(', ')}`));
    return fail(problems);
  } finally {
    await cleanUp();
  }
}
