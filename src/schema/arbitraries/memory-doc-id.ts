import fc from 'fast-check';
import { ALNUM, token } from './internal.js';

/** Stable memory doc ids such as `fact.testing.llvm-cov`. */
export const memoryDocIdArb: fc.Arbitrary<string> = fc.tuple(fc.constantFrom(...ALNUM), token(ALNUM + '._:-', 0, 30)).map(([first, rest]) => first + rest);
