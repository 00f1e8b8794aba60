import type fc from 'fast-check';
import { ALNUM, token } from './internal.js';

/** Thread ids: letters, digits, `-` and `_` (the thread store seed's id format). */
export const threadIdArb: fc.Arbitrary<string> = token(ALNUM + '-_', 1, 16);
