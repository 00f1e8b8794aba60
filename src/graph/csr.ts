/**
 * Lists of item positions in compressed form (CSR): the list of item `v` is
 * `items[start[v] .. start[v + 1])`. A few flat buffers instead of one small
 * array per item: at 100,000 items the small arrays are what survive young
 * collections and scatter over the heap.
 */
export interface Csr {
  /** `n + 1` offsets into `items`. */
  start: Int32Array;
  items: Int32Array;
}

/** A growable list of int32 (amortised doubling), so one pass can fill a CSR list. */
export class IntList {
  buf: Int32Array;
  length = 0;
  constructor(capacity = 16) {
    this.buf = new Int32Array(Math.max(16, capacity));
  }
  push(v: number): void {
    if (this.length === this.buf.length) {
      const next = new Int32Array(this.buf.length * 2);
      next.set(this.buf);
      this.buf = next;
    }
    this.buf[this.length++] = v;
  }
  /** The values pushed so far (a view, not a copy). */
  values(): Int32Array {
    return this.buf.subarray(0, this.length);
  }
}

/**
 * Groups `values[k]` under `keys[k]` for `n` keys, keeping input order within
 * each group (a counting sort). Negative keys are dropped.
 * @example groupBy(3, Int32Array.of(2, 0, 2), Int32Array.of(7, 8, 9)) // lists [8], [], [7, 9]
 */
export function groupBy(n: number, keys: Int32Array, values: Int32Array): Csr {
  const start = new Int32Array(n + 1);
  for (let k = 0; k < keys.length; k++) if (keys[k]! >= 0) start[keys[k]! + 1]!++;
  for (let v = 0; v < n; v++) start[v + 1]! += start[v]!;
  const fill = start.slice(0, n);
  const items = new Int32Array(start[n]!);
  for (let k = 0; k < keys.length; k++) if (keys[k]! >= 0) items[fill[keys[k]!]!++] = values[k]!;
  return { start, items };
}

/**
 * Drops repeats within each list of a CSR over positions `0..n-1`, keeping
 * first occurrences in order; returns a new, compacted CSR.
 */
export function uniqueLists(n: number, csr: Csr): Csr {
  const seen = new Int32Array(n);
  const start = new Int32Array(csr.start.length);
  const items = new Int32Array(csr.items.length);
  let m = 0;
  for (let v = 0; v + 1 < csr.start.length; v++) {
    start[v] = m;
    const token = v + 1;
    for (let k = csr.start[v]!; k < csr.start[v + 1]!; k++) {
      const x = csr.items[k]!;
      if (seen[x] === token) continue;
      seen[x] = token;
      items[m++] = x;
    }
  }
  start[csr.start.length - 1] = m;
  return { start, items: items.subarray(0, m) };
}
