/**
 * Every declared code, merged above every layer that raises codes (each declares its own in its `codes.ts`).
 * @packageDocumentation
 */
import { postgresCodes } from '../adapters/postgres/codes.js';
import { RULES } from '../engine/rules.js';
import { memoryCodes } from '../handle/codes.js';
import { mcpCodes } from './mcp/codes.js';
import { type RuleTable, ruleTable } from '../kernel/problems/codes.js';

export { RULES };

/** Every problem code this build declares, keyed by code: the rule table, the memory handle's, the MCP server's and the PostgreSQL adapter's codes. */
export const ALL_CODES: RuleTable = new Map([...RULES, ...ruleTable([memoryCodes, mcpCodes, postgresCodes])]);
