import Type from 'typebox';

/** RFC 3339 date-time that exists on the calendar (`2026-02-30T00:00:00Z` fails). */
export const DateTime = Type.String({ format: 'date-time', description: 'RFC 3339 date-time' });

/** Lowercase hex SHA-256. */
export const Sha256 = Type.String({ pattern: '^[0-9a-f]{64}$', description: 'lowercase hex SHA-256' });

/** A git commit id (abbreviated or full SHA-1, or SHA-256 object format). */
export const GitSha = Type.String({ pattern: '^[0-9a-f]{7,64}$', description: 'git commit id' });

/** The SemVer 2.0.0 grammar (https://semver.org), as the official regular expression. */
export const SEMVER_PATTERN =
  '^(0|[1-9]\\d*)\\.(0|[1-9]\\d*)\\.(0|[1-9]\\d*)(?:-((?:0|[1-9]\\d*|\\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\\.(?:0|[1-9]\\d*|\\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\\+([0-9a-zA-Z-]+(?:\\.[0-9a-zA-Z-]+)*))?$';

/** A SemVer 2.0.0 version string. */
export const Semver = Type.String({ pattern: SEMVER_PATTERN, description: 'SemVer 2.0.0 version' });

/** A non-empty string. */
export const NonEmpty = (description?: string) =>
  Type.String(description === undefined ? { minLength: 1 } : { minLength: 1, description });

/** An enum of string literals, emitted as JSON Schema `enum`. */
export function StringEnum<const T extends readonly string[]>(values: T, description?: string) {
  return Type.Enum([...values] as [...T], description === undefined ? {} : { description });
}

/** A string-keyed map whose keys match `keyPattern`; other keys are rejected. */
export function StrictRecord<V extends Parameters<typeof Type.Record>[1]>(keyPattern: string, value: V) {
  return Type.Record(Type.String({ pattern: keyPattern }), value, { additionalProperties: false });
}

/** An array of unique strings. */
export const StringSet = (item = Type.String()) => Type.Array(item, { uniqueItems: true });
