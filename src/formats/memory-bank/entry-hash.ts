import { canonicalize } from '../../kernel/canonical/jcs.js';
import { type Hasher, jsHasher, sha256Hex, utf8 } from '../../kernel/canonical/sha256.js';

/**
 * The canonical bytes of an entry: UTF-8 of its RFC 8785 form. Both the chain
 * hash and the Merkle leaf hash are taken over these bytes. Throws
 * `CanonicalizeError` (a `TypeError`) for a value with no canonical form (a
 * lone surrogate, a non-finite number); entries read from text come from
 * `readJson`, which refuses those first.
 */
export function entryBytes(entry: unknown): Uint8Array {
  return utf8(canonicalize(entry));
}

/**
 * `entry_hash = sha256(JCS(entry))` over the whole entry as stored (docs/ledger.md):
 * the value the next entry's `predecessor_hash` must hold.
 *
 * @example entryHash({ id: 'DEC-20260220-001', predecessor_hash: '0'.repeat(64) }) // '3f1c…' (64 hex chars)
 */
export function entryHash(entry: unknown, hasher: Hasher = jsHasher): string {
  return sha256Hex(entryBytes(entry), hasher);
}

/** The stored line of an entry: its canonical JSON (no trailing newline). */
export function serializeEntry(entry: unknown): string {
  return canonicalize(entry);
}
