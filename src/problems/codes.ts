/** The five specifications ("seeds") memkit implements, by file name (test/fixtures/seeds/ holds them). */
export type SeedFile = 'thunderus-schemas.txt' | 'memory-bank-schema.md' | 'adr-0002-export-versioning.md' | 'thread-store-schema.md' | 'wbs-memory-schema.md';

/**
 * Where a rule comes from:
 * - `{ seed, quote }`: a line of a seed, quoted word for word; what it forbids is an error in every profile.
 * - `'convention'`: memkit's own reading where a seed is silent or open (its hashing form, its date
 *   profile, its id prefixes, cross-file rules no seed states): a warning at most in the `spec` profile,
 *   an error in `strict`.
 * - `'operational'`: not a rule of a format but a fact about the run (a file could not be read, a limit
 *   was reached, memkit failed): its declared severity in every profile.
 */
export type RuleSource = { seed: SeedFile; quote: string } | 'convention' | 'operational';

/** What a problem code means and how to fix it: one rule of the rule table, the source of `docs/problems.md` and `docs/rules.md`. */
export interface CodeInfo {
  /** One sentence: what was found. */
  meaning: string;
  /** One sentence: what the user should do. */
  fix: string;
  /** The default severity for this code. */
  severity?: 'error' | 'warning';
  /** Which seed line the rule enforces, or that it is a memkit convention or an operational problem. */
  source?: RuleSource;
  /** The format id(s) the rule belongs to (`decision-log`, `events`, …); absent for rules of every format. */
  format?: string | readonly string[];
}

/** A module's table of problem codes. */
export type CodeTable = Readonly<Record<string, CodeInfo>>;

/**
 * Declares a module's problem codes as data. Each module keeps one table in
 * its `codes.ts`; the docs generator and the code-coverage test read them all.
 */
export function defineCodes<const T extends Record<string, CodeInfo>>(table: T): T {
  return table;
}

/** Codes raised by the problems layer itself and by generic input handling. */
export const problemCodes = defineCodes({
  'input.not-json': {
    meaning: 'The input is not valid JSON.',
    fix: 'Fix the JSON syntax at the reported line and column.',
    source: { seed: 'thunderus-schemas.txt', quote: 'MUST satisfy JSON Lines rules (UTF-8, newline delimited, each line valid JSON).' },
  },
  'input.too-large': { meaning: 'The input is larger than the configured size limit.', fix: 'Split the file or raise the limit option if the size is expected.', source: 'operational' },
  'input.too-deep': { meaning: 'The input nests deeper than the configured depth limit.', fix: 'Flatten the structure; memory formats never need deep nesting.', source: 'operational' },
  'input.invalid-utf8': {
    meaning: 'The bytes are not valid UTF-8.',
    fix: 'Re-encode the file as UTF-8.',
    source: { seed: 'thunderus-schemas.txt', quote: 'MUST satisfy JSON Lines rules (UTF-8, newline delimited, each line valid JSON).' },
  },
  'input.forbidden-key': {
    meaning: 'A key named `__proto__`, `constructor` or `prototype` was found; it is dropped so it cannot reach an object prototype.',
    fix: 'Rename the key.',
    severity: 'warning',
    source: 'convention',
  },
  'problems.truncated': {
    meaning:
      'More problems were found than the limit allows; the first ones are reported and this one says how many were left out (its line is where the first left-out problem was, its severity the worst of those left out).',
    fix: 'Fix the problems shown and check again, or raise the limit (`maxProblems`, `--max-problems`) to see them all.',
    source: 'operational',
  },
});
