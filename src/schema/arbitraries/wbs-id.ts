import fc from 'fast-check';

/**
 * WBS ids of depth `minDepth..maxDepth` (default 1..3): `4`, `4.2`, `4.2.17`.
 *
 * @example fc.sample(wbsIdArb(), 1) // ['3.1']
 */
export function wbsIdArb(minDepth = 1, maxDepth = 3): fc.Arbitrary<string> {
  return fc.array(fc.integer({ min: 1, max: 40 }), { minLength: minDepth, maxLength: maxDepth }).map((a) => a.join('.'));
}
