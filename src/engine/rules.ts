import { canonicalCodes } from '../kernel/canonical/codes.js';
import { exchangeCodes } from '../services/exchange/codes.js';
import { FORMAT_CODE_TABLES } from '../formats/codes.js';
import { parseCodes } from '../syntax/codes.js';
import { type CodeTable, type Rule, type RuleTable, problemCodes, ruleTable } from '../kernel/problems/codes.js';
import { schemaCodes } from '../schema/codes.js';
import { fileCodes, storeCodes } from '../services/store/codes.js';
import { gitCodes } from '../services/git/codes.js';
import { checkCodes } from './codes.js';

export { type Rule, type RuleTable, SPEC_NAMES, describeSource } from '../kernel/problems/codes.js';

/** The `defineCodes` tables of the check and of every layer beneath it (`--base` and the merge driver's `git.*` included), in the order their codes are listed. */
const CHECK_CODE_TABLES: readonly CodeTable[] = [problemCodes, canonicalCodes, schemaCodes, parseCodes, ...FORMAT_CODE_TABLES, exchangeCodes, storeCodes, fileCodes, checkCodes, gitCodes];

/**
 * The rule table: every problem code a check (`--base` included) and the
 * layers beneath it declare, keyed by code, one entry per code. What a check
 * rates conventions by and accepts as config rule codes, and the source of
 * `docs/rules.md`; the surfaces add their own codes in `ALL_CODES`.
 */
export const RULES: RuleTable = ruleTable(CHECK_CODE_TABLES);

/** The rule of a problem code, or undefined for a code {@link RULES} does not hold. */
export function ruleFor(code: string): Rule | undefined {
  return RULES.get(code);
}
