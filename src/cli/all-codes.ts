import { canonicalCodes } from '../canonical/codes.js';
import { checkCodes } from '../check/codes.js';
import { exchangeCodes } from '../exchange/codes.js';
import { ledgerCodes } from '../ledger/codes.js';
import { parseCodes } from '../parse/codes.js';
import { type CodeInfo, problemCodes } from '../problems/codes.js';
import { schemaCodes } from '../schemas/codes.js';
import { fileCodes, storeCodes } from '../store/codes.js';
import { threadCodes } from '../threads/codes.js';
import { wbsCodes } from '../wbs/codes.js';

/** Every problem code this build knows, with its meaning and fix (for SARIF rules). */
export const allCodes: Readonly<Record<string, CodeInfo>> = Object.freeze({
  ...problemCodes,
  ...canonicalCodes,
  ...schemaCodes,
  ...parseCodes,
  ...ledgerCodes,
  ...wbsCodes,
  ...exchangeCodes,
  ...threadCodes,
  ...storeCodes,
  ...fileCodes,
  ...checkCodes,
});
