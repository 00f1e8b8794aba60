import type { CodeInfo } from '../problems/codes.js';
import { RULES } from '../check/rules.js';

/** Every problem code this build knows, with its meaning and fix (for SARIF rules): the rule table keyed by code. */
export const allCodes: Readonly<Record<string, CodeInfo>> = Object.freeze(Object.fromEntries(RULES));
