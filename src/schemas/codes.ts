import { defineCodes } from '../problems/codes.js';

/** Problem codes raised by schema validation. */
export const schemaCodes = defineCodes({
  'schema.unknown-format': { meaning: 'The format id is not one memkit knows.', fix: 'Use one of the ids listed by `memkit schemas`.' },
  'schema.invalid': { meaning: 'The value does not match the format.', fix: 'Compare the value with the format in docs/formats/.' },
  'schema.required': { meaning: 'A required property is missing.', fix: 'Add the property named by the pointer.' },
  'schema.additional-properties': { meaning: 'A property that the format does not allow is present.', fix: 'Remove or rename the property named by the pointer.' },
  'schema.type': { meaning: 'A value has the wrong JSON type.', fix: 'Use the type the format documents for this field.' },
  'schema.enum': { meaning: 'A value is not one of the allowed values.', fix: 'Use one of the values the format lists (case matters).' },
  'schema.const': { meaning: 'A value differs from the only value allowed.', fix: 'Set the field to the required constant.' },
  'schema.pattern': { meaning: 'A string does not match the required pattern (id format, hash, semver).', fix: 'Rewrite the value in the documented form.' },
  'schema.format': { meaning: 'A string is not a valid date-time (RFC 3339, and the date must exist).', fix: 'Write timestamps like 2026-02-20T02:00:00Z.' },
  'schema.min-length': { meaning: 'A string is shorter than allowed (usually empty).', fix: 'Fill the field in.' },
  'schema.max-length': { meaning: 'A string is longer than allowed.', fix: 'Shorten the value.' },
  'schema.minimum': { meaning: 'A number is below the allowed minimum.', fix: 'Use a value in the documented range.' },
  'schema.maximum': { meaning: 'A number is above the allowed maximum.', fix: 'Use a value in the documented range.' },
  'schema.min-items': { meaning: 'An array has fewer items than allowed.', fix: 'Add the missing items.' },
  'schema.max-items': { meaning: 'An array has more items than allowed.', fix: 'Remove items.' },
  'schema.unique-items': { meaning: 'An array that must hold unique values has duplicates.', fix: 'Remove the duplicate values.' },
  'schema.contains': { meaning: 'An array lacks a required item.', fix: 'Add the item the format requires (e.g. a Provenance section).' },
  'schema.any-of': { meaning: 'A value matches none of the allowed shapes.', fix: 'Use one of the documented shapes (often: a string or null).' },
  'schema.multiple-of': { meaning: 'A number is not a multiple of the required step.', fix: 'Use a whole number.' },
  'schema.max-tokens': { meaning: 'A text has more tokens than allowed (summary_128: 128).', fix: 'Shorten the summary.' },
  'schema.id-date': { meaning: 'An id embeds a date or time that does not exist (DEC-20260230-001).', fix: 'Use the real date of the entry in the id.' },
  'wbs.type-depth': { meaning: 'A WBS entity type does not match its id depth (1 epic, 2 feature, 3 task).', fix: 'Set `type` from the depth of `id`.' },
});
