import type { Hasher } from '../../kernel/canonical/index.js';
import { MerkleTree } from '../../kernel/canonical/merkle.js';
import { toHex } from '../../kernel/canonical/sha256.js';
import { entryLeaf } from './redaction.js';

// The seed's activeContext.md compaction ("session end -> compress to decisionLog.md"), in memkit's form: one
// decisionLog.md entry per compaction, whose `compacts` field names the active-context entries it covers and
// whose `diff_hash` is the RFC 9162 root over them, so the compaction verifies against the active context
// it came from, which is continued and never rewritten.

/** The field of a decision entry that makes it a compaction. */
export const COMPACTS_FIELD = 'compacts';

/** What a compaction covers: the active-context file (by name), its first entry (1-based) and how many. */
export interface Compacts {
  ledger: string;
  first: number;
  count: number;
}

/** The `compacts` of a decision entry, when it is a well-formed one. */
export function compactsOf(entry: unknown): Compacts | undefined {
  const c = typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>)[COMPACTS_FIELD] : undefined;
  if (typeof c !== 'object' || c === null) return undefined;
  const { ledger, first, count } = c as Record<string, unknown>;
  if (typeof ledger !== 'string' || !Number.isSafeInteger(first) || !Number.isSafeInteger(count) || (first as number) < 1 || (count as number) < 1) return undefined;
  return { ledger, first: first as number, count: count as number };
}

/** The root a compaction of `entries` records as its `diff_hash`: RFC 9162 over each entry's canonical bytes (lowercase hex). */
export function compactionRoot(entries: readonly unknown[], hasher?: Hasher): string {
  const tree = new MerkleTree(hasher);
  for (const e of entries) tree.appendLeafHash(entryLeaf(e, hasher));
  return toHex(tree.root());
}

/** How many entries of the active context `ledger` the decisions already compact: the end of the furthest compaction. */
export function compactedUpTo(decisions: readonly unknown[], ledger: string): number {
  let end = 0;
  for (const d of decisions) {
    const c = compactsOf(d);
    if (c !== undefined && c.ledger === ledger) end = Math.max(end, c.first - 1 + c.count);
  }
  return end;
}
