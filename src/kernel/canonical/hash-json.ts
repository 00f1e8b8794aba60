import { canonicalize } from './jcs.js';
import { type Hasher, jsHasher, sha256Hex } from './sha256.js';

/**
 * `sha256(JCS(value))` as lowercase hex: the hash of a JSON value everywhere
 * in memkit (ledger entries, payloads, export records).
 */
export function hashJson(value: unknown, hasher: Hasher = jsHasher): string {
  return sha256Hex(canonicalize(value), hasher);
}
