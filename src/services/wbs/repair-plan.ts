import { type Hasher, hashJson } from '../../kernel/canonical/index.js';
import { sameMembers } from '../../kernel/graph/lists.js';
import { type Problem, error, joinPointer, warning } from '../../kernel/problems/index.js';
import { SHARED_FIELDS, checkFiles, idFromFile, sameJson, taskFileEntries } from '../../formats/wbs/invariants.js';
import { compareWbsIds, isWbsId, typeForDepth, wbsDepth, wbsParent } from '../../formats/wbs/id.js';
import type { JsonPatchOperation } from './json-patch.js';
import { type Loose, type TaskFiles, indexIds, isObject, own } from '../../formats/wbs/model.js';
import { entityOf, indexEntryOf, rebuildWbsIndex } from './rebuild-index.js';
import { rolledUp } from '../../formats/wbs/rollup.js';
import { INDEX_FILE } from './memory-ops.js';

/** The edits of one file: an RFC 6902 JSON Patch and, for each operation, the Problem it fixes. */
export interface FilePatch {
  /** Path relative to the memory directory: `task-index.json` or `tasks/<id>.json`. */
  file: string;
  /** `hashJson` of the document the patch was made against; `null` when the patch creates the file. */
  baseHash: string | null;
  /** The operations, in order. */
  patch: JsonPatchOperation[];
  /** `fixes[k]` is the Problem `patch[k]` fixes. */
  fixes: Problem[];
}

/** What {@link repairPlan} returns. Nothing is changed until the plan is applied. */
export interface RepairPlan {
  /** Patches, index first, then entity files in WBS order. Empty when nothing derivable is wrong. */
  patches: FilePatch[];
  /** The problems `checkWbs` still reports once the plan is applied: the ones no derivation can fix. */
  remaining: Problem[];
}

/** Options for {@link repairPlan}. */
export interface RepairPlanOptions {
  /** Hasher for `baseHash` (default: the portable JS SHA-256). */
  hasher?: Hasher;
}

// Strings, numbers and null need no copy: most values a plan writes are.
const copy = <T>(v: T): T => (typeof v !== 'object' || v === null ? v : (JSON.parse(JSON.stringify(v)) as T));

const FALLBACK_CODE: Record<string, string> = {
  status: 'wbs.rollup-mismatch',
  children: 'wbs.child-not-listed',
  parent: 'wbs.parent-mismatch',
  type: 'wbs.type-depth',
  progress: 'wbs.progress-mismatch',
};

/**
 * Plans the repair of everything derivable in a WBS memory (parent and type from the ids, children, roll-up
 * statuses, progress, index entries from entity files, missing entity files, a whole index rebuilt when unusable),
 * each edit an RFC 6902 operation paired with the Problem it fixes. Cycles, missing dependencies, malformed or
 * duplicate ids are left in `remaining`.
 * @example
 * declare const files: FilePort;
 * const { index, tasks } = await loadWbs(files);
 * const plan = repairPlan(index, tasks);
 * await applyPlan(plan, files);
 */
export function repairPlan(index: unknown, tasks?: TaskFiles, options: RepairPlanOptions = {}): RepairPlan {
  const files = tasks === undefined ? undefined : taskFileEntries(tasks);
  // The entity files the plan leaves as they are are validated once, by both checks.
  const known = new WeakMap<object, Problem[]>();
  const problems = checkFiles(index, files, {}, known);
  // The first index problem at each place and below each entry's field (`/tasks/3/progress/total`
  // is below `/tasks/3/progress`), and each entity file's few problems: looked up once per edit.
  const indexAt = new Map<string, Problem>();
  const belowField = new Map<string, Problem>();
  const inFile = new Map<string, Problem[]>();
  const childNotListed = new Map<string, Problem>(); // by the parent that does not list the child
  for (const p of problems) {
    const pointer = p.pointer ?? '';
    if (p.file !== INDEX_FILE) {
      const file = p.file ?? '';
      const list = inFile.get(file);
      if (list === undefined) inFile.set(file, [p]);
      else list.push(p);
      continue;
    }
    if (!indexAt.has(pointer)) indexAt.set(pointer, p);
    const field = /^\/tasks\/[0-9]+\/[^/]+(?=\/)/.exec(pointer);
    if (field !== null && !belowField.has(field[0])) belowField.set(field[0], p);
    if (p.code === 'wbs.child-not-listed') {
      const parent = ((index as Loose).tasks as Loose[])[Number(pointer.split('/')[2])]!.parent as string;
      if (!childNotListed.has(parent)) childNotListed.set(parent, p);
    }
  }
  const at = (file: string, pointer: string) => (file === INDEX_FILE ? indexAt.get(pointer) : inFile.get(file)?.find((p) => (p.pointer ?? '') === pointer));
  const hash = (v: unknown) => hashJson(v, options.hasher);

  // The usable entity files: object, well-formed id matching its file name (the first of each id is used).
  const usable = (files ?? []).filter(([name, v]) => isObject(v) && isWbsId(v.id) && (idFromFile(name) ?? v.id) === v.id) as [string, Loose][];
  const patches: FilePatch[] = [];
  if (!isObject(index) || !Array.isArray(index.tasks)) {
    if (files === undefined) return { patches, remaining: problems };
    const rebuilt = rebuildWbsIndex(usable.map(([, value]) => value));
    const fix = problems.find((p) => p.code === 'wbs.not-index')!;
    patches.push({ file: INDEX_FILE, baseHash: index === undefined ? null : hash(index), patch: [{ op: index === undefined ? 'add' : 'replace', path: '', value: rebuilt }], fixes: [fix] });
    return { patches, remaining: checkFiles(rebuilt, filesAfter(tasks!, files, []), {}, known) };
  }

  const items = index.tasks as unknown[];
  const { ids, byId } = indexIds(items);
  // Shallow copies: the repairs below replace fields, never change a field's value in place,
  // so values can be shared with the input until a patch copies them.
  const all: unknown[] = items.map((e) => (isObject(e) ? { ...e } : e));
  const entityAt: [string, Loose][] = []; // by position: the entity file of a repaired entry

  // 1. Entity files win over their (first) index entries; unindexed entities get an entry.
  const fresh = new Map<string, [string, Loose]>();
  for (const file of usable) {
    const id = file[1].id as string;
    const i = byId.get(id);
    if (i === undefined) {
      if (!fresh.has(id)) fresh.set(id, file);
    } else if (entityAt[i] === undefined) {
      entityAt[i] = file;
      for (const f of SHARED_FIELDS) if (own(file[1], f)) (all[i] as Loose)[f] = file[1][f];
    }
  }
  for (const id of [...fresh.keys()].sort(compareWbsIds)) {
    byId.set(id, all.length);
    ids.push(id);
    entityAt[all.length] = fresh.get(id)!;
    all.push(indexEntryOf(fresh.get(id)![1], () => []));
  }
  // The entries repaired: the first entry of each well-formed id (fresh ones are new), those with a depth.
  const depth = new Uint8Array(all.length);
  byId.forEach((i, id) => {
    if (isWbsId(id)) depth[i] = wbsDepth(id);
  });
  const ok = (i: number) => depth[i]! > 0;

  // 2. type and parent from the id; the tree the roll-up follows, from the ids.
  const none: number[] = []; // shared by the entries with nothing below them, most of them
  const kids: number[][] = all.map(() => none);
  for (let i = 0; i < all.length; i++) {
    if (!ok(i)) continue;
    const e = all[i] as Loose;
    e.type = typeForDepth(depth[i]!);
    const parent = wbsParent(ids[i]!);
    e.parent = parent;
    const p = parent === null ? undefined : byId.get(parent);
    if (p === undefined) continue;
    if (kids[p] === none) kids[p] = [];
    kids[p]!.push(i);
  }
  // 3. children lists from that tree; 4. roll-up; 5. progress.
  const counts = rolledUp({ items: all, kids, depth });
  for (let i = 0; i < all.length; i++) {
    if (!ok(i)) continue;
    const e = all[i] as Loose;
    if (kids[i] === none && Array.isArray(e.children) && e.children.length === 0) continue; // a leaf listing no children
    const want = kids[i]!.map((j) => ids[j]!).sort(compareWbsIds);
    // The same length and the same members as `want` (whose ids are distinct): the same set, listed once each.
    if (!Array.isArray(e.children) || e.children.length !== want.length || !sameMembers(e.children, want)) e.children = want;
    if (want.length === 0) continue;
    e.status = counts.status[i];
    if (isObject(e.progress)) e.progress = { completed: counts.completed[i]!, total: counts.total[i]! };
  }

  // The index patch.
  const indexPatch: FilePatch = { file: INDEX_FILE, baseHash: null, patch: [], fixes: [] };
  for (let i = 0; i < items.length; i++) {
    if (!ok(i)) continue;
    const before = items[i] as Loose;
    const after = all[i] as Loose;
    const id = ids[i]!;
    for (const key of Object.keys(after)) {
      if (own(before, key) && sameJson(before[key], after[key])) continue;
      const pointer = joinPointer('/tasks', i, key);
      indexPatch.patch.push({ op: own(before, key) ? 'replace' : 'add', path: pointer, value: copy(after[key]) });
      const entityFile = entityAt[i]?.[0];
      const fix =
        at(INDEX_FILE, pointer) ??
        belowField.get(pointer) ??
        (entityFile !== undefined ? at(entityFile, '/' + key) : undefined) ??
        (key === 'children' ? childNotListed.get(id) : undefined) ??
        error(FALLBACK_CODE[key] ?? 'wbs.entity-mismatch', `${key} of "${id}" follows from the other repairs`, { file: INDEX_FILE, pointer });
      indexPatch.fixes.push(fix);
    }
  }
  for (let i = items.length; i < all.length; i++) {
    const name = entityAt[i]![0];
    indexPatch.patch.push({ op: 'add', path: '/tasks/-', value: copy(all[i]) });
    indexPatch.fixes.push(at(name, '') ?? error('wbs.entity-unindexed', `${name} has no index entry`, { file: name, pointer: '' }));
  }
  let nextIndex = index;
  if (indexPatch.patch.length > 0) {
    indexPatch.baseHash = hash(index);
    patches.push(indexPatch);
    // What the patch makes of the index: the repaired entries (the first of each well-formed id) and the others as they were.
    nextIndex = { ...index, tasks: all.map((e, i) => (ok(i) ? e : items[i])) };
  }
  if (files === undefined) return { patches, remaining: checkFiles(nextIndex, undefined) };

  // Entity files follow the repaired index; index entries without one get one.
  const entityPatches: { id: string; fp: FilePatch; value: unknown }[] = [];
  for (let i = 0; i < all.length; i++) {
    if (!ok(i)) continue;
    const id = ids[i]!;
    const entry = all[i] as Loose;
    const ent = entityAt[i];
    if (ent === undefined) {
      const name = `tasks/${id}.json`;
      if (own(tasks!, name)) continue; // present but unusable: left for the user
      const fix = at(INDEX_FILE, `/tasks/${i}`) ?? error('wbs.entity-missing', `"${id}" has no entity file`, { file: INDEX_FILE, pointer: `/tasks/${i}` });
      const value = entityOf(entry);
      entityPatches.push({ id, fp: { file: name, baseHash: null, patch: [{ op: 'add', path: '', value }], fixes: [fix] }, value });
      continue;
    }
    const [name, old] = ent;
    const fp: FilePatch = { file: name, baseHash: null, patch: [], fixes: [] };
    for (const f of SHARED_FIELDS) {
      if (!own(old, f) || !own(entry, f) || sameJson(old[f], entry[f])) continue;
      fp.patch.push({ op: 'replace', path: '/' + f, value: copy(entry[f]) });
      fp.fixes.push(at(name, '/' + f) ?? error(FALLBACK_CODE[f] ?? 'wbs.entity-mismatch', `${f} of "${id}" follows from the other repairs`, { file: name, pointer: '/' + f }));
    }
    // A status the plan moves away from done must not keep its completedAt.
    if (old.status === 'done' && entry.status !== 'done' && old.completedAt !== undefined && old.completedAt !== null) {
      fp.patch.push({ op: 'replace', path: '/completedAt', value: null });
      fp.fixes.push(warning('wbs.completed-not-done', `"${id}" is no longer done once repaired, so completedAt is cleared`, { file: name, pointer: '/completedAt' }));
    }
    if (fp.patch.length > 0) {
      fp.baseHash = hash(old);
      // What the patch makes of the file: each replaced field holds its new value.
      const value: Loose = { ...old };
      for (const op of fp.patch) value[op.path.slice(1)] = (op as { value: unknown }).value;
      entityPatches.push({ id, fp, value });
    }
  }
  entityPatches.sort((a, b) => compareWbsIds(a.id, b.id));
  for (const { fp } of entityPatches) patches.push(fp);
  // What checkWbs still reports once the plan is applied.
  return { patches, remaining: checkFiles(nextIndex, filesAfter(tasks!, files, entityPatches), {}, known) };
}

/** The entity files once `patched` is written: files in place, new ones last. A list's entities are files named by id (of two with one id, the last is the file). */
function filesAfter(tasks: TaskFiles, files: [string, unknown][], patched: { fp: FilePatch; value: unknown }[]): [string, unknown][] {
  const named = Array.isArray(tasks) ? taskFileEntries(Object.fromEntries(files)) : files;
  const written = new Map(patched.map((p) => [p.fp.file, p.value]));
  const created = patched.filter((p) => p.fp.baseHash === null).map((p): [string, unknown] => [p.fp.file, p.value]);
  return named.map((file): [string, unknown] => (written.has(file[0]) ? [file[0], written.get(file[0])] : file)).concat(created);
}
