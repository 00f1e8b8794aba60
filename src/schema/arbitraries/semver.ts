import fc from 'fast-check';
import { ALNUM, token } from './internal.js';

const num = fc.oneof(fc.integer({ min: 0, max: 20 }), fc.nat());
const ident = fc.oneof(
  fc.nat().map(String),
  token(ALNUM + '-', 1, 8).filter((s) => !/^[0-9]+$/.test(s)),
);

/**
 * SemVer 2.0.0 versions, with pre-release and build metadata now and then.
 *
 * @example fc.sample(semverArb, 2) // ['1.0.0', '3.14.0-rc.1+build-7']
 */
export const semverArb: fc.Arbitrary<string> = fc
  .record({
    major: num,
    minor: num,
    patch: num,
    pre: fc.option(
      fc.array(ident, { minLength: 1, maxLength: 3 }).map((a) => '-' + a.join('.')),
      { nil: '' },
    ),
    build: fc.option(
      fc.array(token(ALNUM + '-', 1, 8), { minLength: 1, maxLength: 2 }).map((a) => '+' + a.join('.')),
      { nil: '' },
    ),
  })
  .map(({ major, minor, patch, pre, build }) => `${major}.${minor}.${patch}${pre}${build}`);
