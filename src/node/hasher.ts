import { createHash } from 'node:crypto';
import type { Hasher } from '../canonical/sha256.js';

/**
 * SHA-256 through `node:crypto` (native speed). Produces the same digests as
 * the portable `jsHasher` and WebCrypto.
 *
 * @example verify(stream, { format: 'decision-log', hasher: nodeHasher })
 */
export const nodeHasher: Hasher = {
  sha256(data: Uint8Array): Uint8Array {
    return createHash('sha256').update(data).digest();
  },
};
