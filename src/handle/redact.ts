import { type Result, error, fail, ok } from '../kernel/problems/index.js';
import { redactLedgerText } from '../services/ledger/index.js';
import type { MemoryContext } from './context.js';
import { ledgerText } from './read.js';
import { type ChangedFile, checkedWrite } from './write.js';

/** Which entry to redact, why, and who does it. */
export interface RedactInput {
  /** The 1-based line of the entry in the ledger file. */
  line: number;
  /** Why it is redacted (recorded in the ledger; a reason holding a secret is refused like any write of one). */
  reason: string;
  /** The agent redacting: the writer policy must allow it to write the ledger. */
  as: string;
}

/** A redaction done: the ledger, the redacted entry's line, chain index and hashes, and the file written. */
export interface Redaction {
  path: string;
  line: number;
  /** The entry's 0-based index in the chain (its Merkle leaf index). */
  index: number;
  /** The entry's chain hash and leaf hash, which its tombstone keeps. */
  hash: string;
  leaf: string;
  /** The line the redaction record was appended on. */
  recordLine: number;
  changed: ChangedFile[];
}

/**
 * Redacts one entry of a JSON Lines ledger: the entry becomes a tombstone holding its hashes, and a redaction
 * record is appended, so the chain, earlier checkpoints and every other entry's inclusion proof still verify while
 * none of the entry's bytes remain in the file. Checked as every write is (the result must add no error), under
 * the ledger's lock. The bytes stay in version control history: purge them there and rotate the secret.
 */
export async function redactEntry(ctx: MemoryContext, path: string, input: RedactInput): Promise<Result<Redaction>> {
  if (!Number.isInteger(input.line) || input.line < 1) return fail([error('memory.invalid-request', 'line is a 1-based line number', { pointer: '/line' })]);
  if (typeof input.reason !== 'string' || input.reason.trim() === '') return fail([error('memory.invalid-request', 'a redaction records its reason', { pointer: '/reason' })]);
  if (typeof input.as !== 'string' || input.as === '') return fail([error('memory.no-writer', 'a redaction names the agent doing it', { pointer: '/as' })]);
  const allowed = await ctx.permit(input.as, path, 'append');
  if (!allowed.ok) return allowed;
  const lock = `${path}.lock`;
  return ctx.exclusive(lock, async () => {
    const current = await ledgerText(ctx, path, true);
    if (!current.ok) return current;
    const base = current.value.bytes;
    const done = redactLedgerText(current.value.text, input.line, { by: input.as, reason: input.reason, at: ctx.timestamp(), hasher: ctx.hasher });
    if (!done.ok) return fail(done.problems.map((p) => ({ ...p, file: path })));
    const written = await checkedWrite(ctx, [path.slice(0, path.lastIndexOf('/') + 1)], [{ path, bytes: ctx.encode(done.value.text), base }], { held: [lock] });
    if (!written.ok) return written;
    const lines = done.value.text.split('\n');
    const recordLine = lines[lines.length - 1] === '' ? lines.length - 1 : lines.length;
    return ok({ path, line: input.line, index: done.value.index, hash: done.value.tombstone.hash, leaf: done.value.tombstone.leaf, recordLine, changed: written.value }, written.problems);
  });
}
