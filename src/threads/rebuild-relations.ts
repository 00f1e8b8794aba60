import type { ThreadRelations, ThreadStore } from '../schemas/thread-store.js';
import { isObject, ownGet } from './model.js';

/** The relations the log implies, as lists of thread positions by thread position (see {@link rebuildRelations}); children are left out. */
export type DerivedRelations = Record<'references_to' | 'referenced_by' | 'depends_on', readonly (readonly number[])[]>;

/**
 * Derives the relations cache from the threads and the operations log:
 * `children` from each thread's `parent_id` (in `threads` order);
 * `references_to`/`referenced_by` from `reference` operations (log order,
 * first occurrence); `depends_on` from the last `spawn`/`update` operation that
 * sets `params.depends_on`. A thread no operation gives dependencies keeps
 * its cached `depends_on` (nothing else records them), limited to known
 * threads. Unknown ids and self-links are dropped. One entry per thread.
 * @example rebuildRelations(store)['t1'] // { children: [...], references_to: [...], ... }
 */
export function rebuildRelations(store: ThreadStore): Record<string, ThreadRelations> {
  const threads = isObject(store.threads) ? store.threads : {};
  const ids = Object.keys(threads);
  const position = positions(ids);
  const children = ids.map((): number[] => []);
  ids.forEach((id, v) => {
    // Keys of `threads` are its own properties: a plain read is an own read.
    const t = threads[id];
    const parent = isObject(t) ? ownGet(t, 'parent_id') : undefined;
    const p = typeof parent === 'string' && parent !== id ? position.get(parent) : undefined;
    if (p !== undefined) children[p]!.push(v);
  });
  const derived = deriveRelations(store, ids, position);
  const names = (list: readonly number[]) => list.map((w) => ids[w]!);
  // Defined, not assigned, entries: a thread id `__proto__` stays an own key.
  return Object.fromEntries(
    ids.map((id, v) => [
      id,
      {
        children: names(children[v]!),
        references_to: names(derived.references_to[v]!),
        referenced_by: names(derived.referenced_by[v]!),
        depends_on: names(derived.depends_on[v]!),
      },
    ]),
  );
}

/** The list of a thread with no relation of a kind: shared, never written. */
const NONE: readonly number[] = [];

/** Thread ids to their positions. */
export function positions(ids: readonly string[]): Map<string, number> {
  const position = new Map<string, number>();
  for (let v = 0; v < ids.length; v++) position.set(ids[v]!, v);
  return position;
}

/**
 * The references and dependencies {@link rebuildRelations} derives, by thread position:
 * `references_to`/`referenced_by` from `reference` operations (log order, each pair
 * once); `depends_on` from the last `spawn`/`update` operation that sets it, else the
 * stored relations entry's list; known threads only, no self-links, each once.
 */
export function deriveRelations(store: { operations?: unknown; relations?: unknown }, ids: readonly string[], position: ReadonlyMap<string, number>): DerivedRelations {
  const find = (id: unknown) => (typeof id === 'string' ? (position.get(id) ?? -1) : -1);
  // Sized up front: writing far past the end of an empty array makes V8 keep it as a slow dictionary.
  const refsTo = new Array<number[] | undefined>(ids.length);
  const refsBy = new Array<number[] | undefined>(ids.length);
  // The (from, to) pairs seen, as one number each: the first reference of a pair counts.
  const pairs = new Set<number>();
  // The depends_on list set by the last operation that sets one, per thread.
  const deps = new Array<unknown[] | undefined>(ids.length);
  for (const op of Array.isArray(store.operations) ? (store.operations as unknown[]) : []) {
    if (!isObject(op) || !isObject(op.params)) continue;
    const p = op.params;
    if (op.command === 'reference') {
      const f = ownGet(p, 'from_id');
      const t = ownGet(p, 'to_id');
      if (typeof f !== 'string' || typeof t !== 'string' || f === t) continue;
      const from = find(f);
      const to = find(t);
      if (from === -1 || to === -1 || pairs.size === pairs.add(from * ids.length + to).size) continue;
      (refsTo[from] ??= []).push(to);
      (refsBy[to] ??= []).push(from);
    } else if ((op.command === 'update' || op.command === 'spawn') && Array.isArray(ownGet(p, 'depends_on'))) {
      const target = find(ownGet(p, op.command === 'spawn' ? 'child_id' : 'thread_id'));
      if (target !== -1) deps[target] = p.depends_on as unknown[];
    }
  }
  const stored = isObject(store.relations) ? store.relations : {};
  const depends_on = ids.map((id, v) => {
    let list = deps[v];
    if (list === undefined) {
      const c = ownGet(stored, id);
      list = isObject(c) && Array.isArray(c.depends_on) ? c.depends_on : [];
    }
    const out: number[] = [];
    for (const d of list) {
      const w = typeof d === 'string' ? position.get(d) : undefined;
      if (w !== undefined && w !== v) out.push(w);
    }
    return out.length === 0 ? NONE : out.length === 1 ? out : [...new Set(out)];
  });
  const lists = (sets: (number[] | undefined)[]) => ids.map((_, v) => sets[v] ?? NONE);
  return { references_to: lists(refsTo), referenced_by: lists(refsBy), depends_on };
}
