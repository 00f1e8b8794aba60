import { type Problem, type Result, error, fail, ok } from '../../kernel/problems/index.js';
import { type ValidateOptions, validate } from '../../schema/validate.js';
import { canonicalizeResult } from '../../kernel/canonical/jcs.js';
import { ZERO_HASH, sha256Hex } from '../../kernel/canonical/sha256.js';
import { chainHash } from '../../formats/memory-bank/redaction.js';
import { type LedgerEnv, resolveLedgerEnv } from '../../formats/memory-bank/env.js';
import type { LedgerFacts } from '../../formats/index.js';
import { LEDGER_FORMATS, type LedgerEntryMap, type LedgerFormatId, type LedgerFormatInfo, isLedgerFormat } from '../../formats/memory-bank/ledgers.js';

/** The fields append fills: the chain link, the time and the dated id. */
type AutoField = keyof { predecessor_hash: string } | LedgerFacts['tsField'] | NonNullable<LedgerFacts['idField']>;

/**
 * What a caller supplies to {@link append}: the entry without the fields
 * append fills (`predecessor_hash`, `ts`/`timestamp`, `id`/`risk_id`).
 * Values given for those fields are replaced. For a union of formats (the
 * format left to be told from a file name) it is the union of their drafts.
 */
export type EntryDraft<F extends LedgerFormatId> = F extends LedgerFormatId
  ? Omit<LedgerEntryMap[F], AutoField> & Partial<Pick<LedgerEntryMap[F], Extract<keyof LedgerEntryMap[F], AutoField>>>
  : never;

/** Options of {@link append}: the ledger format plus injected capabilities. */
export interface AppendOptions<F extends LedgerFormatId = LedgerFormatId> extends Partial<LedgerEnv> {
  /** The ledger format (`decision-log`, …). */
  format: F;
  /** Passed to `validate` (e.g. a token counter for `summary_128`). */
  validate?: ValidateOptions;
}

/** An accepted entry: the value, its stored line (canonical JSON, no newline) and its hash. */
export interface Appended<F extends LedgerFormatId = LedgerFormatId> {
  entry: LedgerEntryMap[F];
  line: string;
  hash: string;
}

/** The end of a ledger, all append needs: the last entry's hash and time, and the ids used (at least the last day's). */
export interface LedgerHead {
  /** entry_hash of the last entry; {@link ZERO_HASH} for an empty ledger. */
  lastHash: string;
  /** Timestamp of the last entry, if any. */
  lastTs?: string;
  /** Ids in use; the next id is one past the highest `NNN` of the day. */
  ids: Iterable<string>;
}

/** The head of a ledger held as entry values (computes the last entry's hash). */
export function headOf(format: LedgerFormatId, entries: readonly unknown[], env: Partial<LedgerEnv> = {}): LedgerHead {
  const last = entries[entries.length - 1] as Record<string, unknown> | undefined;
  return headAfter(format, entries, last === undefined ? ZERO_HASH : chainHash(last, resolveLedgerEnv(env).hasher));
}

/**
 * The head of a ledger whose last entry hashes to `lastHash`, from its entries (at least the last: ids grow in
 * ledger order, so the last one is the day's highest). For a store that keeps the hash beside the entry.
 */
export function headAfter(format: LedgerFormatId, entries: readonly unknown[], lastHash: string): LedgerHead {
  const info = LEDGER_FORMATS[format];
  const ids: string[] = [];
  if (info.idField)
    for (const e of entries) {
      const id = (e as Record<string, unknown> | null)?.[info.idField];
      if (typeof id === 'string') ids.push(id);
    }
  const lastTs = (entries[entries.length - 1] as Record<string, unknown> | undefined)?.[info.tsField];
  const head: LedgerHead = { lastHash, ids };
  if (typeof lastTs === 'string') head.lastTs = lastTs;
  return head;
}

/**
 * The next free dated id: `PREFIX-YYYYMMDD-NNN` with NNN one past the highest
 * used that day (001 on a fresh day); `undefined` when 999 is taken.
 *
 * @example nextDatedId('DEC-', '20260220', ['DEC-20260220-001']) // 'DEC-20260220-002'
 */
export function nextDatedId(prefix: string, day: string, ids: Iterable<string>): string | undefined {
  const stem = `${prefix}${day}-`;
  let max = 0;
  for (const id of ids) {
    if (id.length === stem.length + 3 && id.startsWith(stem)) {
      const n = Number(id.slice(stem.length));
      if (Number.isInteger(n) && n > max) max = n;
    }
  }
  return max >= 999 ? undefined : `${stem}${String(max + 1).padStart(3, '0')}`;
}

/** Completes a draft against the head of a ledger (chain link, time, next dated id) and validates it; the caller stores `line + '\n'`. */
export function appendToHead<F extends LedgerFormatId>(head: LedgerHead, draft: EntryDraft<F>, options: AppendOptions<F>): Result<Appended<F>> {
  if (!isLedgerFormat(options.format)) return fail([unknownFormat(options.format)]);
  const info: LedgerFormatInfo = LEDGER_FORMATS[options.format];
  const env = resolveLedgerEnv(options);
  const now = env.now();
  if (!(now instanceof Date) || Number.isNaN(now.getTime())) return fail([error('ledger.clock-backwards', 'env.now() did not return a valid Date')]);
  if (head.lastTs !== undefined) {
    const last = Date.parse(head.lastTs);
    if (!Number.isNaN(last) && now.getTime() < last) return fail([error('ledger.clock-backwards', `the clock (${now.toISOString()}) is earlier than the last entry (${head.lastTs})`)]);
  }
  if (draft === null || typeof draft !== 'object' || Array.isArray(draft)) return fail([error('schema.type', 'an entry draft must be an object', { pointer: '' })]);
  const entry: Record<string, unknown> = {};
  if (info.idField && info.idPrefix) {
    const day = now.toISOString().slice(0, 10).replaceAll('-', '');
    const id = nextDatedId(info.idPrefix, day, head.ids);
    if (id === undefined) return fail([error('ledger.id-exhausted', `all ids of ${day} are used`)]);
    entry[info.idField] = id;
  }
  entry[info.tsField] = now.toISOString();
  for (const [k, v] of Object.entries(draft)) if (!(k in entry)) entry[k] = v;
  entry.predecessor_hash = head.lastHash;
  const problems: Problem[] = validate(info.schemaId, entry, options.validate);
  if (problems.some((p) => p.severity === 'error')) return fail(problems);
  // A value with no canonical form (a lone surrogate, a non-finite number) cannot be hashed: json.* with its pointer.
  const canon = canonicalizeResult(entry);
  if (!canon.ok) return fail(canon.problems);
  return ok({ entry: entry as LedgerEntryMap[F], line: canon.value, hash: sha256Hex(canon.value, env.hasher) }, problems);
}

/**
 * Appends a draft to a ledger held as entry values (not modified): fills
 * `predecessor_hash`, the timestamp and the id, and validates the result.
 *
 * @example
 * declare const entries: DecisionLogEntry[], diff_hash: string;
 * const r = append(entries, { proposer_agent: 'ReaperOAK', rationale: 'x', diff_hash, tests_passed: true },
 *   { format: 'decision-log', now: () => new Date('2026-02-20T02:00:00Z') });
 * if (r.ok) entries.push(r.value.entry);
 */
export function append<F extends LedgerFormatId>(entries: readonly unknown[], draft: EntryDraft<F>, options: AppendOptions<F>): Result<Appended<F>> {
  if (!isLedgerFormat(options.format)) return fail([unknownFormat(options.format)]);
  return appendToHead(headOf(options.format, entries, options), draft, options);
}

const unknownFormat = (format: unknown): Problem => error('ledger.unknown-format', `unknown ledger format "${String(format)}"`);
