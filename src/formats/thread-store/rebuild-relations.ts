import type { ThreadRelations, ThreadStore } from '../../schema/thread-store.js';
import { isObject, ownGet } from './model.js';

/**
 * The relations cache as derived (see {@link rebuildRelations}), as lists of thread positions by thread position,
 * and each thread's `parent` position. By operation position, the threads each operation names, resolved once for
 * every reader: `subject` (spawn's `child_id`, reference's `from_id`, the others' `thread_id`) and `object`
 * (reference's `to_id`, spawn's `parent_id`). -1 where a parent or param names no thread or is not a string.
 */
export type DerivedRelations = Record<'children' | 'references_to' | 'referenced_by' | 'depends_on', readonly (readonly number[])[]> & Record<'parent' | 'subject' | 'object', Int32Array>;

/**
 * Derives the relations cache from the threads and the operations log:
 * `children` from each thread's `parent_id` (in `threads` order);
 * `references_to`/`referenced_by` from `reference` operations (log order,
 * first occurrence); `depends_on` from the last `spawn`/`update` operation that
 * sets `params.depends_on`. A thread no operation gives dependencies keeps
 * its cached `depends_on` (nothing else records them), limited to known
 * threads. Unknown ids and self-links are dropped. One entry per thread.
 * @example
 * declare const store: ThreadStore;
 * rebuildRelations(store)['t1'] // { children: [...], references_to: [...], ... }
 */
export function rebuildRelations(store: ThreadStore): Record<string, ThreadRelations> {
  const ids = Object.keys(isObject(store.threads) ? store.threads : {});
  const derived = deriveRelations(store, ids, positions(ids));
  const names = (list: readonly number[]) => list.map((w) => ids[w]!);
  // Defined, not assigned, entries: a thread id `__proto__` stays an own key.
  return Object.fromEntries(
    ids.map((id, v) => [
      id,
      {
        children: names(derived.children[v]!),
        references_to: names(derived.references_to[v]!),
        referenced_by: names(derived.referenced_by[v]!),
        depends_on: names(derived.depends_on[v]!),
      },
    ]),
  );
}

/** The list of a thread with no relation of a kind: shared, never written. */
export const NONE: readonly number[] = [];

/** Thread ids to their positions. */
export function positions(ids: readonly string[]): Map<string, number> {
  const position = new Map<string, number>();
  for (let v = 0; v < ids.length; v++) position.set(ids[v]!, v);
  return position;
}

/**
 * The relations {@link rebuildRelations} derives, by thread position: `children` from
 * each thread's `parent_id` (in `threads` order); `references_to`/`referenced_by` from
 * `reference` operations (log order, each pair once); `depends_on` from the last
 * `spawn`/`update` operation that sets it, else the stored relations entry's list;
 * known threads only, no self-links, each once.
 */
export function deriveRelations(store: { threads?: unknown; operations?: unknown; relations?: unknown }, ids: readonly string[], position: ReadonlyMap<string, number>): DerivedRelations {
  const find = (id: unknown) => (typeof id === 'string' ? (position.get(id) ?? -1) : -1);
  const threads = isObject(store.threads) ? store.threads : {};
  const parent = new Int32Array(ids.length);
  // The (parent, child) pairs, in `threads` order.
  const parents: number[] = [];
  const kids: number[] = [];
  for (let v = 0; v < ids.length; v++) {
    // Keys of `threads` are its own properties: a plain read is an own read.
    const t = threads[ids[v]!];
    const p = (parent[v] = find(isObject(t) ? ownGet(t, 'parent_id') : undefined));
    if (p === -1 || p === v) continue;
    parents.push(p);
    kids.push(v);
  }
  // The (from, to) pairs in log order, each once (as one number each in `pairs`).
  const pairs = new Set<number>();
  const from: number[] = [];
  const to: number[] = [];
  // Per thread, the depends_on list of the last operation that sets one (sized up front: V8 keeps an array written far past its end as a slow dictionary).
  const deps = new Array<unknown[] | undefined>(ids.length);
  const ops = Array.isArray(store.operations) ? (store.operations as unknown[]) : [];
  const subject = new Int32Array(ops.length).fill(-1);
  const object = new Int32Array(ops.length).fill(-1);
  for (let i = 0; i < ops.length; i++) {
    const op = ops[i];
    if (!isObject(op) || !isObject(op.params)) continue;
    const p = op.params;
    const command = op.command;
    if (command === 'reference') {
      const a = (subject[i] = find(ownGet(p, 'from_id')));
      const b = (object[i] = find(ownGet(p, 'to_id')));
      // Thread ids are unique keys, so one position is one id: a === b is a self-reference.
      if (a === -1 || b === -1 || a === b || pairs.size === pairs.add(a * ids.length + b).size) continue;
      from.push(a);
      to.push(b);
    } else if (command === 'spawn' || command === 'update' || command === 'freeze' || command === 'archive') {
      const target = (subject[i] = find(ownGet(p, command === 'spawn' ? 'child_id' : 'thread_id')));
      if (command === 'spawn') object[i] = find(ownGet(p, 'parent_id'));
      if (target !== -1 && command !== 'freeze' && command !== 'archive' && Array.isArray(ownGet(p, 'depends_on'))) deps[target] = p.depends_on as unknown[];
    }
  }
  const stored = isObject(store.relations) ? store.relations : {};
  const depends_on = ids.map((id, v) => {
    const c = deps[v] === undefined ? ownGet(stored, id) : undefined;
    const list = deps[v] ?? (isObject(c) && Array.isArray(c.depends_on) ? (c.depends_on as unknown[]) : []);
    // An unknown id reads as the thread itself, so one filter drops it with the self-links.
    const all = list.map((d) => (typeof d === 'string' ? (position.get(d) ?? v) : v));
    const out = all.includes(v) ? all.filter((w) => w !== v) : all;
    return out.length === 0 ? NONE : out.length === 1 ? out : [...new Set(out)];
  });
  // Each thread's list, of exactly its length (a list grown by push keeps room for 16).
  const lists = (key: readonly number[], value: readonly number[]) => {
    const count = new Int32Array(ids.length);
    for (let k = 0; k < key.length; k++) count[key[k]!]!++;
    const out = ids.map((_, v) => (count[v] === 0 ? NONE : new Array<number>(count[v]!)));
    count.fill(0);
    for (let k = 0; k < key.length; k++) (out[key[k]!] as number[])[count[key[k]!]!++] = value[k]!;
    return out;
  };
  return { children: lists(parents, kids), references_to: lists(from, to), referenced_by: lists(to, from), depends_on, parent, subject, object };
}
