import type { CodeInfo } from '../problems/codes.js';
import { postgresCodes } from '../adapters/postgres/codes.js';
import { RULES } from '../check/rules.js';
import { mcpCodes } from '../mcp/codes.js';

/** Every problem code this build knows, with its meaning and fix (for SARIF rules): the rule table keyed by code, the MCP server's codes (its layer sits beside the checker's, so the rule table cannot import them) and the PostgreSQL adapter's (adapters are the CLI's alone). */
export const allCodes: Readonly<Record<string, CodeInfo>> = Object.freeze({ ...Object.fromEntries(RULES), ...mcpCodes, ...postgresCodes });
