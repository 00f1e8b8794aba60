import { type Hasher, jsHasher } from './sha256.js';

const HASH = 32;

/** A tree head: number of entries and the RFC 9162 root over them (lowercase hex). */
export interface Checkpoint {
  size: number;
  root: string;
}

/** RFC 9162 §2.1.1 leaf hash: `SHA-256(0x00 ‖ data)`; for a ledger, `data` is the canonical entry bytes. */
export function leafHash(data: Uint8Array, hasher: Hasher = jsHasher): Uint8Array {
  const buf = new Uint8Array(data.length + 1);
  buf.set(data, 1);
  return hasher.sha256(buf);
}

/** RFC 9162 §2.1.1 interior node hash: `SHA-256(0x01 ‖ left ‖ right)`. */
export function nodeHash(left: Uint8Array, right: Uint8Array, hasher: Hasher = jsHasher): Uint8Array {
  const buf = new Uint8Array(1 + left.length + right.length);
  buf[0] = 1;
  buf.set(left, 1);
  buf.set(right, 1 + left.length);
  return hasher.sha256(buf);
}

/** The root of the empty tree: SHA-256 of the empty string. */
export function emptyRoot(hasher: Hasher = jsHasher): Uint8Array {
  return hasher.sha256(new Uint8Array(0));
}

/** Largest power of two strictly less than `n` (n ≥ 2). */
function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/**
 * An append-only RFC 9162 Merkle tree that caches every complete subtree
 * (one flat array of 32-byte hashes per level), so the root of any prefix,
 * inclusion proofs and consistency proofs cost O(log² n) hashes.
 *
 * @example
 * declare const entries: DecisionLogEntry[];
 * const tree = new MerkleTree();
 * for (const e of entries) tree.append(entryBytes(e));
 * tree.root(); tree.inclusionProof(3, tree.size);
 */
export class MerkleTree {
  /** levels[l] holds the hashes of the complete subtrees of 2^l leaves, left to right. */
  private readonly levels: { data: Uint8Array; count: number }[] = [];
  private readonly hasher: Hasher;

  constructor(hasher: Hasher = jsHasher) {
    this.hasher = hasher;
  }

  /** Number of leaves. */
  get size(): number {
    return this.levels[0]?.count ?? 0;
  }

  /** Appends a leaf given its data (hashed with the 0x00 prefix). */
  append(data: Uint8Array): void {
    this.appendLeafHash(leafHash(data, this.hasher));
  }

  /** Appends a leaf given its precomputed leaf hash. */
  appendLeafHash(hash: Uint8Array): void {
    let level = 0;
    let h = hash;
    for (;;) {
      const index = this.push(level, h);
      if (index % 2 === 0) return;
      h = nodeHash(this.node(level, index - 1), h, this.hasher);
      level++;
    }
  }

  private push(level: number, hash: Uint8Array): number {
    let l = this.levels[level];
    if (l === undefined) {
      l = { data: new Uint8Array(HASH * 16), count: 0 };
      this.levels[level] = l;
    }
    if ((l.count + 1) * HASH > l.data.length) {
      const grown = new Uint8Array(l.data.length * 2);
      grown.set(l.data);
      l.data = grown;
    }
    l.data.set(hash, l.count * HASH);
    return l.count++;
  }

  private node(level: number, index: number): Uint8Array {
    const l = this.levels[level]!;
    return l.data.subarray(index * HASH, index * HASH + HASH);
  }

  /** The leaf hash at `index`. */
  leaf(index: number): Uint8Array {
    if (!Number.isInteger(index) || index < 0 || index >= this.size) throw new RangeError(`leaf ${index} is outside the tree of ${this.size}`);
    return this.node(0, index).slice();
  }

  /** MTH(D[lo:hi]) for 0 ≤ lo < hi ≤ size, where lo is a multiple of the subtree's width. */
  private range(lo: number, hi: number): Uint8Array {
    const n = hi - lo;
    if ((n & (n - 1)) === 0 && lo % n === 0) return this.node(Math.log2(n), lo / n);
    const k = splitPoint(n);
    return nodeHash(this.range(lo, lo + k), this.range(lo + k, hi), this.hasher);
  }

  /** The root hash of the first `size` leaves (default: all). */
  root(size = this.size): Uint8Array {
    this.checkSize(size);
    return size === 0 ? emptyRoot(this.hasher) : this.range(0, size).slice();
  }

  private checkSize(size: number): void {
    if (!Number.isInteger(size) || size < 0 || size > this.size) throw new RangeError(`tree size ${size} is outside 0..${this.size}`);
  }

  /** RFC 9162 §2.1.3.1 inclusion proof of leaf `index` in the tree of the first `size` leaves. */
  inclusionProof(index: number, size = this.size): Uint8Array[] {
    this.checkSize(size);
    if (!Number.isInteger(index) || index < 0 || index >= size) throw new RangeError(`leaf ${index} is outside the tree of ${size}`);
    const proof: Uint8Array[] = [];
    let lo = 0;
    let hi = size;
    let m = index;
    // PATH(m, D[lo:hi]) unrolled: siblings are collected root-first, then reversed.
    while (hi - lo > 1) {
      const k = splitPoint(hi - lo);
      if (m < k) {
        proof.push(this.range(lo + k, hi).slice());
        hi = lo + k;
      } else {
        proof.push(this.range(lo, lo + k).slice());
        lo += k;
        m -= k;
      }
    }
    return proof.reverse();
  }

  /** RFC 9162 §2.1.4.1 consistency proof between the trees of the first `m` and first `n` leaves (0 < m ≤ n). */
  consistencyProof(m: number, n = this.size): Uint8Array[] {
    this.checkSize(n);
    if (!Number.isInteger(m) || m < 0 || m > n) throw new RangeError(`old size ${m} is outside 0..${n}`);
    if (m === 0 || m === n) return [];
    const proof: Uint8Array[] = [];
    let lo = 0;
    let hi = n;
    let mm = m;
    let complete = true;
    // SUBPROOF(m, D[lo:hi], b) unrolled; nodes are collected top-down and reversed at the end.
    for (;;) {
      const width = hi - lo;
      if (mm === width) {
        if (!complete) proof.push(this.range(lo, hi).slice());
        break;
      }
      const k = splitPoint(width);
      if (mm <= k) {
        proof.push(this.range(lo + k, hi).slice());
        hi = lo + k;
      } else {
        proof.push(this.range(lo, lo + k).slice());
        lo += k;
        mm -= k;
        complete = false;
      }
    }
    return proof.reverse();
  }
}

/**
 * A streaming root computer (a compact range): O(log n) memory, for
 * verifying a ledger of any size against a checkpoint in one pass.
 */
export class MerkleRootAccumulator {
  private readonly stack: { width: number; hash: Uint8Array }[] = [];
  private count = 0;
  private readonly hasher: Hasher;

  constructor(hasher: Hasher = jsHasher) {
    this.hasher = hasher;
  }

  /** Number of leaves added. */
  get size(): number {
    return this.count;
  }

  /** Adds a leaf given its data. */
  append(data: Uint8Array): void {
    this.appendLeafHash(leafHash(data, this.hasher));
  }

  /** Adds a leaf given its leaf hash. */
  appendLeafHash(hash: Uint8Array): void {
    let node = { width: 1, hash };
    for (;;) {
      const top = this.stack[this.stack.length - 1];
      if (top === undefined || top.width !== node.width) break;
      this.stack.pop();
      node = { width: node.width * 2, hash: nodeHash(top.hash, node.hash, this.hasher) };
    }
    this.stack.push(node);
    this.count++;
  }

  /** The root of the leaves added so far. */
  root(): Uint8Array {
    if (this.stack.length === 0) return emptyRoot(this.hasher);
    let h = this.stack[this.stack.length - 1]!.hash;
    for (let i = this.stack.length - 2; i >= 0; i--) h = nodeHash(this.stack[i]!.hash, h, this.hasher);
    return h;
  }
}
