import type fc from 'fast-check';
import { ALNUM, token } from './internal.js';

const RESERVED = new Set(['__proto__', 'constructor', 'prototype']);

/** Thread ids: letters, digits, `-` and `_` (the thread store seed's id format), never a prototype key. */
export const threadIdArb: fc.Arbitrary<string> = token(ALNUM + '-_', 1, 16).filter((id) => !RESERVED.has(id));
