/**
 * The word pattern of SQLite's `unicode61` tokenizer: runs of letters, digits,
 * marks and private-use characters. One global regex shared by the tokenizer
 * and the snippet cutter; every user sets `lastIndex` before `exec`.
 * Internal: not exported from `memkit/store`.
 */
export const WORD = /[\p{L}\p{N}\p{M}\p{Co}]+/gu;

/** True when every code unit of `s` is ASCII (a loop: faster than a regex on short words). */
export function isAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 0x7f) return false;
  return true;
}
