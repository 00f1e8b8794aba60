import type { FormatId } from '../formats/ids.js';
import { bankFormatOfName } from '../formats/layout.js';
import type { ActiveContextEntry, DecisionLogEntry, FeedbackLogEntry, ProductContextEntry, RiskRegisterEntry } from '../schemas/memory-bank.js';
import type { SchemaId } from '../schemas/registry.js';

/**
 * The formats of the memory bank's hash-chained ledgers, by their format ids
 * (the one name each format has in memkit, see `memkit/check`'s table of formats).
 */
export const LEDGER_FORMAT_IDS = ['decision-log', 'risk-register', 'product-context', 'active-context', 'feedback-log'] as const satisfies readonly FormatId[];

/** A ledger format id: the {@link FormatId}s of the memory bank's hash-chained ledgers. */
export type LedgerFormatId = (typeof LEDGER_FORMAT_IDS)[number];

/** The entry type stored in each ledger format (from the schemas). */
export interface LedgerEntryMap {
  'decision-log': DecisionLogEntry;
  'risk-register': RiskRegisterEntry;
  'product-context': ProductContextEntry;
  'active-context': ActiveContextEntry;
  'feedback-log': FeedbackLogEntry;
}

/** Any ledger entry. */
export type LedgerEntry = LedgerEntryMap[LedgerFormatId];

/** What the ledger functions need to know about one ledger format. */
export interface LedgerFormatInfo {
  readonly format: LedgerFormatId;
  /** The schema of one entry, passed to `validate` (`decision-log-entry`: a schema id, not a format id). */
  readonly schemaId: SchemaId;
  /** Field holding the entry time. */
  readonly tsField: 'ts' | 'timestamp';
  /** Field holding a dated id (`DEC-YYYYMMDD-NNN`), when the format has one. */
  readonly idField?: 'id' | 'risk_id';
  /** Prefix of the dated id, with its dash. */
  readonly idPrefix?: string;
}

/** The five ledger formats: their entry schemas, timestamp and id fields. */
export const LEDGER_FORMATS: Readonly<Record<LedgerFormatId, LedgerFormatInfo>> = {
  'decision-log': { format: 'decision-log', schemaId: 'decision-log-entry', tsField: 'ts', idField: 'id', idPrefix: 'DEC-' },
  'risk-register': { format: 'risk-register', schemaId: 'risk-register-entry', tsField: 'ts', idField: 'risk_id', idPrefix: 'RISK-' },
  'product-context': { format: 'product-context', schemaId: 'product-context-entry', tsField: 'ts' },
  'active-context': { format: 'active-context', schemaId: 'active-context-entry', tsField: 'ts' },
  'feedback-log': { format: 'feedback-log', schemaId: 'feedback-log-entry', tsField: 'timestamp' },
};

/** True when `format` names a ledger format. */
export function isLedgerFormat(format: unknown): format is LedgerFormatId {
  return typeof format === 'string' && Object.hasOwn(LEDGER_FORMATS, format);
}

/**
 * The ledger format of a file the caller names, by its memory bank file name
 * alone (the table of formats' bank file names; no directory test, since the
 * caller chose the file).
 *
 * @example ledgerFormatOfFile('memory-bank/decisionLog.md') // 'decision-log'
 */
export function ledgerFormatOfFile(path: string): LedgerFormatId | undefined {
  const format = bankFormatOfName(path);
  return isLedgerFormat(format) ? format : undefined;
}
