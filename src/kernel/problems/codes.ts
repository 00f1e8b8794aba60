/** The five format specifications memkit implements, by file name: a rule cites the line it follows. */
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

/** One rule of a rule table: a declared problem code with its meaning, fix, severity, source and format. */
export interface Rule extends CodeInfo {
  /** The stable problem code (`ledger.predecessor-mismatch`). */
  code: string;
  /** The severity under the default `spec` profile: a convention's is a warning, else the declared one (none declared: error). */
  severity: 'error' | 'warning';
}

/** Declared codes keyed by code, each with its {@link Rule}. */
export type RuleTable = ReadonlyMap<string, Rule>;

/** The rule table of `tables`, in their order: one entry per code, each severity the `spec` profile's. */
export function ruleTable(tables: readonly CodeTable[]): RuleTable {
  return new Map(
    tables.flatMap((t) => Object.entries(t)).map(([code, info]) => [code, Object.freeze({ ...info, code, severity: info.source === 'convention' ? 'warning' : (info.severity ?? 'error') })] as const),
  );
}

/** The name of each specification memkit implements, as the docs call it. */
export const SPEC_NAMES: Readonly<Record<SeedFile, string>> = {
  'thunderus-schemas.txt': 'Thunderus schemas and file formats',
  'memory-bank-schema.md': 'Memory Bank schema',
  'adr-0002-export-versioning.md': 'memory export versioning (ADR-0002)',
  'thread-store-schema.md': 'thread store schema',
  'wbs-memory-schema.md': 'WBS memory schema',
};

/**
 * Where a rule comes from, in words: the specification and its line quoted,
 * or what kind of rule it is.
 * @example describeSource(ruleFor('ledger.predecessor-mismatch')!) // 'Memory Bank schema: "REQUIRE: Every append stores predecessor_hash (chain integrity)"'
 */
export function describeSource(rule: Pick<CodeInfo, 'source'>): string {
  const s = rule.source;
  if (s === undefined) return 'not recorded yet';
  if (s === 'convention') return 'memkit convention (a warning under the default spec profile, an error under strict)';
  if (s === 'operational') return 'operational (a fact about the run, not a rule of a format; the same severity in every profile)';
  return `${SPEC_NAMES[s.seed]}: "${s.quote}"`;
}

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
