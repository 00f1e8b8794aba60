import { canonicalize } from '../../kernel/canonical/jcs.js';
import { readJson } from '../../kernel/canonical/read-json.js';
import { type Problem, type Result, error, fail, ok } from '../../kernel/problems/index.js';
import { type memoryManifest, threadStore, wbsTaskIndex } from '../../formats/index.js';
import type { MemoryManifest, TaskIndex, TaskIndexEntry, ThreadStore } from '../../schema/index.js';
import { checkThreadStore } from '../../formats/thread-store/invariants.js';
import { rebuildRelations } from '../../formats/thread-store/rebuild-relations.js';
import { checkWbs } from '../../formats/wbs/invariants.js';
import { rollup } from '../../formats/wbs/rollup.js';
import { DEFAULT_MERGE_LIMITS, type MergeInputs, type MergeLimits, type Side, checkBounds, sideProblem } from './bounds.js';
import { isObject } from '../../kernel/object.js';

/** The JSON memory files with a three-way merge. */
export type JsonMergeFormat = typeof threadStore.id | typeof wbsTaskIndex.id | typeof memoryManifest.id;

/** Options of {@link mergeJsonFile}. */
export interface MergeJsonOptions {
  format: JsonMergeFormat;
  /** The merged path, for problems. */
  file?: string;
  limits?: Partial<MergeLimits>;
}

type Loose = Record<string, unknown>;
const same = (a: unknown, b: unknown): boolean => a === b || (a !== undefined && b !== undefined && canonicalize(a) === canonicalize(b));

/** Collects the conflicts of one merge; each names what both sides changed. */
class Conflicts {
  readonly problems: Problem[] = [];
  constructor(readonly file: string | undefined) {}
  add(what: string): void {
    this.problems.push(sideProblem('git.merge-entry-conflict', 'theirs', `both sides changed ${what} differently`, this.file));
  }
}

/** One value merged three ways: a side that left it as the ancestor had it takes the other's; `undefined` means absent. */
function merge3(base: unknown, ours: unknown, theirs: unknown, what: string, c: Conflicts): unknown {
  if (same(ours, theirs) || same(theirs, base)) return ours;
  if (same(ours, base)) return theirs;
  c.add(what);
  return ours;
}

/** Objects merged key by key (keys in ours' order, then theirs' new keys); `merge` overrides how one key merges. */
function mergeRecord(
  base: Loose,
  ours: Loose,
  theirs: Loose,
  what: string,
  c: Conflicts,
  merge: (key: string, b: unknown, o: unknown, t: unknown) => unknown = (k, b, o, t) => merge3(b, o, t, `${what}${k}`, c),
): Loose {
  const out: Loose = {};
  const keys = [...Object.keys(ours), ...Object.keys(theirs).filter((k) => !Object.hasOwn(ours, k))];
  for (const k of keys) {
    const v = merge(k, Object.hasOwn(base, k) ? base[k] : undefined, Object.hasOwn(ours, k) ? ours[k] : undefined, Object.hasOwn(theirs, k) ? theirs[k] : undefined);
    if (v !== undefined) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** Arrays of objects keyed by a field, merged item by item as a record (ours' order, then theirs' new items). */
function mergeKeyed(
  base: unknown,
  ours: unknown,
  theirs: unknown,
  key: string,
  what: string,
  c: Conflicts,
  item = (b: unknown, o: unknown, t: unknown, id: string) => merge3(b, o, t, `${what} ${id}`, c),
): unknown[] {
  const byKey = (list: unknown): Map<string, unknown> => {
    const m = new Map<string, unknown>();
    if (Array.isArray(list)) for (const e of list) m.set(isObject(e) && typeof e[key] === 'string' ? (e[key] as string) : `\u0000${canonicalize(e)}`, e);
    return m;
  };
  const b = byKey(base);
  const o = byKey(ours);
  const t = byKey(theirs);
  const out: unknown[] = [];
  for (const id of [...o.keys(), ...[...t.keys()].filter((k) => !o.has(k))]) {
    const v = item(b.get(id), o.get(id), t.get(id), id);
    if (v !== undefined) out.push(v);
  }
  return out;
}

/** The later of two timestamps (text compared by parsed time; unparseable: ours). */
function later(a: unknown, b: unknown): unknown {
  if (typeof a !== 'string' || typeof b !== 'string') return a ?? b;
  return Date.parse(b) > Date.parse(a) ? b : a;
}

/** How a field derived from both sides (not merged three ways) is computed. */
type Derive = (ours: unknown, theirs: unknown) => unknown;

/** The thread store's derived metadata: the later `last_updated`, ours' `thread_count` (recounted after). */
const METADATA_MERGES: Record<keyof ThreadStore['metadata'], Derive> = { last_updated: later, thread_count: (ours) => ours };

/** The memory manifest's derived fields: the later `generated_at`. */
const MANIFEST_MERGES: Partial<Record<keyof MemoryManifest, Derive>> = { generated_at: later };

const derivedBy = (table: object, key: string): Derive | undefined => (Object.hasOwn(table, key) ? (table as Record<string, Derive>)[key] : undefined);

/** A task's fields that the roll-up derives for a parent: merged three ways only for a leaf. */
const ROLLED_UP: Partial<Record<keyof TaskIndexEntry, undefined>> = { status: undefined, progress: undefined };

function mergeThreadStore(base: Loose, ours: Loose, theirs: Loose, c: Conflicts): Loose {
  const store = mergeRecord(base, ours, theirs, '', c, (k, b, o, t) => {
    if (k === 'threads' && isObject(o) && isObject(t)) return mergeRecord(isObject(b) ? b : {}, o, t, 'thread ', c);
    // The operations log only grows: the union, ours first, an operation (by id) kept once.
    if (k === 'operations' && Array.isArray(o) && Array.isArray(t)) return mergeKeyed(b, o, t, 'id', 'operation', c);
    if (k === 'metadata' && isObject(o) && isObject(t))
      return mergeRecord(isObject(b) ? b : {}, o, t, 'metadata field ', c, (mk, mb, mo, mt) => {
        const derive = derivedBy(METADATA_MERGES, mk);
        return derive ? derive(mo, mt) : merge3(mb, mo, mt, `metadata field ${mk}`, c);
      });
    if (k === 'relations') return o;
    return merge3(b, o, t, `the field ${k}`, c);
  });
  if (isObject(store.threads)) {
    if (isObject(store.metadata) && typeof store.metadata.thread_count === 'number') store.metadata.thread_count = Object.keys(store.threads).length;
    store.relations = rebuildRelations(store as unknown as ThreadStore);
  }
  return store;
}

function mergeTaskIndex(base: Loose, ours: Loose, theirs: Loose, c: Conflicts): Loose {
  const index = mergeRecord(base, ours, theirs, '', c, (k, b, o, t) => {
    if (k !== 'tasks' || !Array.isArray(o) || !Array.isArray(t)) return merge3(b, o, t, `the field ${k}`, c);
    return mergeKeyed(b, o, t, 'id', 'task', c, (bt, ot, tt, id) => {
      // Status and progress of a parent are derived (the roll-up below recomputes them); only a leaf's can conflict.
      const strip = (v: unknown) => (isObject(v) ? { ...v, ...ROLLED_UP } : v);
      const rest = merge3(strip(bt), strip(ot), strip(tt), `task ${id}`, c);
      if (!isObject(rest)) return rest;
      const parent = Array.isArray(rest.children) && rest.children.length > 0;
      const pick = (f: string) =>
        parent
          ? ((isObject(ot) ? ot[f] : undefined) ?? (isObject(tt) ? tt[f] : undefined))
          : merge3(isObject(bt) ? bt[f] : undefined, isObject(ot) ? ot[f] : undefined, isObject(tt) ? tt[f] : undefined, `the ${f} of task ${id}`, c);
      const out: Loose = {};
      const src = isObject(ot) ? ot : isObject(tt) ? tt : rest;
      for (const f of [...Object.keys(src), ...Object.keys(rest).filter((f) => !Object.hasOwn(src, f))]) {
        const v = Object.hasOwn(ROLLED_UP, f) ? pick(f) : rest[f];
        if (v !== undefined) out[f] = v;
      }
      return out;
    });
  });
  if (!Array.isArray(index.tasks)) return index;
  const rolled = rollup(index as unknown as TaskIndex) as unknown as Loose;
  rollupAgreesWithEntities(base, ours, theirs, rolled, c);
  return rolled;
}

/** The status of each task of a side's index, by id (the first entry of an id, as the checks read it). */
function statuses(index: Loose): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (Array.isArray(index.tasks)) for (const t of index.tasks) if (isObject(t) && typeof t.id === 'string' && !out.has(t.id)) out.set(t.id, t.status);
  return out;
}

/**
 * Git merges each entity file (`tasks/<id>.json`) on its own, so its status
 * is the three-way merge of that task's status. Where the merged index rolls
 * a task up to another status, index and entity files would disagree after a
 * "clean" merge: a conflict.
 */
function rollupAgreesWithEntities(base: Loose, ours: Loose, theirs: Loose, merged: Loose, c: Conflicts): void {
  const [b, o, t] = [statuses(base), statuses(ours), statuses(theirs)];
  for (const task of merged.tasks as unknown[]) {
    if (!isObject(task) || typeof task.id !== 'string') continue;
    const id = task.id;
    const [sb, so, st] = [b.get(id), o.get(id), t.get(id)];
    // Both sides changed the task's own status: its entity file conflicts on that line already.
    if (!same(so, st) && !same(st, sb) && !same(so, sb)) continue;
    const entity = same(so, st) || same(st, sb) ? so : st;
    if (entity === undefined || same(entity, task.status)) continue;
    const was = (v: unknown) => (v === undefined ? 'absent' : JSON.stringify(v));
    const message = `task ${id}: the merged index rolls its status up to ${JSON.stringify(task.status)}, but the merge of tasks/${id}.json keeps ${JSON.stringify(entity)} (ancestor ${was(sb)}, ours ${was(so)}, theirs ${was(st)}): set ${JSON.stringify(task.status)} in both by hand`;
    c.problems.push(error('git.merge-rollup-conflict', message, c.file === undefined ? {} : { file: c.file }));
  }
}

function mergeManifest(base: Loose, ours: Loose, theirs: Loose, c: Conflicts): Loose {
  return mergeRecord(base, ours, theirs, '', c, (k, b, o, t) => {
    const derive = derivedBy(MANIFEST_MERGES, k);
    if (derive) return derive(o, t);
    if (k === 'docs' && Array.isArray(o) && Array.isArray(t)) return mergeKeyed(b, o, t, 'path', 'the manifest entry of', c);
    return merge3(b, o, t, `the field ${k}`, c);
  });
}

/** The indentation ours uses (the first indented line's), so a merge keeps the file's layout. */
function indentOf(text: string): string | number {
  const m = /\n([ \t]+)\S/.exec(text);
  return m ? m[1]! : 2;
}

/**
 * Three-way merge of a JSON memory file by item: a thread store (threads by
 * id, the operations log as the union, relations and metadata recomputed), a
 * WBS task index (tasks by id, parents rolled up again) or a memory manifest
 * (docs by path). An item both sides changed differently is
 * `git.merge-entry-conflict`; a result breaking the format's invariants is
 * `git.merge-invalid-result`.
 */
export function mergeJsonFile(inputs: MergeInputs, options: MergeJsonOptions): Result<{ text: string }> {
  const file = options.file;
  const bound = checkBounds(inputs, { ...DEFAULT_MERGE_LIMITS, ...options.limits }, file);
  if (bound) return fail([bound]);
  const values: Partial<Record<Side, Loose>> = {};
  for (const side of ['base', 'ours', 'theirs'] as const) {
    if (side === 'base' && inputs.base.trim() === '') {
      values.base = {};
      continue;
    }
    const r = readJson(inputs[side], { forbiddenKeys: 'refuse' });
    if (!r.ok) return fail([sideProblem('git.merge-unparseable', side, `${r.problems[0]!.message} [${r.problems[0]!.code}]`, file, r.problems[0]!.line)]);
    if (!isObject(r.value)) return fail([sideProblem('git.merge-unparseable', side, 'the file is not a JSON object', file, 1)]);
    values[side] = r.value;
  }
  const c = new Conflicts(file);
  const merge = options.format === threadStore.id ? mergeThreadStore : options.format === wbsTaskIndex.id ? mergeTaskIndex : mergeManifest;
  const merged = merge(values.base!, values.ours!, values.theirs!, c);
  if (c.problems.length > 0) return fail(c.problems);
  const invariants = options.format === threadStore.id ? checkThreadStore(merged) : options.format === wbsTaskIndex.id ? checkWbs(merged) : [];
  const broken = invariants.find((p) => p.severity === 'error');
  if (broken) return fail([sideProblem('git.merge-invalid-result', 'theirs', `the merged file breaks a rule (${broken.code}: ${broken.message})`, file)]);
  const eol = inputs.ours.includes('\r\n') ? '\r\n' : '\n';
  const text = JSON.stringify(merged, null, indentOf(inputs.ours)) + '\n';
  return ok({ text: eol === '\n' ? text : text.replaceAll('\n', '\r\n') });
}
