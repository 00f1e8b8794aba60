import { canonicalCodes } from '../canonical/codes.js';
import { exchangeCodes } from '../exchange/codes.js';
import { FORMAT_RULE_CODES } from '../formats/index.js';
import { ledgerCodes } from '../ledger/codes.js';
import { parseCodes } from '../parse/codes.js';
import { type CodeTable, type Rule, type RuleTable, problemCodes, ruleTable } from '../problems/codes.js';
import { schemaCodes } from '../schemas/codes.js';
import { fileCodes, storeCodes } from '../store/codes.js';
import { threadCodes } from '../threads/codes.js';
import { wbsCodes } from '../wbs/codes.js';
import { checkCodes } from './codes.js';

export { type Rule, type RuleTable, SPEC_NAMES, describeSource } from '../problems/codes.js';

/** The `defineCodes` tables of the checker and of every layer beneath it, in the order their codes are listed. */
export const CHECK_CODE_TABLES: readonly CodeTable[] = [
  problemCodes,
  canonicalCodes,
  schemaCodes,
  parseCodes,
  FORMAT_RULE_CODES,
  ledgerCodes,
  wbsCodes,
  exchangeCodes,
  threadCodes,
  storeCodes,
  fileCodes,
  checkCodes,
];

/**
 * The checker's rule table: every problem code the directory checker and the
 * layers beneath it declare, keyed by code, one entry per code. What a check
 * rates conventions by and accepts as config rule codes unless it is given a
 * larger table (`codes`): `memkit check` passes the whole rule table, which
 * adds the codes of `--base` (`git.*`).
 */
export const RULES: RuleTable = ruleTable(CHECK_CODE_TABLES);

/** The rule of a problem code, or undefined for a code {@link RULES} does not hold. */
export function ruleFor(code: string): Rule | undefined {
  return RULES.get(code);
}
