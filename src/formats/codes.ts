/** The problem-code tables of the formats' folders, in the order the rule table lists them: a format's codes live beside the checks that raise them. */
import type { CodeTable } from '../kernel/problems/codes.js';
import { feedbackLogCodes } from './feedback-log/codes.js';
import { gardenerCodes } from './gardener-config/codes.js';
import { FORMAT_RULE_CODES } from './index.js';
import { bankCodes, ledgerCodes } from './memory-bank/codes.js';
import { memoryDocCodes } from './memory-doc/codes.js';
import { progressCodes } from './progress/codes.js';
import { systemPatternsCodes } from './system-patterns/codes.js';
import { threadCodes } from './thread-store/codes.js';
import { thunderusCodes } from './thunderus/codes.js';
import { wbsCodes } from './wbs/codes.js';

/** Every `defineCodes` table under `src/formats/`, the format modules' rules included. */
export const FORMAT_CODE_TABLES: readonly CodeTable[] = [
  FORMAT_RULE_CODES,
  ledgerCodes,
  bankCodes,
  feedbackLogCodes,
  progressCodes,
  systemPatternsCodes,
  thunderusCodes,
  memoryDocCodes,
  gardenerCodes,
  wbsCodes,
  threadCodes,
];
