import type { CodeInfo } from '../problems/codes.js';
import { postgresCodes } from '../adapters/postgres/codes.js';
import { RULES } from '../check/rules.js';

/** Every problem code this build knows, with its meaning and fix (for SARIF rules): the rule table keyed by code, and the PostgreSQL adapter's codes (adapters sit below the CLI only, so the rule table cannot import them). */
export const allCodes: Readonly<Record<string, CodeInfo>> = Object.freeze({ ...Object.fromEntries(RULES), ...postgresCodes });
