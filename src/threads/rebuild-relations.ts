import type { ThreadRelations, ThreadStore } from '../schemas/thread-store.js';
import { isObject, own, ownGet, recordOf } from './model.js';

/** The relations the log implies, as lists of thread positions by thread position (see {@link rebuildRelations}); children are left out. */
export interface DerivedRelations {
  references_to: readonly (readonly number[])[];
  referenced_by: readonly (readonly number[])[];
  depends_on: readonly (readonly number[])[];
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
  return recordOf(ids, (v) => ({
    children: names(children[v]!),
    references_to: names(derived.references_to[v]!),
    referenced_by: names(derived.referenced_by[v]!),
    depends_on: names(derived.depends_on[v]!),
  }));
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
 * The references and dependencies {@link rebuildRelations} derives, built one
 * operation at a time (so a caller that walks the log anyway needs no second
 * pass). After {@link RelationsFromLog.add}, `from`/`to` (a reference) or
 * `target` (an operation setting `depends_on`) hold the positions it
 * resolved, or -1.
 */
export class RelationsFromLog {
  from = -1;
  to = -1;
  target = -1;
  /** The threads each thread references, and is referenced by, in log order (each pair once; made on first use). */
  readonly #refsTo: (number[] | undefined)[] = [];
  readonly #refsBy: (number[] | undefined)[] = [];
  /** The (from, to) pairs seen, as one number each: the first reference of a pair counts. */
  readonly #pairs = new Set<number>();
  /** The depends_on list set by the last operation that sets one, per thread. */
  readonly #deps: (unknown[] | undefined)[] = [];

  constructor(
    readonly ids: readonly string[],
    readonly position: ReadonlyMap<string, number>,
  ) {}

  #find(id: unknown): number {
    return typeof id === 'string' ? (this.position.get(id) ?? -1) : -1;
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
      this.from = this.#find(f);
      this.to = this.#find(t);
      if (this.from === -1 || this.to === -1) return;
      const pairs = this.#pairs.size;
      this.#pairs.add(this.from * this.ids.length + this.to);
      if (this.#pairs.size === pairs) return;
      (this.#refsTo[this.from] ??= []).push(this.to);
      (this.#refsBy[this.to] ??= []).push(this.from);
    } else if ((op.command === 'update' || op.command === 'spawn') && own(p, 'depends_on') && Array.isArray(p.depends_on)) {
      this.target = this.#find(ownGet(p, op.command === 'spawn' ? 'child_id' : 'thread_id'));
      if (this.target !== -1) this.#deps[this.target] = p.depends_on;
    }
  }

  /**
   * The relations of every operation added; `cached(v)` is the stored
   * relations entry of thread v (its depends_on is used when no operation sets one).
   */
  finish(cached: (v: number) => unknown): DerivedRelations {
    // depends_on: the last operation that sets it, else the cached list; known, not self, once each.
    const depends_on = this.ids.map((_, v) => {
      let list = this.#deps[v];
      if (list === undefined) {
        const c = cached(v);
        list = isObject(c) && Array.isArray(c.depends_on) ? c.depends_on : [];
      }
      const out: number[] = [];
      for (const d of list) {
        const w = typeof d === 'string' ? this.position.get(d) : undefined;
        if (w !== undefined && w !== v) out.push(w);
      }
      return out.length === 0 ? NONE : out.length === 1 ? out : [...new Set(out)];
    });
    const lists = (sets: (number[] | undefined)[]) => this.ids.map((_, v) => sets[v] ?? NONE);
    return { references_to: lists(this.#refsTo), referenced_by: lists(this.#refsBy), depends_on };
  }
}

/** {@link RelationsFromLog} over a whole store's log. */
export function deriveRelations(store: { operations?: unknown; relations?: unknown }, ids: readonly string[], position: ReadonlyMap<string, number>): DerivedRelations {
  const log = new RelationsFromLog(ids, position);
  const ops = Array.isArray(store.operations) ? (store.operations as unknown[]) : [];
  for (const op of ops) log.add(op);
  const stored = isObject(store.relations) ? store.relations : {};
  return log.finish((v) => ownGet(stored, ids[v]!));
}
