import * as crypto from 'node:crypto';
import type { Hasher } from '../../kernel/canonical/sha256.js';

// `crypto.hash` (Node 20.12 and later): one call, no Hash object; older Node 20 releases lack it.
const oneShot = (crypto as { hash?: (algorithm: string, data: Uint8Array, encoding: 'hex') => string }).hash;

/**
 * SHA-256 through `node:crypto`: the same digests as the portable `jsHasher`,
 * and the hex digest natively (`sha256Hex`, which memkit's hex hashes use).
 *
 * @example
 * import { createReadStream } from 'node:fs';
 * declare const path: string; // a decisionLog.md
 * await verify(createReadStream(path), { format: 'decision-log', hasher: nodeHasher })
 */
export const nodeHasher: Required<Hasher> = {
  sha256(data: Uint8Array): Uint8Array {
    return crypto.createHash('sha256').update(data).digest();
  },
  sha256Hex(data: Uint8Array): string {
    return oneShot === undefined ? crypto.createHash('sha256').update(data).digest('hex') : oneShot('sha256', data, 'hex');
  },
};
