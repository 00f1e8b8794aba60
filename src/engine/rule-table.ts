import { CHECK_CODE_TABLES } from './rules.js';
import { type RuleTable, ruleTable } from '../kernel/problems/codes.js';
import { gitCodes } from '../services/git/codes.js';

/**
 * The rule table of a check, `--base` included: the checker's codes and
 * those of the layers beneath it, then `git.*`, keyed by code. What
 * `checkAgainstBase`, `memkit check` and the MCP server hand the checker, so a
 * config may name any code a check reports and the profile rates its
 * conventions; the source of `docs/rules.md`.
 */
export const RULE_TABLE: RuleTable = ruleTable([...CHECK_CODE_TABLES, gitCodes]);
