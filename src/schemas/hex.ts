// Hex strings checked with a loop instead of a regular expression (hashes dominate ledger checks).
// Internal: not re-exported from memkit/schemas.

/** Lowercase hex strings of `min..max` characters. */
export const isLowerHex =
  (min: number, max: number) =>
  (s: string): boolean => {
    if (s.length < min || s.length > max) return false;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (!((c >= 48 && c <= 57) || (c >= 97 && c <= 102))) return false;
    }
    return true;
  };

/** Hex strings of 64 characters in either case (`^[0-9a-fA-F]{64}$`). */
export function isHex64(s: string): boolean {
  if (s.length !== 64) return false;
  for (let i = 0; i < 64; i++) {
    const c = s.charCodeAt(i);
    if (c >= 48 && c <= 57) continue;
    const l = c | 0x20; // folds A-F onto a-f
    if (!(l >= 97 && l <= 102)) return false;
  }
  return true;
}

/** A SHA-256 in lowercase hex (`^[0-9a-f]{64}$`): the form memkit writes hashes in. */
export const isLowerSha256: (s: string) => boolean = isLowerHex(64, 64);
