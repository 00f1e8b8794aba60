import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsHasher, toHex } from '../../src/kernel/canonical/index.js';
import { LineBlocks } from '../../src/services/exchange/verified-blocks.js';

const enc = new TextEncoder();
const line = fc.oneof(fc.string({ maxLength: 40 }), fc.string({ minLength: 20_000, maxLength: 70_000 })).map((s) => s.replace(/\n/g, ' '));

/** The blocks of a sequence of lines: each line's block index and the block hashes. */
function blocksOf(lines: string[]): { at: number[]; hashes: string[] } {
  const b = new LineBlocks(jsHasher);
  const at: number[] = [];
  const hashes: string[] = [];
  for (const l of lines) {
    const r = b.add(enc.encode(l));
    at.push(r.block);
    hashes.push(...r.done.map(toHex));
  }
  const last = b.finish();
  if (last !== undefined) hashes.push(toHex(last));
  return { at, hashes };
}

describe('LineBlocks', () => {
  it('the same lines give the same blocks; different lines give different block hashes', { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 12 }), fc.array(line, { maxLength: 12 }), (a, b) => {
        const x = blocksOf(a);
        expect(blocksOf([...a])).toEqual(x);
        const y = blocksOf(b);
        if (a.length === b.length && a.every((l, i) => l === b[i])) expect(y).toEqual(x);
        else expect(y.hashes).not.toEqual(x.hashes);
        // Every line's block is one that gets a hash, and block indexes never go back.
        x.at.forEach((blk, i) => {
          expect(blk).toBeLessThan(x.hashes.length);
          if (i > 0) expect(blk).toBeGreaterThanOrEqual(x.at[i - 1]!);
        });
      }),
      { numRuns: 60 },
    );
  });
});
