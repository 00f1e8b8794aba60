// Reported: verifyConsistency(0, n, [], r1, r2) returned true for any roots,
// so a "proof" from the empty tree vouched for nothing; transparency-dev's
// test data expects an error for size1 = 0 with size2 > 0 and for two empty
// trees whose roots are not the empty-tree root. checkCheckpointConsistency
// accepted an old checkpoint of 0 entries with any root.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toHex } from '../../src/canonical/index.js';
import { MerkleTree, checkCheckpointConsistency, checkpoint, verifyConsistency } from '../../src/ledger/index.js';
import { emptyRoot } from '../../src/ledger/merkle.js';

const ADDITIONAL = join(import.meta.dirname, '..', 'fixtures', 'merkle-vectors', 'consistency', 'additional');
const b64 = (s: string | null) => Uint8Array.from(Buffer.from(s ?? '', 'base64'));
const EMPTY = toHex(emptyRoot());

describe('regression: consistency from an empty tree', () => {
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
