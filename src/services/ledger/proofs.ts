import { type Hasher, jsHasher } from '../../kernel/canonical/sha256.js';
import { type Problem, error } from '../../kernel/problems/index.js';
import { sameBytes } from '../../kernel/canonical/bytes.js';
import { emptyRoot, nodeHash } from '../../kernel/canonical/merkle.js';

const half = (x: number) => Math.floor(x / 2);
const odd = (x: number) => x % 2 === 1;

function wellFormed(proof: readonly Uint8Array[]): boolean {
  return proof.every((p) => p instanceof Uint8Array && p.length === 32);
}

/**
 * The walk up the tree both RFC 9162 proofs take, from node `fn` with last
 * node `sn`: `step(p, left)` for each proof node, `left` when it is the left
 * sibling. False when the proof does not end at the root.
 */
function walk(fn: number, sn: number, proof: readonly Uint8Array[], step: (p: Uint8Array, left: boolean) => void): boolean {
  for (const p of proof) {
    if (sn === 0) return false;
    if (odd(fn) || fn === sn) {
      step(p, true);
      while (!odd(fn) && fn !== 0) {
        fn = half(fn);
        sn = half(sn);
      }
    } else step(p, false);
    fn = half(fn);
    sn = half(sn);
  }
  return sn === 0;
}

/**
 * The root an inclusion proof leads to (RFC 9162 §2.1.3.2), or `undefined`
 * when the proof cannot belong to a tree of `size` leaves.
 */
export function rootFromInclusionProof(index: number, size: number, leaf: Uint8Array, proof: readonly Uint8Array[], hasher: Hasher = jsHasher): Uint8Array | undefined {
  if (!Number.isSafeInteger(index) || !Number.isSafeInteger(size) || index < 0 || index >= size) return undefined;
  if (leaf.length !== 32 || !wellFormed(proof)) return undefined;
  let r = leaf;
  const reached = walk(index, size - 1, proof, (p, left) => (r = left ? nodeHash(p, r, hasher) : nodeHash(r, p, hasher)));
  return reached ? r : undefined;
}

/**
 * Verifies an RFC 9162 inclusion proof: leaf `index` (0-based) with leaf hash
 * `leaf` is in the tree of `size` leaves whose root is `root`.
 *
 * @example
 * declare const tree: MerkleTree;
 * verifyInclusion(3, tree.size, tree.leaf(3), tree.inclusionProof(3), tree.root()) // true
 */
export function verifyInclusion(index: number, size: number, leaf: Uint8Array, proof: readonly Uint8Array[], root: Uint8Array, hasher: Hasher = jsHasher): boolean {
  const got = rootFromInclusionProof(index, size, leaf, proof, hasher);
  return got !== undefined && sameBytes(got, root);
}

/**
 * Verifies an RFC 9162 §2.1.4.2 consistency proof: the tree of `m` leaves with
 * root `oldRoot` is a prefix of the tree of `n` leaves with root `newRoot`.
 * False for rollbacks and forks, and from the empty tree (RFC 9162 defines no
 * such proof; {@link checkCheckpointConsistency} accepts an empty old checkpoint).
 */
export function verifyConsistency(m: number, n: number, proof: readonly Uint8Array[], oldRoot: Uint8Array, newRoot: Uint8Array, hasher: Hasher = jsHasher): boolean {
  if (!Number.isSafeInteger(m) || !Number.isSafeInteger(n) || m < 0 || m > n) return false;
  if (!wellFormed(proof)) return false;
  if (m === 0) {
    if (n !== 0 || proof.length !== 0) return false;
    const empty = emptyRoot(hasher);
    return sameBytes(oldRoot, empty) && sameBytes(newRoot, empty);
  }
  if (m === n) return proof.length === 0 && sameBytes(oldRoot, newRoot);
  if (proof.length === 0) return false;
  if (oldRoot.length !== 32 || newRoot.length !== 32) return false;
  // When m is a power of two the old root is itself the first node of the path.
  const path = isPow2(m) ? [oldRoot, ...proof] : [...proof];
  let fn = m - 1;
  let sn = n - 1;
  while (odd(fn)) {
    fn = half(fn);
    sn = half(sn);
  }
  let fr = path[0]!;
  let sr = path[0]!;
  const reached = walk(fn, sn, path.slice(1), (c, left) => {
    if (left) fr = nodeHash(c, fr, hasher);
    sr = left ? nodeHash(c, sr, hasher) : nodeHash(sr, c, hasher);
  });
  return reached && sameBytes(fr, oldRoot) && sameBytes(sr, newRoot);
}

const isPow2 = (x: number): boolean => 2 ** Math.round(Math.log2(x)) === x;

/**
 * {@link verifyInclusion} as a check: `[]` when entry `index` (leaf hash
 * `leaf`) is in the tree of `size` entries with `root`, else
 * `ledger.proof-invalid`.
 */
export function checkInclusion(index: number, size: number, leaf: Uint8Array, proof: readonly Uint8Array[], root: Uint8Array, hasher: Hasher = jsHasher): Problem[] {
  return verifyInclusion(index, size, leaf, proof, root, hasher)
    ? []
    : [error('ledger.proof-invalid', `the inclusion proof of entry ${index} does not lead to the root of the tree of ${size} entries`)];
}
