// Schema patterns that memkit checks with a loop instead of a regular expression.
// Internal: not re-exported from memkit/schemas.
import { THREAD_ID_PATTERN } from './thread-store.js';
import { WBS_ID_PATTERN } from './wbs.js';
import { isHex64, isLowerHex, isLowerSha256 } from './hex.js';

/**
 * One to `max` dot-separated decimal numbers without leading zeros (for
 * `max` 3 the WBS id pattern `^[1-9][0-9]*(\.[1-9][0-9]*){0,2}$`), without a
 * regular expression.
 */
const isDottedNumbers = (max: number) => (s: string) => {
  let parts = 1;
  let start = true;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 46) {
      if (start || ++parts > max) return false;
      start = true;
    } else if (c >= 48 && c <= 57) {
      if (start && c === 48) return false;
      start = false;
    } else return false;
  }
  return !start;
};

/** Thread ids: letters, digits, `_` and `-`, and not a name `Object.prototype` gives meaning to. */
function isThreadId(s: string): boolean {
  if (s.length === 0) return false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (!((c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 45)) return false;
  }
  return s !== '__proto__' && s !== 'constructor' && s !== 'prototype';
}

/**
 * Patterns compiled as plain loops: they dominate the checks of large files
 * (hashes in ledgers, ids in task trees and thread stores), and a call into
 * the regular-expression engine costs several times a loop over a short
 * string. Each accepts exactly the strings its pattern matches (a property
 * test compares them on generated strings).
 */
export const LOOP_PATTERNS: Readonly<Record<string, (s: string) => boolean>> = {
  '^[0-9a-f]{64}$': isLowerSha256,
  '^[0-9a-fA-F]{64}$': isHex64,
  '^[0-9a-f]{7,64}$': isLowerHex(7, 64),
  [WBS_ID_PATTERN]: isDottedNumbers(3),
  [THREAD_ID_PATTERN]: isThreadId,
};
