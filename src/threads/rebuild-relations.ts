import type { ThreadRelations, ThreadStore } from '../schemas/thread-store.js';
import { type Csr, IntList, groupBy, uniqueLists } from '../graph/csr.js';
import { StringIndex } from '../graph/string-index.js';
import { isObject, own, ownGet, recordOf } from './model.js';

/** The relations the log implies, by thread position (see {@link rebuildRelations}); children are left out. */
export interface DerivedRelations {
  references_to: Csr;
  referenced_by: Csr;
  depends_on: Csr;
}

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
  const n = ids.length;
  const parentOf = new Int32Array(n).fill(-1);
  for (let v = 0; v < n; v++) {
    // Keys of `threads` are its own properties: a plain read is an own read.
    const t = threads[ids[v]!];
    const parent = isObject(t) ? ownGet(t, 'parent_id') : undefined;
    if (typeof parent === 'string' && parent !== ids[v]) parentOf[v] = position.get(parent);
  }
  const children = groupBy(
    n,
    parentOf,
    Int32Array.from({ length: n }, (_, v) => v),
  );
  const derived = deriveRelations(store, ids, position);
  // Arrays of their final length: grown by `push`, each would hold room for 16 or more ids.
  const names = (csr: Csr, v: number) => {
    const from = csr.start[v]!;
    const out = new Array<string>(csr.start[v + 1]! - from);
    for (let k = 0; k < out.length; k++) out[k] = ids[csr.items[from + k]!]!;
    return out;
  };
  return recordOf(ids, (v) => ({
    children: names(children, v),
    references_to: names(derived.references_to, v),
    referenced_by: names(derived.referenced_by, v),
    depends_on: names(derived.depends_on, v),
  }));
}

/**
 * Thread ids to their positions (`get` gives -1 for an unknown id): a flat
 * table sized up front, where a `Map` of 20,000 ids spreads its entries over
 * more cache lines than one probe reads.
 */
export function positions(ids: readonly string[]): StringIndex {
  const position = new StringIndex(ids.length, (v) => ids[v]);
  for (let v = 0; v < ids.length; v++) position.add(ids[v]!, v);
  return position;
}

/**
 * The references and dependencies {@link rebuildRelations} derives, built one
 * operation at a time (so a caller that walks the log anyway needs no second
 * pass) as lists of thread positions: each id is looked up once, and no
 * per-thread arrays or sets are made. After {@link RelationsFromLog.add},
 * `from`/`to` (a reference) or `target` (an operation setting `depends_on`)
 * hold the positions it resolved, or -1.
 */
export class RelationsFromLog {
  from = -1;
  to = -1;
  target = -1;
  readonly #refFrom = new IntList();
  readonly #refTo = new IntList();
  /**
   * depends_on lists set by operations, resolved when added (while the
   * operation is in cache): positions, -1 for a value that is not a known id.
   * Thread v's list, set by the last such operation, is
   * `#depItems[#depFrom[v] .. #depTo[v])`; `#depFrom[v]` is -1 when no operation sets it.
   */
  readonly #depItems = new IntList();
  readonly #depFrom: Int32Array;
  readonly #depTo: Int32Array;
  constructor(
    readonly ids: readonly string[],
    readonly position: StringIndex,
  ) {
    this.#depFrom = new Int32Array(ids.length).fill(-1);
    this.#depTo = new Int32Array(ids.length);
  }

  /** Takes the next operation of the log into account. */
  add(op: unknown): void {
    this.from = this.to = this.target = -1;
    if (!isObject(op) || !isObject(op.params)) return;
    const p = op.params;
    if (op.command === 'reference') {
      const f = ownGet(p, 'from_id');
      const t = ownGet(p, 'to_id');
      if (typeof f !== 'string' || typeof t !== 'string' || f === t) return;
      this.from = this.position.get(f);
      this.to = this.position.get(t);
      if (this.from === -1 || this.to === -1) return;
      this.#refFrom.push(this.from);
      this.#refTo.push(this.to);
    } else if ((op.command === 'update' || op.command === 'spawn') && own(p, 'depends_on') && Array.isArray(p.depends_on)) {
      const target = ownGet(p, op.command === 'spawn' ? 'child_id' : 'thread_id');
      this.target = typeof target === 'string' ? this.position.get(target) : -1;
      if (this.target === -1) return;
      const list = p.depends_on as unknown[];
      const items = this.#depItems;
      this.#depFrom[this.target] = items.length;
      for (let k = 0; k < list.length; k++) {
        const d = list[k];
        items.push(typeof d === 'string' ? this.position.get(d) : -1);
      }
      this.#depTo[this.target] = items.length;
    }
  }

  /**
   * The relations of every operation added; `cached(v)` is the stored
   * relations entry of thread v (its depends_on is used when no operation sets one).
   */
  finish(cached: (v: number) => unknown): DerivedRelations {
    const { ids, position } = this;
    const n = ids.length;
    const depFrom = this.#depFrom;
    const depTo = this.#depTo;
    const set = this.#depItems.values();
    // depends_on: the last operation that sets it, else the cached list; known, not self, once each.
    const depStart = new Int32Array(n + 1);
    const deps = new IntList(n);
    const seen = new Int32Array(n);
    for (let v = 0; v < n; v++) {
      depStart[v] = deps.length;
      if (depFrom[v] !== -1) {
        for (let k = depFrom[v]!; k < depTo[v]!; k++) {
          // A string equal to ids[v] is the one whose position is v.
          const w = set[k]!;
          if (w === -1 || w === v || seen[w] === v + 1) continue;
          seen[w] = v + 1;
          deps.push(w);
        }
        continue;
      }
      const c = cached(v);
      const list: unknown = isObject(c) ? c.depends_on : undefined;
      if (!Array.isArray(list)) continue;
      for (const d of list as unknown[]) {
        if (typeof d !== 'string' || d === ids[v]) continue;
        const w = position.get(d);
        if (w === -1 || seen[w] === v + 1) continue;
        seen[w] = v + 1;
        deps.push(w);
      }
    }
    depStart[n] = deps.length;
    const f = this.#refFrom.values();
    const t = this.#refTo.values();
    return {
      references_to: uniqueLists(n, groupBy(n, f, t)),
      referenced_by: uniqueLists(n, groupBy(n, t, f)),
      depends_on: { start: depStart, items: deps.values() },
    };
  }
}

/** {@link RelationsFromLog} over a whole store's log. */
export function deriveRelations(store: { operations?: unknown; relations?: unknown }, ids: readonly string[], position: StringIndex): DerivedRelations {
  const log = new RelationsFromLog(ids, position);
  const ops = Array.isArray(store.operations) ? (store.operations as unknown[]) : [];
  for (let i = 0; i < ops.length; i++) log.add(ops[i]);
  const stored = isObject(store.relations) ? store.relations : {};
  return log.finish((v) => ownGet(stored, ids[v]!));
}
