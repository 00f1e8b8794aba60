import type fc from 'fast-check';
import { pad, realDay } from './internal.js';

/**
 * `YYYYMMDD` strings naming days that exist, as embedded in `DEC-`, `RISK-`
 * and `SESSION-` ids.
 *
 * @example fc.sample(compactDateArb, 1) // ['20260220']
 */
export const compactDateArb: fc.Arbitrary<string> = realDay.map(({ y, m, d }) => `${pad(y, 4)}${pad(m)}${pad(d)}`);
