/**
 * Every declared code, merged at the top: each layer declares its own codes
 * in its `codes.ts` and imports none from above, so the list that names them
 * all lives here, above every layer that raises codes.
 * @packageDocumentation
 */
import { postgresCodes } from '../adapters/postgres/codes.js';
import { RULES } from '../engine/rules.js';
import { mcpCodes } from './mcp/codes.js';
import { type RuleTable, ruleTable } from '../kernel/problems/codes.js';

export { RULES };

/**
 * Every problem code this build declares, keyed by code: the rule table,
 * the MCP server's codes and the PostgreSQL adapter's. What SARIF output
 * describes its rules with.
 */
export const ALL_CODES: RuleTable = new Map([...RULES, ...ruleTable([mcpCodes, postgresCodes])]);
