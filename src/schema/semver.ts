// The one reading of a version where a seed says "semver" (SEED_SEMVER_PATTERN). Internal: not
// exported from `memkit/schemas`.
import { SEED_SEMVER_PATTERN, TWO_PART_VERSION_PATTERN } from './typebox/common.js';

const SEED_SEMVER = new RegExp(SEED_SEMVER_PATTERN);
const TWO_PART = new RegExp(TWO_PART_VERSION_PATTERN);

/** True when `v` is the two-part `MAJOR.MINOR` form the seeds' examples write (`"1.0"`, `"2.0"`). */
export const isTwoPartVersion = (v: unknown): v is string => typeof v === 'string' && TWO_PART.test(v);

/**
 * `[major, minor, patch]` of a version a seed's "semver" field holds (`MAJOR.MINOR` reads as
 * `MAJOR.MINOR.0`; a pre-release or build suffix is not compared), or `undefined` for another value.
 *
 * @example versionParts('2.0') // [2, 0, 0]
 */
export function versionParts(v: unknown): [number, number, number] | undefined {
  if (typeof v !== 'string' || !SEED_SEMVER.test(v)) return undefined;
  const [major, minor, patch] = v.split(/[-+]/, 1)[0]!.split('.').map(Number);
  return [major!, minor!, patch ?? 0];
}
