import { canonicalCodes } from '../kernel/canonical/codes.js';
import { exchangeCodes } from '../services/exchange/codes.js';
import { FORMAT_RULE_CODES } from '../formats/index.js';
import { ledgerCodes } from '../formats/memory-bank/codes.js';
import { parseCodes } from '../syntax/codes.js';
import { type CodeTable, type Rule, type RuleTable, problemCodes, ruleTable } from '../kernel/problems/codes.js';
import { schemaCodes } from '../schema/codes.js';
import { fileCodes, storeCodes } from '../services/store/codes.js';
import { threadCodes } from '../formats/thread-store/codes.js';
import { wbsCodes } from '../formats/wbs/codes.js';
import { checkCodes } from './codes.js';

export { type Rule, type RuleTable, SPEC_NAMES, describeSource } from '../kernel/problems/codes.js';

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
