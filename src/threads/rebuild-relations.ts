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
  const has = new Map<string, Set<string>>();
  const addOnce = (list: string[], owner: string, field: string, value: string) => {
    const key = `${owner}\u0000${field}`;
    const set = has.get(key) ?? has.set(key, new Set()).get(key)!;
    if (!set.has(value)) {
      set.add(value);
      list.push(value);
    }
  };

  for (const id of ids) {
    const t = threads[id];
    const parent = isObject(t) ? ownGet(t, 'parent_id') : undefined;
    if (typeof parent === 'string' && parent !== id && known.has(parent)) addOnce(rel.get(parent)!.children, parent, 'children', id);
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
      addOnce(rel.get(from)!.references_to, from, 'references_to', to);
      addOnce(rel.get(to)!.referenced_by, to, 'referenced_by', from);
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
