import fc from 'fast-check';
import type { SystemPatternsHeader } from '../index.js';
import { semverArb } from './semver.js';
import { sha256Arb } from './sha256.js';

/** Valid `systemPatterns.md` headers (format `system-patterns-header`). */
export const systemPatternsHeaderArb: fc.Arbitrary<SystemPatternsHeader> = fc.record({
  version: semverArb,
  hash: sha256Arb,
  locked_by: fc.constant('ReaperOAK' as const),
  immutable: fc.constant(true as const),
});
