import type { ActiveContextEntry, DecisionLogEntry, FeedbackLogEntry, ProductContextEntry, RiskRegisterEntry } from '../schemas/memory-bank.js';

/** The hash-chained ledgers of the memory bank. */
export type LedgerKind = 'decisionLog' | 'riskRegister' | 'productContext' | 'activeContext' | 'feedbackLog';

/** The entry type stored in each ledger kind (from the schemas). */
export interface LedgerEntryMap {
  decisionLog: DecisionLogEntry;
  riskRegister: RiskRegisterEntry;
  productContext: ProductContextEntry;
  activeContext: ActiveContextEntry;
  feedbackLog: FeedbackLogEntry;
}

/** Any ledger entry. */
export type LedgerEntry = LedgerEntryMap[LedgerKind];

/** What memkit needs to know about one ledger kind. */
export interface LedgerKindInfo {
  readonly kind: LedgerKind;
  /** Format id passed to `validate`. */
  readonly formatId: string;
  /** The memory-bank file name. */
  readonly file: string;
  /** Field holding the entry time. */
  readonly tsField: 'ts' | 'timestamp';
  /** Field holding a dated id (`DEC-YYYYMMDD-NNN`), when the kind has one. */
  readonly idField?: 'id' | 'risk_id';
  /** Prefix of the dated id, with its dash. */
  readonly idPrefix?: string;
}

/** The five ledger kinds and their formats, files, timestamp and id fields. */
export const LEDGER_KINDS: Readonly<Record<LedgerKind, LedgerKindInfo>> = {
  decisionLog: { kind: 'decisionLog', formatId: 'decision-log-entry', file: 'decisionLog.md', tsField: 'ts', idField: 'id', idPrefix: 'DEC-' },
  riskRegister: { kind: 'riskRegister', formatId: 'risk-register-entry', file: 'riskRegister.md', tsField: 'ts', idField: 'risk_id', idPrefix: 'RISK-' },
  productContext: { kind: 'productContext', formatId: 'product-context-entry', file: 'productContext.md', tsField: 'ts' },
  activeContext: { kind: 'activeContext', formatId: 'active-context-entry', file: 'activeContext.md', tsField: 'ts' },
  feedbackLog: { kind: 'feedbackLog', formatId: 'feedback-log-entry', file: 'feedback-log.md', tsField: 'timestamp' },
};

/**
 * The ledger kind of a memory-bank file path, from its base name.
 *
 * @example kindForFile('memory-bank/decisionLog.md') // 'decisionLog'
 */
export function kindForFile(path: string): LedgerKind | undefined {
  const base = path.slice(path.lastIndexOf('/') + 1);
  for (const info of Object.values(LEDGER_KINDS)) if (info.file === base) return info.kind;
  return undefined;
}

/** True when `kind` names a ledger kind. */
export function isLedgerKind(kind: unknown): kind is LedgerKind {
  return typeof kind === 'string' && Object.hasOwn(LEDGER_KINDS, kind);
}
