import type { ThreadRelations, ThreadStore } from '../schemas/thread-store.js';
import { isObject, own, ownGet, recordOf, stringList } from './model.js';

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
  const known = new Set(ids);
  const rel = new Map<string, ThreadRelations>();
  for (const id of ids) rel.set(id, { children: [], references_to: [], referenced_by: [], depends_on: [] });
  const refTo = new Map<string, Set<string>>();
  const refBy = new Map<string, Set<string>>();
  // Small lists are searched; a Set is made only once a list grows.
  const addOnce = (sets: Map<string, Set<string>>, list: string[], owner: string, value: string) => {
    if (list.length < 16) {
      if (!list.includes(value)) list.push(value);
      return;
    }
    let set = sets.get(owner);
    if (set === undefined) sets.set(owner, (set = new Set(list)));
    if (!set.has(value)) {
      set.add(value);
      list.push(value);
    }
  };

  for (const id of ids) {
    const t = ownGet(threads, id);
    const parent = isObject(t) ? ownGet(t, 'parent_id') : undefined;
    if (typeof parent === 'string' && parent !== id && known.has(parent)) rel.get(parent)!.children.push(id);
  }

  const deps = new Map<string, string[]>();
  const ops = Array.isArray(store.operations) ? store.operations : [];
  for (const op of ops) {
    if (!isObject(op) || !isObject(op.params)) continue;
    const p = op.params;
    if (op.command === 'reference') {
      const from = ownGet(p, 'from_id');
      const to = ownGet(p, 'to_id');
      if (typeof from !== 'string' || typeof to !== 'string' || from === to || !known.has(from) || !known.has(to)) continue;
      addOnce(refTo, rel.get(from)!.references_to, from, to);
      addOnce(refBy, rel.get(to)!.referenced_by, to, from);
    } else if ((op.command === 'update' || op.command === 'spawn') && own(p, 'depends_on') && Array.isArray(p.depends_on)) {
      const target = ownGet(p, op.command === 'spawn' ? 'child_id' : 'thread_id');
      if (typeof target === 'string' && known.has(target)) deps.set(target, unique(stringList(p.depends_on).filter((d) => d !== target && known.has(d))));
    }
  }

  const cached = isObject(store.relations) ? store.relations : {};
  for (const id of ids) {
    const fromLog = deps.get(id);
    if (fromLog !== undefined) rel.get(id)!.depends_on = fromLog;
    else {
      const c = ownGet(cached, id);
      if (isObject(c)) rel.get(id)!.depends_on = unique(stringList(c.depends_on).filter((d) => d !== id && known.has(d)));
    }
  }
  return recordOf(ids.map((id) => [id, rel.get(id)!] as const));
}

function unique(list: string[]): string[] {
  return [...new Set(list)];
}
