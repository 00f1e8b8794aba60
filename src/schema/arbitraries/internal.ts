// Building blocks shared by the public arbitraries; not exported from `memkit/arbitraries`.
import fc from 'fast-check';

const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = LOWER.toUpperCase();
const DIGITS = '0123456789';

/** Characters of identifiers: letters and digits. */
export const ALNUM = LOWER + UPPER + DIGITS;

/** A string of `minLength..maxLength` characters drawn from `chars`. */
export function token(chars: string, minLength: number, maxLength: number): fc.Arbitrary<string> {
  return fc.array(fc.constantFrom(...chars), { minLength, maxLength }).map((a) => a.join(''));
}

/** A prefixed id such as `evt_a1.b-2`. */
export const prefixedId = (prefix: string) => token(ALNUM + '._-', 1, 16).map((s) => prefix + s);

/** Free text, possibly empty. */
export const text = (maxLength = 40) => fc.string({ maxLength });

/** Free text with at least one character. */
export const nonEmptyText = (maxLength = 40) => fc.string({ minLength: 1, maxLength });

/** An agent id such as `ReaperOAK`. */
export const agentId = fc.oneof(fc.constantFrom('ReaperOAK', 'ProductManager', 'Security', 'CIReviewer'), token(ALNUM + '-_', 1, 20));

/** A relative file path such as `src/a-1/b.ts`. */
export const relPath = fc.array(token(LOWER + DIGITS + '-_', 1, 8), { minLength: 1, maxLength: 4 }).chain((parts) => fc.constantFrom('.md', '.json', '.ts', '').map((ext) => parts.join('/') + ext));

/** Tags: short lowercase words. */
export const tags = fc.array(token(LOWER + DIGITS + '-', 1, 10), { maxLength: 4 });

/** Two-digit zero padding. */
export const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A day that exists, as year, month (1-12) and day. */
export const realDay = fc
  .date({ min: new Date(Date.UTC(1970, 0, 1)), max: new Date(Date.UTC(2199, 11, 31)), noInvalidDate: true })
  .map((d) => ({ y: d.getUTCFullYear(), m: d.getUTCMonth() + 1, d: d.getUTCDate() }));

/** The parent id of a WBS id (`1.2.3` → `1.2`), or null at depth 1. */
export const wbsParentOf = (id: string): string | null => (id.includes('.') ? id.slice(0, id.lastIndexOf('.')) : null);
