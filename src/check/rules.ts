import { canonicalCodes } from '../canonical/codes.js';
import { exchangeCodes } from '../exchange/codes.js';
import { ledgerCodes } from '../ledger/codes.js';
import { parseCodes } from '../parse/codes.js';
import { type CodeInfo, type CodeTable, problemCodes } from '../problems/codes.js';
import { schemaCodes } from '../schemas/codes.js';
import { fileCodes, storeCodes } from '../store/codes.js';
import { threadCodes } from '../threads/codes.js';
import { wbsCodes } from '../wbs/codes.js';
import { checkCodes } from './codes.js';

/** One rule of the rule table: a declared problem code with its meaning, fix, severity, source and format. */
export interface Rule extends CodeInfo {
  /** The stable problem code (`ledger.predecessor-mismatch`). */
  code: string;
  /** The severity under the default `spec` profile: a convention's is a warning, else the declared one (none declared: error). */
  severity: 'error' | 'warning';
}

/** Every `defineCodes` table, in the order their codes are listed. */
const TABLES: readonly CodeTable[] = [problemCodes, canonicalCodes, schemaCodes, parseCodes, ledgerCodes, wbsCodes, exchangeCodes, threadCodes, storeCodes, fileCodes, checkCodes];

/**
 * The rule table: every problem code memkit declares, keyed by code. The
 * source of `docs/problems.md`, `docs/rules.md`, the SARIF rule list and the
 * profile's severities; one entry per code.
 */
export const RULES: ReadonlyMap<string, Rule> = new Map(
  TABLES.flatMap((t) => Object.entries(t)).map(([code, info]) => [code, Object.freeze({ ...info, code, severity: info.source === 'convention' ? 'warning' : (info.severity ?? 'error') })] as const),
);

/** The rule of a problem code, or undefined for a code no table declares. */
export function ruleFor(code: string): Rule | undefined {
  return RULES.get(code);
}
