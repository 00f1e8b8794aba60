import { type Problem, error, joinPointer, warning } from '../../kernel/problems/index.js';
import { type FormatValidator, compileValidator } from '../../schema/validate.js';
import { WBS_STATUSES } from '../../schema/wbs.js';
import { findCycles } from '../../kernel/graph/cycles.js';
import { isWbsId, typeForDepth, wbsDepth, wbsIdError, wbsParent } from './id.js';
import { type Loose, MISSING, type Model, NOT_STRING, type TaskFiles, buildModel, dependencyGraph, isObject, own, strings } from './model.js';
import { type RolledUp, expectedProgress, rolledUp, statusFromCounts } from './rollup.js';
import { findIdCollisions, idCollisionProblem } from '../../syntax/id-spelling.js';

/** Options for {@link checkWbs}. */
export interface CheckWbsOptions {
  /** Prefix of every Problem's `file`, e.g. `.claude/memory/` (default `''`). */
  dir?: string;
  /** When given, every deliverable path is looked up with it; a `false` is `wbs.deliverable-missing`. */
  deliverableExists?: (path: string) => boolean;
}

/** `wbs.deliverable-missing` for deliverable `path` of task `id`, at `where`. */
export function deliverableMissing(path: string, id: string, where: { file?: string; pointer: string }): Problem {
  return warning('wbs.deliverable-missing', `deliverable ${JSON.stringify(path)} of "${id}" does not exist`, where);
}

/** Fields an index entry and its entity file both carry. */
export const SHARED_FIELDS = ['type', 'status', 'parent', 'children', 'dependencies', 'deliverables'] as const;

/** The entity files as `[file, value]` pairs; a list is named `tasks/<id>.json`. */
export function taskFileEntries(tasks: TaskFiles): [string, unknown][] {
  if (Array.isArray(tasks)) return tasks.map((t, i) => [isObject(t) && typeof t.id === 'string' ? `tasks/${t.id}.json` : `tasks/#${i}.json`, t]);
  // Object.keys, not Object.entries: the same pairs, and much faster on a record of 100,000 files.
  return Object.keys(tasks).map((name) => [name, (tasks as Record<string, unknown>)[name]]);
}

/** The id a `tasks/<id>.json` path names, if it has that shape. */
export function idFromFile(file: string): string | undefined {
  return /(?:^|\/)tasks\/([^/]+)\.json$/.exec(file)?.[1];
}

/** Whether two JSON values are the same (same items in order; objects with the same keys in the same order). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => x === b[i])) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  try {
    return JSON.stringify(a) === JSON.stringify(b);
  } catch {
    return false; // nested too deeply to compare: report the difference
  }
}

/** Pointers where checkWbs reports malformed ids itself (instead of `schema.pattern`). */
const ID_POINTER = /^(\/tasks\/[0-9]+)?\/(id|parent|children\/[0-9]+|dependencies\/[0-9]+)$/;

// One compiled validator per format, schema only: checkWbs reports type/depth itself, with its own code.
const validators = new Map<string, FormatValidator>();
function schemaProblems(formatId: string, value: unknown, file: string, known?: WeakMap<object, Problem[]>): Problem[] {
  let check = validators.get(formatId);
  if (check === undefined) {
    check = compileValidator(formatId, { maxProblems: Number.MAX_SAFE_INTEGER, semantic: false })!;
    validators.set(formatId, check);
  }
  let problems = isObject(value) ? known?.get(value) : undefined;
  if (problems === undefined) {
    problems = check(value);
    if (known !== undefined && isObject(value)) known.set(value, problems);
  }
  if (problems.length === 0) return problems;
  return problems.filter((p) => !(p.code === 'schema.pattern' && ID_POINTER.test(p.pointer ?? ''))).map((p) => ({ ...p, file }));
}

/**
 * Checks a WBS task index (and its entity files) against the format's invariants, as errors, and memkit's
 * conventions, as warnings. Never throws; returns `[]` when sound.
 *
 * @example
 * declare const index: TaskIndex, epic: TaskEntity;
 * checkWbs(index, { 'tasks/1.json': epic }, { dir: '.claude/memory/' })
 * // [{ code: 'wbs.rollup-mismatch', file: '.claude/memory/task-index.json', pointer: '/tasks/0/status', ... }]
 */
export function checkWbs(index: unknown, tasks?: TaskFiles, options: CheckWbsOptions = {}): Problem[] {
  return checkFiles(index, tasks === undefined ? undefined : taskFileEntries(tasks), options);
}

/** {@link checkWbs} of `[file, value]` pairs; `known`: schema problems by unchanged entity object (`repairPlan` checks twice). */
export function checkFiles(index: unknown, files: readonly [string, unknown][] | undefined, options: CheckWbsOptions = {}, known?: WeakMap<object, Problem[]>): Problem[] {
  const dir = options.dir ?? '';
  const indexFile = `${dir}task-index.json`;
  const out = schemaProblems('wbs-task-index', index, indexFile);
  if (!isObject(index) || !Array.isArray(index.tasks)) {
    out.push(error('wbs.not-index', 'task-index.json must be an object with a "tasks" array', { file: indexFile, pointer: '' }));
    return out;
  }
  const model = buildModel(index.tasks);
  const { items, ids, find, first, depth, children, kids, treeParent } = model;
  const at = (i: number, ...rest: (string | number)[]) => joinPointer('/tasks', i, ...rest);
  const push = (p: Problem) => out.push({ ...p, file: p.file ?? indexFile });
  // Leaf counts, made when the first entry with a progress object needs them.
  let progress: RolledUp | undefined;
  // Whether a dependency points to a later entry: without one, positions fall along every path, so there is no cycle.
  let forward = false;
  // Whether a listed value repeats one earlier in the list: a value in the index by its position (stamped with
  // the list's number), a missing one by value. One step per value, even in a hostile list.
  const seen = new Int32Array(items.length);
  const missing = new Set<string>();
  let list = 0;
  const repeated = (j: number, value: string): boolean => {
    const again = j === MISSING ? missing.has(value) : seen[j] === list;
    if (j === MISSING) missing.add(value);
    else seen[j] = list;
    return again;
  };
  const nextList = () => {
    list++;
    if (missing.size > 0) missing.clear();
  };

  for (const c of model.wellFormed ? [] : findIdCollisions(ids)) push(idCollisionProblem(c, 'WBS id', ids[c.index]!, ids[c.first]!, at(c.first, 'id'), { pointer: at(c.index, 'id') }));
  for (let i = 0; i < items.length; i++) {
    const id = ids[i];
    if (id === undefined) continue;
    const e = items[i] as Loose;
    const why = depth[i]! > 0 ? undefined : wbsIdError(id);
    if (why !== undefined) push(error('wbs.id-malformed', why, { pointer: at(i, 'id') }));
    if (!first(i)) {
      push(error('wbs.id-duplicate', `id "${id}" also appears at /tasks/${find(id)}`, { pointer: at(i, 'id') }));
      continue;
    }
    const ok = why === undefined;
    const type = typeForDepth(depth[i]!);
    if (ok && typeof e.type === 'string' && e.type !== type)
      push(error('wbs.type-depth', `"${id}" is at depth ${depth[i]}, so its type must be "${type}", not "${e.type}"`, { pointer: at(i, 'type') }));

    // parent; the common case, a parent that lists this item as a tree child, is sound
    const parent = e.parent;
    const tp = treeParent[i]!;
    if (!(tp !== -1 && parent === ids[tp]) && (typeof parent === 'string' || parent === null)) {
      if (typeof parent === 'string' && !isWbsId(parent)) push(error('wbs.id-malformed', `parent: ${wbsIdError(parent)}`, { pointer: at(i, 'parent') }));
      if (ok) {
        const expected = wbsParent(id);
        if (expected === null && parent !== null) push(error('wbs.root-parent', `"${id}" is a root, so its parent must be null, not "${parent}"`, { pointer: at(i, 'parent') }));
        else if (expected !== null && parent !== expected)
          push(error('wbs.parent-mismatch', `the parent of "${id}" is "${expected}" by its id, but the entry says ${JSON.stringify(parent)}`, { pointer: at(i, 'parent') }));
      }
      if (typeof parent === 'string') {
        const p = find(parent);
        if (p === -1) push(error('wbs.parent-missing', `parent "${parent}" of "${id}" is not in the index`, { pointer: at(i, 'parent') }));
        else if (!strings(items[p] as Loose, 'children').includes(id))
          push(error('wbs.child-not-listed', `"${id}" names "${parent}" as parent, but "${parent}" does not list it in children`, { pointer: at(i, 'parent') }));
      }
    }

    // children; a listed id found in the index is well-formed exactly when its entry has a depth
    const listed = e.children as unknown[];
    nextList();
    for (let k = 0; k < children[i]!.length; k++) {
      const cj = children[i]![k]!;
      if (cj === NOT_STRING) continue;
      const c = listed[k] as string;
      if (cj === MISSING ? !isWbsId(c) : depth[cj] === 0) push(error('wbs.id-malformed', `children: ${wbsIdError(c)}`, { pointer: at(i, 'children', k) }));
      if (repeated(cj, c)) push(warning('wbs.child-duplicate', `"${id}" lists child "${c}" twice`, { pointer: at(i, 'children', k) }));
      else if (cj === MISSING) push(error('wbs.child-missing', `child "${c}" of "${id}" is not in the index`, { pointer: at(i, 'children', k) }));
      else {
        const cp = (items[cj] as Loose).parent;
        if (cp !== id) push(error('wbs.child-parent-mismatch', `"${id}" lists "${c}" as a child, but its parent is ${JSON.stringify(cp)}`, { pointer: at(i, 'children', k) }));
      }
    }

    // dependencies
    const listedDeps = Array.isArray(e.dependencies) ? (e.dependencies as unknown[]) : [];
    nextList();
    for (let k = 0; k < listedDeps.length; k++) {
      const d = listedDeps[k];
      if (typeof d !== 'string') continue;
      const dj = find(d);
      if (dj > i) forward = true;
      if (dj === MISSING ? !isWbsId(d) : depth[dj] === 0) push(error('wbs.id-malformed', `dependencies: ${wbsIdError(d)}`, { pointer: at(i, 'dependencies', k) }));
      const dup = repeated(dj, d);
      if (dj === i) push(error('wbs.dependency-self', `"${id}" depends on itself`, { pointer: at(i, 'dependencies', k) }));
      else if (dup) push(warning('wbs.dependency-duplicate', `"${id}" lists dependency "${d}" twice`, { pointer: at(i, 'dependencies', k) }));
      else if (dj === MISSING) push(error('wbs.dependency-missing', `dependency "${d}" of "${id}" is not in the index`, { pointer: at(i, 'dependencies', k) }));
    }

    // roll-up and progress (over the valid tree links)
    const tree = kids[i]!;
    if (tree.length > 0) {
      let done = 0;
      for (const j of tree) if ((items[j] as Loose).status === 'done') done++;
      const expected = statusFromCounts(done, tree.length);
      if (e.status !== expected && (WBS_STATUSES as readonly unknown[]).includes(e.status))
        push(error('wbs.rollup-mismatch', `"${id}" is "${String(e.status)}", but its children roll up to "${expected}"`, { pointer: at(i, 'status') }));
      if (isObject(e.progress)) progress ??= rolledUp(model);
      const want = progress && expectedProgress(model, progress, i, e.progress);
      if (want !== undefined) {
        const pr = e.progress as { completed: number; total: number };
        push(warning('wbs.progress-mismatch', `progress of "${id}" is ${pr.completed}/${pr.total}, but ${want.completed} of its ${want.total} leaf tasks are done`, { pointer: at(i, 'progress') }));
      }
    }

    if (options.deliverableExists && Array.isArray(e.deliverables))
      e.deliverables.forEach((d, k) => {
        if (typeof d === 'string' && !options.deliverableExists!(d)) push(deliverableMissing(d, id, { pointer: at(i, 'deliverables', k) }));
      });
  }

  if (forward) for (const problem of dependencyCycles(model)) push(problem);
  if (files !== undefined) checkEntities(model, files, dir, options, out, known);
  return out;
}

/** `wbs.dependency-cycle` problems, one per strongly connected component; the message lists the cycle in order. */
export function dependencyCycles(model: Model): Problem[] {
  return findCycles(dependencyGraph(model)).map((cycle) => {
    const names = cycle.map((v) => model.ids[v]!);
    const deps = (model.items[cycle[0]!] as Loose).dependencies as unknown[];
    return error('wbs.dependency-cycle', `dependency cycle: ${[...names, names[0]].join(' → ')}`, {
      pointer: joinPointer('/tasks', cycle[0]!, 'dependencies', deps.indexOf(names[1])),
    });
  });
}

function checkEntities(model: Model, files: readonly [string, unknown][], dir: string, options: CheckWbsOptions, out: Problem[], known?: WeakMap<object, Problem[]>): void {
  const seen = new Map<string, string>();
  const entityIds = files.map(([, value]) => (isObject(value) && typeof value.id === 'string' ? value.id : undefined));
  for (const c of findIdCollisions(entityIds)) {
    out.push(idCollisionProblem(c, 'WBS id', entityIds[c.index]!, entityIds[c.first]!, dir + files[c.first]![0], { file: dir + files[c.index]![0], pointer: '/id' }));
  }
  for (const [name, value] of files) {
    const file = dir + name;
    out.push(...schemaProblems('wbs-task', value, file, known));
    if (!isObject(value) || typeof value.id !== 'string') continue;
    const id = value.id;
    const why = wbsIdError(id);
    if (why !== undefined) out.push(error('wbs.id-malformed', why, { file, pointer: '/id' }));
    const named = idFromFile(name);
    if (named !== undefined && named !== id) out.push(error('wbs.entity-file-name', `${name} holds id "${id}"`, { file, pointer: '/id' }));
    const before = seen.get(id);
    if (before !== undefined) {
      out.push(error('wbs.id-duplicate', `id "${id}" is also in ${before}`, { file, pointer: '/id' }));
      continue;
    }
    seen.set(id, name);
    const type = typeForDepth(wbsDepth(id));
    if (why === undefined && typeof value.type === 'string' && value.type !== type)
      out.push(error('wbs.type-depth', `"${id}" is at depth ${wbsDepth(id)}, so its type must be "${type}", not "${value.type}"`, { file, pointer: '/type' }));
    if (value.completedAt !== undefined && value.completedAt !== null && value.status !== 'done')
      out.push(warning('wbs.completed-not-done', `"${id}" has completedAt but its status is "${String(value.status)}"`, { file, pointer: '/completedAt' }));
    const i = model.find(id);
    if (i === MISSING) {
      out.push(warning('wbs.entity-unindexed', `${name} ("${id}") has no entry in task-index.json`, { file, pointer: '' }));
    } else {
      const entry = model.items[i] as Loose;
      for (const field of SHARED_FIELDS) {
        if (!own(value, field) || (field === 'deliverables' && !own(entry, field))) continue;
        if (!sameJson(value[field], entry[field]))
          out.push(warning('wbs.entity-mismatch', `${field} is ${JSON.stringify(value[field])} here but ${JSON.stringify(entry[field])} in task-index.json`, { file, pointer: '/' + field }));
      }
    }
    if (options.deliverableExists) {
      const listed = i === MISSING ? [] : strings(model.items[i] as Loose, 'deliverables');
      (Array.isArray(value.deliverables) ? (value.deliverables as unknown[]) : []).forEach((d, k) => {
        if (typeof d === 'string' && !listed.includes(d) && !options.deliverableExists!(d)) out.push(deliverableMissing(d, id, { file, pointer: `/deliverables/${k}` }));
      });
    }
  }
  model.ids.forEach((id, i) => {
    if (model.first(i) && !seen.has(id!)) out.push(error('wbs.entity-missing', `"${id}" has no entity file tasks/${id}.json`, { file: `${dir}task-index.json`, pointer: `/tasks/${i}` }));
  });
}
