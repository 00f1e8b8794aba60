import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsHasher, sha256Hex, toHex } from '../../src/kernel/canonical/index.js';
import { nodeHasher } from '../../src/adapters/node/index.js';

const webcrypto = async (data: Uint8Array) => toHex(new Uint8Array(await crypto.subtle.digest('SHA-256', data as Uint8Array<ArrayBuffer>)));

describe('same hashes everywhere', () => {
  it('jsHasher, nodeHasher and WebCrypto agree on every length around the block boundaries', async () => {
    for (let n = 0; n <= 200; n++) {
      const data = Uint8Array.from({ length: n }, (_, i) => (i * 31 + n) & 255);
      const want = await webcrypto(data);
      expect(toHex(jsHasher.sha256(data))).toBe(want);
      expect(toHex(nodeHasher.sha256(data))).toBe(want);
      expect(nodeHasher.sha256Hex(data)).toBe(want);
    }
  });
  it('and on random inputs (including subarrays with an offset)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 2000 }), fc.nat(8), async (bytes, off) => {
        const view = bytes.subarray(Math.min(off, bytes.length));
        const want = await webcrypto(view.slice());
        expect(toHex(jsHasher.sha256(view))).toBe(want);
        expect(toHex(nodeHasher.sha256(view))).toBe(want);
        expect(nodeHasher.sha256Hex(view)).toBe(want);
        expect(sha256Hex(view, nodeHasher)).toBe(want);
        expect(sha256Hex(view, jsHasher)).toBe(want);
      }),
      { numRuns: 300 },
    );
  });
});
