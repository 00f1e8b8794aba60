import { defineCodes } from '../problems/codes.js';

/** Problem codes of the canonical JSON reader and writer (`src/canonical/`). */
export const canonicalCodes = defineCodes({
  'json.duplicate-key': {
    meaning:
      'An object names the same property twice. Readers disagree on which value counts, so a hash over the text would stand for two different values; canonical JSON (RFC 8785) and I-JSON forbid it.',
    fix: 'Keep one of the two properties (the file was edited by hand or by a tool that does not check); for a ledger entry, restore the line from a trusted copy.',
    source: { seed: 'memory-bank-schema.md', quote: 'VERIFY: Chain integrity before any agent reads memory' },
  },
  'json.lone-surrogate': {
    meaning: 'A string or property name holds half of a UTF-16 surrogate pair (for example the escape `\\ud800` alone). It has no UTF-8 form and cannot be canonicalized.',
    fix: 'Write the whole character (both halves of the pair) or remove the stray escape.',
    source: { seed: 'thunderus-schemas.txt', quote: 'MUST satisfy JSON Lines rules (UTF-8, newline delimited, each line valid JSON).' },
  },
  'json.uncovered-key': {
    meaning: 'Hashed JSON (a ledger entry, an export record) holds a key named `__proto__`, `constructor` or `prototype`. memkit never reads such keys, so its hash would cover bytes no reader sees.',
    fix: 'Rename the key; in an existing ledger the line was tampered with: restore it from a trusted copy.',
    source: { seed: 'memory-bank-schema.md', quote: 'VERIFY: Chain integrity before any agent reads memory' },
  },
  'json.not-json-value': {
    meaning: 'A value to be hashed is not a JSON value (a non-finite number, a bigint, a function or a symbol), so it has no canonical form.',
    fix: 'Pass only JSON values: strings, finite numbers, booleans, null, arrays and plain objects.',
    source: 'operational',
  },
});
