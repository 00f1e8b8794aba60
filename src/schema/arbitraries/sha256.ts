import fc from 'fast-check';
import { toHex } from '../../kernel/canonical/index.js';

/**
 * Lowercase hex SHA-256 digests (64 characters), including the all-zero
 * predecessor of a ledger's first entry now and then.
 */
export const sha256Arb: fc.Arbitrary<string> = fc.oneof(
  { weight: 9, arbitrary: fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => toHex(b)) },
  { weight: 1, arbitrary: fc.constant('0'.repeat(64)) },
);
