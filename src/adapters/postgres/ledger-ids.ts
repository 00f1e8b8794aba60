// Which ledgers the database keeps, in a module of its own: the problem codes name them, and every memkit
// process loads the codes without the PostgreSQL ledger code.
import { activeContext, decisionLog, productContext, riskRegister } from '../../formats/index.js';
import type { LedgerFormatId } from '../../formats/memory-bank/ledgers.js';

/** The ledgers the database keeps: the JSON Lines ledgers (`feedback-log.md` holds Markdown blocks, so it stays a file). */
export const PG_LEDGER_IDS = [decisionLog.id, riskRegister.id, productContext.id, activeContext.id] as const satisfies readonly LedgerFormatId[];

/** A ledger kept in PostgreSQL, by its format id. */
export type PgLedgerId = (typeof PG_LEDGER_IDS)[number];

/** Whether `name` is a ledger the database keeps ({@link PG_LEDGER_IDS}). */
export function isPgLedgerId(name: unknown): name is PgLedgerId {
  return typeof name === 'string' && (PG_LEDGER_IDS as readonly string[]).includes(name);
}
