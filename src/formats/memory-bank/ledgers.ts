import { LEDGER_MODULES, type LedgerFormatId, bankFormatOfName } from '../index.js';
import type { ActiveContextEntry, DecisionLogEntry, FeedbackLogEntry, ProductContextEntry, RiskRegisterEntry } from '../../schema/memory-bank.js';
import type { SchemaId } from '../../schema/registry.js';

/** The formats of the memory bank's hash-chained ledgers (modules with ledger facts), by format id. */
export const LEDGER_FORMAT_IDS: readonly LedgerFormatId[] = Object.freeze(LEDGER_MODULES.map((f) => f.id));

export type { LedgerFormatId };

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

/** What the ledger functions need to know about one ledger format: its module's ledger facts. */
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
  /** Field naming the agent that wrote the entry: the writer policy applies to it (`memkit check` and the MCP `append` alike). Absent when no field names the writer. */
  readonly writerField?: string;
}

/** The five ledger formats: their entry schemas, timestamp, id and writer fields (from the format modules). */
export const LEDGER_FORMATS: Readonly<Record<LedgerFormatId, LedgerFormatInfo>> = Object.freeze(
  Object.fromEntries(
    LEDGER_MODULES.map((f) => {
      const { tsField, idField, idPrefix, writerField } = f.ledger;
      const info: LedgerFormatInfo = {
        format: f.id,
        schemaId: f.schemaIds[0]!,
        tsField,
        ...(writerField === undefined ? {} : { writerField }),
        ...(idField === undefined ? {} : { idField }),
        ...(idPrefix === undefined ? {} : { idPrefix }),
      };
      return [f.id, Object.freeze(info)];
    }),
  ) as Record<LedgerFormatId, LedgerFormatInfo>,
);

/** True when `format` names a ledger format. */
export function isLedgerFormat(format: unknown): format is LedgerFormatId {
  return typeof format === 'string' && Object.hasOwn(LEDGER_FORMATS, format);
}

/**
 * The ledger format of a file the caller names, by its bank file name alone (no directory test: the caller chose the file).
 *
 * @example ledgerFormatOfFile('memory-bank/decisionLog.md') // 'decision-log'
 */
export function ledgerFormatOfFile(path: string): LedgerFormatId | undefined {
  const format = bankFormatOfName(path);
  return isLedgerFormat(format) ? format : undefined;
}
