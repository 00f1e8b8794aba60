// Known-answer vectors from transparency-dev/merkle (RFC 6962 / RFC 9162 hashing):
//   testonly/constants.go  (LeafInputs, NodeHashes, RootHashes)
//   proof/verify_test.go   (inclusionProofs, consistencyProofs; leaf numbers there are 1-based)
// https://github.com/transparency-dev/merkle
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromHex, toHex } from '../../src/kernel/canonical/index.js';
import { MerkleRootAccumulator, MerkleTree, checkCheckpointConsistency, checkpoint, leafHash, rootFromInclusionProof, verifyConsistency, verifyInclusion } from '../../src/services/ledger/index.js';
import { emptyRoot } from '../../src/kernel/canonical/merkle.js';

const h = (s: string) => fromHex(s)!;
const LEAVES = ['', '00', '10', '2021', '3031', '40414243', '5051525354555657', '606162636465666768696a6b6c6d6e6f'].map(h);
const ROOTS = [
  'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
  '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
  'fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125',
  'aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77',
  'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
  '4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4',
  '76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef',
  'ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c',
  '5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328',
];
const LEAF_HASHES = [
  '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
  '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
  '0298d122906dcfc10892cb53a73992fc5b9f493ea4c9badb27b791b4127a7fe7',
  '07506a85fd9dd2f120eb694f86011e5bb4662e5c415a62917033d4a9624487e7',
  'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
  '4271a26be0d8a84f0bd54c8c302e7cb3a3b5d1fa6780a40bcce2873477dab658',
  'b08693ec2e721597130641e8211e7eedccb4c26413963eee6c1e2ed16ffb1a5f',
  '46f6ffadd3d06a09ff3c5860d2755c8b9819db7df44251788c7d8e3180de8eb1',
];
// [leaf (1-based), size, proof]
const INCLUSION: [number, number, string[]][] = [
  [
    1,
    8,
    [
      '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4',
    ],
  ],
  [
    6,
    8,
    [
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
      'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ],
  ],
  [3, 3, ['fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125']],
  [
    2,
    5,
    [
      '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
    ],
  ],
];
// [size1, size2, proof]
const CONSISTENCY: [number, number, string[]][] = [
  [1, 1, []],
  [
    1,
    8,
    [
      '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4',
    ],
  ],
  [
    6,
    8,
    [
      '0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a',
      'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ],
  ],
  [2, 5, ['5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e', 'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b']],
  [
    6,
    7,
    [
      '0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a',
      'b08693ec2e721597130641e8211e7eedccb4c26413963eee6c1e2ed16ffb1a5f',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ],
  ],
];

function fullTree(): MerkleTree {
  const t = new MerkleTree();
  for (const l of LEAVES) t.append(l);
  return t;
}

describe('RFC 6962/9162 known answers (transparency-dev/merkle)', () => {
  it('leaf hashes and roots of every prefix', () => {
    const t = fullTree();
    expect(LEAVES.map((l) => toHex(leafHash(l)))).toEqual(LEAF_HASHES);
    for (let n = 0; n <= 8; n++) expect(toHex(t.root(n))).toBe(ROOTS[n]);
    const acc = new MerkleRootAccumulator();
    expect(toHex(acc.root())).toBe(ROOTS[0]);
    for (let n = 1; n <= 8; n++) {
      acc.append(LEAVES[n - 1]!);
      expect(toHex(acc.root())).toBe(ROOTS[n]);
    }
  });

  it.each(INCLUSION)('inclusion proof of leaf %i in tree %i', (leaf, size, proof) => {
    const t = fullTree();
    expect(t.inclusionProof(leaf - 1, size).map(toHex)).toEqual(proof);
    const p = proof.map(h);
    const root = h(ROOTS[size]!);
    const lh = h(LEAF_HASHES[leaf - 1]!);
    expect(verifyInclusion(leaf - 1, size, lh, p, root)).toBe(true);
    // The corruptions of proof/verify_test.go (corruptInclusionProof) must all fail.
    const probes: [number, number, Uint8Array, Uint8Array[], Uint8Array][] = [
      [leaf - 2, size, lh, p, root],
      [leaf, size, lh, p, root],
      [(leaf - 1) ^ 2, size, lh, p, root],
      [leaf - 1, size * 2, lh, p, root],
      [leaf - 1, Math.floor(size / 2), lh, p, root],
      [leaf - 1, size, new TextEncoder().encode('WrongLeaf'), p, root],
      [leaf - 1, size, lh, p, h(ROOTS[0]!)],
      [leaf - 1, size, lh, [...p, new Uint8Array(0)], root],
      [leaf - 1, size, lh, [...p, root], root],
      [leaf - 1, size, lh, [new Uint8Array(0), ...p], root],
      [leaf - 1, size, lh, [root, ...p], root],
      [leaf - 1, size, lh, p.slice(0, -1), root],
    ];
    for (let i = 0; i < p.length; i++) {
      const q = p.map((x) => x.slice());
      q[i]![0]! ^= 8;
      probes.push([leaf - 1, size, lh, q, root]);
    }
    for (const [i, s, l, pr, r] of probes) expect(verifyInclusion(i, s, l, pr, r)).toBe(false);
  });

  it.each(CONSISTENCY)('consistency proof %i → %i', (m, n, proof) => {
    const t = fullTree();
    expect(t.consistencyProof(m, n).map(toHex)).toEqual(proof);
    const p = proof.map(h);
    const r1 = h(ROOTS[m]!);
    const r2 = h(ROOTS[n]!);
    expect(verifyConsistency(m, n, p, r1, r2)).toBe(true);
    if (p.length === 0) return;
    const probes: [number, number, Uint8Array[], Uint8Array, Uint8Array][] = [
      [m - 1, n, p, r1, r2],
      [m + 1, n, p, r1, r2],
      [m ^ 2, n, p, r1, r2],
      [m, n * 2, p, r1, r2],
      [m, Math.floor(n / 2), p, r1, r2],
      [m, n, p, r2, r1],
      [m, n, [], r1, r2],
      [m, n, [...p, r1], r1, r2],
      [m, n, [...p, r2], r1, r2],
      [m, n, [r1, ...p], r1, r2],
      [m, n, [r2, ...p], r1, r2],
      [m, n, [p[0]!, ...p], r1, r2],
      [m, n, p.slice(0, -1), r1, r2],
    ];
    for (let i = 0; i < p.length; i++) {
      const q = p.map((x) => x.slice());
      q[i]![0]! ^= 16;
      probes.push([m, n, q, r1, r2]);
    }
    for (const [a, b, pr, x, y] of probes) expect(verifyConsistency(a, b, pr, x, y)).toBe(false);
  });

  it('trivial consistency cases of proof/verify_test.go', () => {
    const e = h(ROOTS[0]!);
    const a = new Uint8Array(32).fill(1);
    const b = new Uint8Array(32).fill(2);
    // A proof from the empty tree is meaningless; two empty trees agree only on the empty root.
    expect(verifyConsistency(0, 0, [], a, a)).toBe(false);
    expect(verifyConsistency(0, 0, [], e, e)).toBe(true);
    expect(verifyConsistency(0, 1, [], a, b)).toBe(false);
    expect(verifyConsistency(0, 1, [], e, b)).toBe(false);
    expect(verifyConsistency(1, 1, [], b, b)).toBe(true);
    expect(verifyConsistency(1, 1, [], a, b)).toBe(false);
    expect(verifyConsistency(1, 0, [], a, b)).toBe(false);
    expect(verifyConsistency(2, 1, [], a, b)).toBe(false);
    expect(verifyConsistency(1, 2, [], a, b)).toBe(false);
    expect(verifyConsistency(0, 0, [e], e, e)).toBe(false);
    expect(verifyConsistency(1, 1, [e], e, e)).toBe(false);
  });
});

// Every inclusion and consistency vector of transparency-dev/merkle testdata/ (see the fixture's README).
const VECTORS = join(import.meta.dirname, '..', 'fixtures', 'merkle-vectors');
const vectorFiles = (kind: string) =>
  (readdirSync(join(VECTORS, kind), { recursive: true }) as string[])
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => [`${kind}/${f}`, JSON.parse(readFileSync(join(VECTORS, kind, f), 'utf8'))] as const);
// Go's encoding/json writes []byte as base64 and a nil slice as null.
const b64 = (s: string | null) => Uint8Array.from(Buffer.from(s ?? '', 'base64'));

describe('transparency-dev/merkle testdata vectors', () => {
  const inclusion = vectorFiles('inclusion');
  const consistency = vectorFiles('consistency');

  it('the fixture holds the whole vector set', () => {
    expect(inclusion.length).toBeGreaterThanOrEqual(90);
    expect(consistency.length).toBeGreaterThanOrEqual(90);
    expect(inclusion.some(([, v]) => v.wantErr === false) && inclusion.some(([, v]) => v.wantErr === true)).toBe(true);
  });

  it.each(inclusion)('%s', (_name, v: { leafIdx: number; treeSize: number; leafHash: string; root: string; proof: string[] | null; wantErr: boolean }) => {
    expect(verifyInclusion(v.leafIdx, v.treeSize, b64(v.leafHash), (v.proof ?? []).map(b64), b64(v.root))).toBe(!v.wantErr);
  });

  it.each(consistency)('%s', (_name, v: { size1: number; size2: number; root1: string; root2: string; proof: string[] | null; wantErr: boolean }) => {
    expect(verifyConsistency(v.size1, v.size2, (v.proof ?? []).map(b64), b64(v.root1), b64(v.root2))).toBe(!v.wantErr);
  });
});

describe('Merkle tree properties', () => {
  it('every inclusion and consistency proof of random trees verifies and matches the streaming root', () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 8 }), { minLength: 1, maxLength: 70 }), (leaves) => {
        const t = new MerkleTree();
        const acc = new MerkleRootAccumulator();
        for (const l of leaves) {
          t.append(l);
          acc.append(l);
        }
        expect(toHex(acc.root())).toBe(toHex(t.root()));
        for (let n = 1; n <= leaves.length; n++) {
          const root = t.root(n);
          for (let i = 0; i < n; i++) {
            const lh = leafHash(leaves[i]!);
            const proof = t.inclusionProof(i, n);
            expect(toHex(rootFromInclusionProof(i, n, lh, proof)!)).toBe(toHex(root));
          }
          for (let m = 1; m <= n; m++) expect(verifyConsistency(m, n, t.consistencyProof(m, n), t.root(m), root)).toBe(true);
          expect(verifyConsistency(0, n, t.consistencyProof(0, n), t.root(0), root)).toBe(false);
        }
      }),
      { numRuns: 25 },
    );
  });
});

// Reported: verifyConsistency(0, n, [], r1, r2) returned true for any roots,
// so a "proof" from the empty tree vouched for nothing; transparency-dev's
// test data expects an error for size1 = 0 with size2 > 0 and for two empty
// trees whose roots are not the empty-tree root. checkCheckpointConsistency
// accepted an old checkpoint of 0 entries with any root.
const ADDITIONAL = join(import.meta.dirname, '..', 'fixtures', 'merkle-vectors', 'consistency', 'additional');
const EMPTY = toHex(emptyRoot());

describe('a consistency proof from an empty tree vouches for nothing', () => {
  it.each([
    'size1-is-zero-and-does-not-equal-size2.json',
    'size1-is-zero-and-size2-is-not-zero.json',
    'sizes-are-equal-zero-and-proof-is-empty.json',
    'sizes-are-equal-zero-but-roots-are-not.json',
    'consistency-check-on-empty-tree-size1-is-zero-is-useless.json',
    'sizes-match-but-proof-is-not-empty-and-sizes-are-zero.json',
  ])('the transparency-dev vector %s is refused', (file) => {
    const v = JSON.parse(readFileSync(join(ADDITIONAL, file), 'utf8'));
    expect(v.wantErr).toBe(true);
    expect(verifyConsistency(v.size1, v.size2, (v.proof ?? []).map(b64), b64(v.root1), b64(v.root2))).toBe(false);
  });

  it('no roots or proof make a consistency proof from size 0 to a larger tree verify', () => {
    const hash = fc.uint8Array({ minLength: 32, maxLength: 32 });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 40 }), hash, hash, fc.array(hash, { maxLength: 3 }), (n, r1, r2, proof) => {
        expect(verifyConsistency(0, n, proof, r1, r2)).toBe(false);
        expect(verifyConsistency(0, n, proof, emptyRoot(), r2)).toBe(false);
      }),
    );
  });

  it('two empty trees are consistent only when both roots are the empty-tree root and the proof is empty', () => {
    const e = emptyRoot();
    const x = new Uint8Array(32).fill(7);
    expect(verifyConsistency(0, 0, [], e, e)).toBe(true);
    expect(verifyConsistency(0, 0, [], x, x)).toBe(false);
    expect(verifyConsistency(0, 0, [], e, x)).toBe(false);
    expect(verifyConsistency(0, 0, [e], e, e)).toBe(false);
  });

  it('an old checkpoint of 0 entries is accepted only with the empty-tree root and no proof', () => {
    const tree = new MerkleTree();
    for (let i = 0; i < 5; i++) tree.append(new Uint8Array([i]));
    const newer = { size: 5, root: toHex(tree.root()) };
    expect(checkpoint([]).root).toBe(EMPTY);
    expect(checkCheckpointConsistency({ size: 0, root: EMPTY }, newer, [])).toEqual([]);
    expect(checkCheckpointConsistency({ size: 0, root: EMPTY }, { size: 0, root: EMPTY }, [])).toEqual([]);
    const codes = (older: { size: number; root: string }, n: { size: number; root: string }, proof: Uint8Array[] = []) => checkCheckpointConsistency(older, n, proof).map((p) => p.code);
    expect(codes({ size: 0, root: 'ab'.repeat(32) }, newer)).toEqual(['ledger.checkpoint-mismatch']);
    expect(codes({ size: 0, root: newer.root }, newer)).toEqual(['ledger.checkpoint-mismatch']);
    expect(codes({ size: 0, root: EMPTY }, { size: 0, root: newer.root })).toEqual(['ledger.checkpoint-mismatch']);
    expect(codes({ size: 0, root: EMPTY }, newer, [tree.root()])).toEqual(['ledger.checkpoint-mismatch']);
    expect(codes({ size: 0, root: 'not hex' }, newer)).toEqual(['ledger.checkpoint-mismatch']);
  });

  it('a size-0 checkpoint with any root but the empty-tree root is a mismatch against any newer tree', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), fc.uint8Array({ minLength: 32, maxLength: 32 }), fc.nat({ max: 1000 }), (r1, r2, n) => {
        fc.pre(toHex(r1) !== EMPTY);
        const newer = { size: n, root: n === 0 ? EMPTY : toHex(r2) };
        expect(checkCheckpointConsistency({ size: 0, root: toHex(r1) }, newer, []).map((p) => p.code)).toEqual(['ledger.checkpoint-mismatch']);
        expect(checkCheckpointConsistency({ size: 0, root: EMPTY }, newer, [])).toEqual([]);
      }),
    );
  });
});
