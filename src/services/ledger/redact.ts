import { canonicalize } from '../../kernel/canonical/jcs.js';
import { leafHash } from '../../kernel/canonical/merkle.js';
import { type Hasher, jsHasher, sha256Hex, toHex } from '../../kernel/canonical/sha256.js';
import { type Result, error, fail, ok } from '../../kernel/problems/index.js';
import { entryBytes, entryHash } from '../../formats/memory-bank/entry-hash.js';
import { parseLedgerText } from '../../formats/memory-bank/ledger-text.js';
import { type Tombstone, redactionOf, tombstoneOf } from '../../formats/memory-bank/redaction.js';
import { verifyParsed } from '../../formats/memory-bank/verify.js';

/** Options of {@link redactLedgerText}. */
export interface RedactOptions {
  /** The agent redacting (recorded; the writer policy of the ledger applies to it). */
  by: string;
  /** Why (recorded; it must not repeat the secret). */
  reason: string;
  /** When (RFC 3339). */
  at: string;
  hasher?: Hasher;
}

/** What {@link redactLedgerText} made: the new text, the tombstone and the record appended. */
export interface Redacted {
  text: string;
  tombstone: Tombstone;
  record: Record<string, unknown>;
  /** The 0-based index of the redacted entry in the chain (its leaf index). */
  index: number;
}

/**
 * Replaces the entry on 1-based `line` of a JSON Lines ledger by its {@link Tombstone} and appends a
 * {@link RedactionRecord} chained onto the ledger's head: every byte of the entry is gone, and the chain, every
 * earlier checkpoint and every other entry's inclusion proof still verify. Refuses a line that is no entry, a
 * tombstone or a redaction record (`ledger.redact-refused`).
 * @example
 * declare const text: string; // a decisionLog.md whose line 3 holds a leaked token
 * redactLedgerText(text, 3, { by: 'ReaperOAK', reason: 'a token was pasted', at: '2026-12-02T10:00:00Z' })
 */
export function redactLedgerText(text: string, line: number, options: RedactOptions): Result<Redacted> {
  const hasher = options.hasher ?? jsHasher;
  const parsed = parseLedgerText(text);
  const index = parsed.entries.findIndex((e) => e.line === line);
  const refused = (why: string): Result<Redacted> => fail([error('ledger.redact-refused', why, { line })]);
  if (index === -1) return refused(`line ${line} holds no ledger entry`);
  const target = parsed.entries[index]!;
  if (tombstoneOf(target.value) !== undefined) return refused(`the entry on line ${line} is redacted already`);
  if (redactionOf(target.value) !== undefined) return refused(`line ${line} is a redaction record, which names hashes only and keeps the redaction verifiable`);
  const value = target.value as Record<string, unknown>;
  let canon: string;
  try {
    canon = canonicalize(value);
  } catch {
    return refused(`the entry on line ${line} has no canonical form, so no hash stands for it`);
  }
  const tombstone: Tombstone = {
    at: options.at,
    by: options.by,
    hash: entryHash(value, hasher),
    leaf: toHex(leafHash(entryBytes(value), hasher)),
    ...(canon === target.text ? {} : { raw_hash: sha256Hex(target.text, hasher) }),
    reason: options.reason,
  };
  const stone: Record<string, unknown> = { ...(value.predecessor_hash === undefined ? {} : { predecessor_hash: value.predecessor_hash }), redacted: tombstone };
  const lines = text.split('\n');
  const old = lines[line - 1]!;
  lines[line - 1] = canonicalize(stone) + (old.endsWith('\r') ? '\r' : '');
  let next = lines.join('\n');
  // The head after the tombstone is what it was: the tombstone carries the entry's hashes.
  const head = verifyParsed(parseLedgerText(next), { hasher }).head;
  const record = { predecessor_hash: head, redaction: { at: options.at, by: options.by, hash: tombstone.hash, leaf: tombstone.leaf, line, reason: options.reason }, ts: options.at };
  const eol = parsed.eol;
  if (next !== '' && !next.endsWith('\n')) next += eol;
  next += canonicalize(record) + eol;
  return ok({ text: next, tombstone, record, index });
}
