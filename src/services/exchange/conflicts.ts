import { type Hasher, canonicalize, sha256Hex } from '../../kernel/canonical/index.js';
import { sameBytes } from '../../kernel/canonical/bytes.js';
import { type Problem, error, warning } from '../../kernel/problems/index.js';
import type { FileV2 } from '../../schema/export-v2.js';
import { events } from '../../formats/index.js';
import { fileBytes, fileUpdatedAt, strictUtf8 } from './file-records.js';
import { type Memory, type MaybePromise, isThenable } from './record-store.js';
import { type ExchangeRecord, recordKey, recordTime } from './records.js';

/**
 * What import does with a record or file the target holds differently:
 * `fail` (default) refuses the import; `skip` keeps the local one;
 * `overwrite-older` replaces it only when the incoming one is provably newer
 * (a later `updated_at`, or a ledger extending the local bytes).
 */
export type ConflictPolicy = 'fail' | 'skip' | 'overwrite-older';

/** The decision for one incoming record. */
export interface Resolution {
  /** `write`: apply it; `unchanged`: the target already holds the same; `keep`: the local one stays. */
  action: 'write' | 'unchanged' | 'keep';
  /** A warning (kept, skipped) or an error (conflict under `fail`). */
  problem?: Problem;
}

const WRITE: Resolution = { action: 'write' };
const UNCHANGED: Resolution = { action: 'unchanged' };

function differ(policy: ConflictPolicy, what: string, newer: boolean, why: string): Resolution {
  if (policy === 'fail') return { action: 'keep', problem: error('exchange.conflict', `${what} already exists with different content (policy "fail")`) };
  if (policy === 'skip') return { action: 'keep', problem: warning('exchange.skipped', `${what} already exists with different content; kept the local one (policy "skip")`) };
  return newer ? WRITE : { action: 'keep', problem: warning('exchange.kept-local', `${what}: kept the local one, ${why}`) };
}

function resolveFile(record: FileV2, existing: Uint8Array | undefined, policy: ConflictPolicy, hasher: Hasher): Resolution {
  if (existing === undefined) return WRITE;
  if (existing.length === record.size && sha256Hex(existing, hasher) === record.sha256) return UNCHANGED;
  const what = `file ${record.path}`;
  if (policy !== 'overwrite-older') return differ(policy, what, false, '');
  // Ledgers and events only ever grow by appending: the incoming file replaces only a prefix of itself.
  if (record.kind === 'ledger' || record.kind === events.exportKind) {
    const incoming = fileBytes(record, hasher);
    const extends_ = incoming.ok && existing.length < incoming.value.length && sameBytes(incoming.value.subarray(0, existing.length), existing);
    return differ(policy, what, extends_, 'the incoming ledger does not extend it (the local one has entries the bundle lacks)');
  }
  const local = fileUpdatedAt(record.path, strictUtf8(existing));
  const tIn = record.updated_at === null ? NaN : Date.parse(record.updated_at);
  const tLocal = local === null ? NaN : Date.parse(local);
  const why = Number.isNaN(tIn) || Number.isNaN(tLocal) ? 'one of the two carries no date to compare' : 'it is as new or newer';
  return differ(policy, what, tIn > tLocal, why);
}

function resolveRecord(record: ExchangeRecord, existing: ExchangeRecord | undefined, policy: ConflictPolicy): Resolution {
  if (existing === undefined) return WRITE;
  if (canonicalize(existing) === canonicalize(record)) return UNCHANGED;
  const what = `${record.type} ${JSON.stringify(recordKey(record))}`;
  if (policy !== 'overwrite-older') return differ(policy, what, false, '');
  const tIn = recordTime(record);
  const tLocal = recordTime(existing);
  const why = Number.isNaN(tIn) || Number.isNaN(tLocal) ? 'one of the two carries no date to compare' : 'it is as new or newer';
  return differ(policy, what, tIn > tLocal, why);
}

/**
 * Decides what importing `record` into `target` does under `policy`; never
 * writes. Returns synchronously when the target answers synchronously.
 */
export function resolveConflict(record: ExchangeRecord, target: Memory, policy: ConflictPolicy, hasher: Hasher): MaybePromise<Resolution> {
  if (record.type === 'File') {
    const existing = target.files!.read(record.path);
    return existing.then((e) => resolveFile(record, e, policy, hasher));
  }
  const existing = target.records!.get(record.type, recordKey(record));
  return isThenable(existing) ? existing.then((e) => resolveRecord(record, e, policy)) : resolveRecord(record, existing, policy);
}
