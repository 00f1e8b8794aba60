import { compareWellFormedWbsIds, isWbsId } from './id.js';

/** Looks ids up by item position; `near` is where the caller expects the id (a hint only). */
export interface IdLookup {
  /** The position of the first entry with `key`, or -1. */
  get(key: string, near?: number): number;
}

/**
 * The ids of an index listed in strictly increasing WBS order
 * ({@link compareWbsIds}): the usual case, since `rebuildIndex` writes that
 * order. No table is built; a lookup searches outwards from `near`
 * (doubling its step, then bisecting), so the references a task makes to
 * nearby tasks touch only nearby memory, where a hash table of 100,000 ids
 * would miss the CPU caches on most probes.
 */
export class SortedIds implements IdLookup {
  /** `ids[i]` for every item, strictly increasing; `good[i]` is 1 where it is well-formed. */
  constructor(
    private readonly ids: readonly string[],
    private readonly good: Uint8Array,
  ) {}

  get(key: string, near = this.ids.length >> 1): number {
    const n = this.ids.length;
    if (n === 0) return -1;
    const keyGood: boolean = isWbsId(`${key}`);
    let at = Math.min(n - 1, Math.max(0, near | 0));
    const c = this.cmp(key, keyGood, at);
    if (c === 0) return at;
    // Gallop to a range (lo, hi) that must hold key, then bisect it.
    let lo: number;
    let hi: number;
    if (c > 0) {
      lo = at;
      let step = 1;
      for (;;) {
        const p = lo + step;
        if (p >= n) {
          hi = n;
          break;
        }
        const d = this.cmp(key, keyGood, p);
        if (d === 0) return p;
        if (d < 0) {
          hi = p;
          break;
        }
        lo = p;
        step *= 2;
      }
    } else {
      hi = at;
      let step = 1;
      for (;;) {
        const p = hi - step;
        if (p < 0) {
          lo = -1;
          break;
        }
        const d = this.cmp(key, keyGood, p);
        if (d === 0) return p;
        if (d > 0) {
          lo = p;
          break;
        }
        hi = p;
        step *= 2;
      }
    }
    while (hi - lo > 1) {
      at = (lo + hi) >>> 1;
      const d = this.cmp(key, keyGood, at);
      if (d === 0) return at;
      if (d < 0) hi = at;
      else lo = at;
    }
    return -1;
  }

  // `key` compared with the id at position p: negative when key sorts before it.
  private cmp(key: string, keyGood: boolean, p: number): number {
    const id = this.ids[p]!;
    if (key === id) return 0;
    const g = this.good[p] === 1;
    if (keyGood !== g) return keyGood ? -1 : 1;
    return keyGood ? compareWellFormedWbsIds(key, id) : key < id ? -1 : 1;
  }
}

/** True when every item has an id and the ids strictly increase in WBS order (so none repeats). */
export function strictlyIncreasing(ids: readonly (string | undefined)[], good: Uint8Array): ids is string[] {
  for (let i = 1; i < ids.length; i++) {
    const a = ids[i - 1];
    const b = ids[i];
    if (a === undefined || b === undefined) return false;
    const ga = good[i - 1] === 1;
    const gb = good[i] === 1;
    if (ga !== gb) {
      if (!ga) return false; // a malformed id sorts after every well-formed one
      continue;
    }
    if (!(ga ? compareWellFormedWbsIds(a, b) < 0 : a < b)) return false;
  }
  return ids.length === 0 || ids[0] !== undefined;
}
