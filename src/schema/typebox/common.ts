import type { Static, TEnum, TSchema } from 'typebox';
import { Type } from './type.js';
import { ISO_DATE_TIME_PATTERN, isRfc3339DateTime } from '../date-time.js';
import { hasText } from '../empty-text.js';
import { withForm } from '../form.js';
import { isLowerSha256 } from '../hex.js';

/**
 * The RFC 3339 `date-time` memkit accepts: `T`, seconds (`60`: a leap second, which `format:
 * date-time` allows only at 23:59:60 UTC), optional fraction, `Z` or `+hh:mm`; no `[zone]` or
 * space: what TypeBox's and Ajv's formats disagree on, pinned down.
 */
export const DATE_TIME_PATTERN = '^[0-9]{4}-[0-9]{2}-[0-9]{2}[Tt]([01][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)(\\.[0-9]+)?([Zz]|[+-]([01][0-9]|2[0-3]):[0-5][0-9])$';

/** RFC 3339 date-time that exists on the calendar (a leap second at 23:59:60 UTC too), in memkit's profile: for fields a seed calls RFC 3339 and for export bundles. */
export const Rfc3339DateTime = Type.String({ format: 'date-time', pattern: DATE_TIME_PATTERN, description: 'RFC 3339 date-time' });

/**
 * ISO 8601 date-time that exists on the calendar, read liberally (`ISO_DATE_TIME_PATTERN`: week and
 * ordinal dates, basic format, leap seconds at 23:59:60 UTC): for fields a seed calls ISO 8601.
 * Outside memkit's RFC 3339 profile (a leap second is in it) it gets `convention.date-time-profile`.
 */
export const DateTime = withForm(Type.String({ pattern: ISO_DATE_TIME_PATTERN, description: 'ISO 8601 date-time' }), isRfc3339DateTime);

/** Hex SHA-256 in either case: the seeds say only "sha256". */
export const SHA256_HEX_PATTERN = '^[0-9a-fA-F]{64}$';

/**
 * Hex SHA-256, upper or lower case (the seeds say only "sha256"); memkit
 * writes lowercase, and reports others as `convention.lowercase-hex`.
 */
export const Sha256 = withForm(Type.String({ pattern: SHA256_HEX_PATTERN, description: 'hex SHA-256' }), isLowerSha256);

/** Lowercase hex SHA-256: for what memkit writes and reads back itself (export bundles). */
export const LowerSha256 = Type.String({ pattern: '^[0-9a-f]{64}$', description: 'lowercase hex SHA-256' });

/** A git commit id (abbreviated or full SHA-1, or SHA-256 object format). */
export const GitSha = Type.String({ pattern: '^[0-9a-f]{7,64}$', description: 'git commit id' });

/** The SemVer 2.0.0 grammar (https://semver.org), as the official regular expression. */
export const SEMVER_PATTERN =
  '^(0|[1-9]\\d*)\\.(0|[1-9]\\d*)\\.(0|[1-9]\\d*)(?:-((?:0|[1-9]\\d*|\\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\\.(?:0|[1-9]\\d*|\\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\\+([0-9a-zA-Z-]+(?:\\.[0-9a-zA-Z-]+)*))?$';

/** A SemVer 2.0.0 version string. */
export const Semver = Type.String({ pattern: SEMVER_PATTERN, description: 'SemVer 2.0.0 version' });

/**
 * `MAJOR.MINOR`: how the seeds' own examples write a version where they say "semver" (`"1.0"` in
 * thread-store-schema.md, `"2.0"` in memory-bank-schema.md's header); read as `MAJOR.MINOR.0`.
 */
export const TWO_PART_VERSION_PATTERN = '^(?:0|[1-9][0-9]*)\\.(?:0|[1-9][0-9]*)$';

/**
 * A version where a seed says "semver" (systemPatterns.md's header, a thread store): SemVer
 * 2.0.0 or {@link TWO_PART_VERSION_PATTERN}. One reading for every such field: memkit writes
 * full SemVer, and each format reports the two-part form as a warning of its own.
 */
export const SEED_SEMVER_PATTERN = `${TWO_PART_VERSION_PATTERN}|${SEMVER_PATTERN}`;

/** A version where a seed says "semver": {@link SEED_SEMVER_PATTERN}. */
export const SeedSemver = (description = "semver version (MAJOR.MINOR.PATCH, or MAJOR.MINOR as in the format's example)") => Type.String({ pattern: SEED_SEMVER_PATTERN, description });

/**
 * A string the seed types only as `string` (an agent id, a rationale, a title): '' is valid, as a
 * `string` allows it; memkit reads the field as text, so '' is a convention warning
 * (`convention.empty-string`; `threads.empty-string` in a thread store), an error under strict.
 */
export const Text = (description?: string) => withForm(Type.String(description === undefined ? {} : { description }), hasText);

/** A non-empty string. */
export const NonEmpty = (description?: string) => Type.String(description === undefined ? { minLength: 1 } : { minLength: 1, description });

/**
 * An enum of string literals, emitted as JSON Schema `enum`, whose static type is the union of
 * the literals: the return type is spelled out because `Type.Enum` infers its values from the
 * generic `[...T]` as `TEnumValue[]`, which makes every enum field `string | number`.
 */
export function StringEnum<const T extends readonly string[]>(values: T, description?: string): TEnum<[...T]> {
  return Type.Enum<[...T]>([...values] as [...T], description === undefined ? {} : { description });
}

/**
 * A string-keyed map whose keys match `keyPattern` (`patternProperties`), as TypeBox's `Record` with a pattern
 * key emits it: that builder brings TypeBox's whole type engine into every bundle, this one a plain object.
 */
export function PatternRecord<V extends TSchema>(keyPattern: string, value: V, options: { additionalProperties?: false; description?: string } = {}) {
  return Type.Unsafe<Record<string, Static<V>>>({ type: 'object', patternProperties: { [keyPattern]: value }, ...options });
}

/** A string-keyed map whose keys match `keyPattern`; other keys are rejected. */
export function StrictRecord<V extends TSchema>(keyPattern: string, value: V) {
  return PatternRecord(keyPattern, value, { additionalProperties: false });
}

/** An object whose every property matches `value` (`additionalProperties`), whatever its key: a `^.*$` key pattern would miss newlines. */
export function OpenRecord<V extends TSchema>(value: V, description?: string) {
  return Type.Unsafe<Record<string, Static<V>>>(description === undefined ? { type: 'object', additionalProperties: value } : { type: 'object', additionalProperties: value, description });
}

/** Any JSON object (kind-specific payloads, parameters). */
export const AnyObject = (description?: string) => Type.Unsafe<Record<string, unknown>>(description === undefined ? { type: 'object' } : { type: 'object', description });
