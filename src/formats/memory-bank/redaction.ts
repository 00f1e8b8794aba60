import { leafHash } from '../../kernel/canonical/merkle.js';
import { type Hasher, fromHex, jsHasher } from '../../kernel/canonical/sha256.js';
import { type Problem, error } from '../../kernel/problems/index.js';
import { entryBytes, entryHash } from './entry-hash.js';
import { isObject } from '../../kernel/object.js';

/**
 * What stands in a ledger in place of a redacted entry: the entry's chain hash and Merkle leaf hash (so the
 * chain, old checkpoints and every other entry's inclusion proof still verify), its `predecessor_hash`, and who
 * redacted it, when and why. Stored as `{"predecessor_hash":"…","redacted":{…}}`.
 */
export interface Tombstone {
  /** `sha256(JCS(entry))`: what the next entry's `predecessor_hash` holds. */
  hash: string;
  /** The entry's RFC 9162 leaf hash, `sha256(0x00 ‖ JCS(entry))`. */
  leaf: string;
  /** SHA-256 of the entry's line as it was stored, when that line was not canonical (a chain by raw lines uses it). */
  raw_hash?: string;
  at: string;
  by: string;
  reason: string;
}

/** The entry appended with a redaction, in the same ledger and chained like any entry: it names the line and hashes of the entry that became a tombstone. */
export interface RedactionRecord {
  hash: string;
  leaf: string;
  line: number;
  at: string;
  by: string;
  reason: string;
}

const HEX64 = /^[0-9a-f]{64}$/;
const str = (v: unknown): v is string => typeof v === 'string';

/** The tombstone an entry is (`{"predecessor_hash","redacted":{hash, leaf, at, by, reason}}`, hashes 64 lowercase hex), or undefined for any other entry. */
export function tombstoneOf(entry: unknown): Tombstone | undefined {
  if (!isObject(entry) || !isObject(entry.redacted)) return undefined;
  for (const k of Object.keys(entry)) if (k !== 'redacted' && k !== 'predecessor_hash') return undefined;
  const t = entry.redacted;
  if (!str(t.hash) || !HEX64.test(t.hash) || !str(t.leaf) || !HEX64.test(t.leaf) || !str(t.at) || !str(t.by) || !str(t.reason)) return undefined;
  if (t.raw_hash !== undefined && (!str(t.raw_hash) || !HEX64.test(t.raw_hash))) return undefined;
  return t as unknown as Tombstone;
}

/** The redaction record an entry is (`{"predecessor_hash","redaction":{hash, leaf, line, at, by, reason},"ts"}`), or undefined for any other entry. */
export function redactionOf(entry: unknown): RedactionRecord | undefined {
  if (!isObject(entry) || !isObject(entry.redaction)) return undefined;
  for (const k of Object.keys(entry)) if (k !== 'redaction' && k !== 'predecessor_hash' && k !== 'ts') return undefined;
  const r = entry.redaction;
  if (!str(r.hash) || !HEX64.test(r.hash) || !str(r.leaf) || !HEX64.test(r.leaf) || !str(r.at) || !str(r.by) || !str(r.reason)) return undefined;
  if (typeof r.line !== 'number' || !Number.isInteger(r.line) || r.line < 1) return undefined;
  return r as unknown as RedactionRecord;
}

/** The hash the chain gives an entry: a tombstone's recorded hash, else `sha256(JCS(entry))`. */
export function chainHash(entry: unknown, hasher: Hasher = jsHasher): string {
  return tombstoneOf(entry)?.hash ?? entryHash(entry, hasher);
}

/** The Merkle leaf hash of an entry: a tombstone's recorded leaf, else the leaf of its canonical bytes. */
export function entryLeaf(entry: unknown, hasher: Hasher = jsHasher): Uint8Array {
  const t = tombstoneOf(entry);
  return t !== undefined ? fromHex(t.leaf)! : leafHash(entryBytes(entry), hasher);
}

/** The redaction checks of one ledger, fed as the verifier reads it: tombstones wait for their records. */
export class RedactionTracker {
  readonly #tombs = new Map<string, { line: number; leaf: string; recorded: boolean }>();

  /** A tombstone on `line`. */
  tombstone(line: number, t: Tombstone): void {
    this.#tombs.set(t.hash, { line, leaf: t.leaf, recorded: false });
  }

  /** A redaction record on `line`: it must name an earlier tombstone by both of its hashes. */
  record(line: number, r: RedactionRecord): Problem[] {
    const t = this.#tombs.get(r.hash);
    if (t === undefined)
      return [
        error('ledger.redaction-unmatched', `the redaction record names the entry hash ${r.hash.slice(0, 12)}…, which no earlier tombstone holds (the entry is back, or the record is forged)`, {
          line,
          pointer: '/redaction/hash',
        }),
      ];
    t.recorded = true;
    if (t.leaf !== r.leaf)
      return [error('ledger.tombstone-mismatch', `the tombstone on line ${t.line} holds another leaf hash than its redaction record`, { line: t.line, pointer: '/redacted/leaf' })];
    return [];
  }

  /** Every tombstone no record vouches for. */
  end(): Problem[] {
    return [...this.#tombs.values()]
      .filter((t) => !t.recorded)
      .map((t) => error('ledger.tombstone-unrecorded', 'a redacted entry (tombstone) without the redaction record that must follow it', { line: t.line, pointer: '/redacted' }));
  }
}
