import { canonicalCodes } from '../canonical/codes.js';
import { exchangeCodes } from '../exchange/codes.js';
import { gitCodes } from '../git/codes.js';
import { ledgerCodes } from '../ledger/codes.js';
import { parseCodes } from '../parse/codes.js';
import { type CodeInfo, type CodeTable, type SeedFile, problemCodes } from '../problems/codes.js';
import { schemaCodes } from '../schemas/codes.js';
import { fileCodes, storeCodes } from '../store/codes.js';
import { threadCodes } from '../threads/codes.js';
import { wbsCodes } from '../wbs/codes.js';
import { checkCodes } from './codes.js';

/** One rule of the rule table: a declared problem code with its meaning, fix, severity, source and format. */
export interface Rule extends CodeInfo {
  /** The stable problem code (`ledger.predecessor-mismatch`). */
  code: string;
  /** The severity under the default `spec` profile: a convention's is a warning, else the declared one (none declared: error). */
  severity: 'error' | 'warning';
}

/** Every `defineCodes` table, in the order their codes are listed. */
const TABLES: readonly CodeTable[] = [problemCodes, canonicalCodes, schemaCodes, parseCodes, ledgerCodes, wbsCodes, exchangeCodes, threadCodes, storeCodes, fileCodes, gitCodes, checkCodes];

/**
 * The rule table: every problem code memkit declares, keyed by code. The
 * source of `docs/problems.md`, `docs/rules.md`, the SARIF rule list and the
 * profile's severities; one entry per code.
 */
export const RULES: ReadonlyMap<string, Rule> = new Map(
  TABLES.flatMap((t) => Object.entries(t)).map(([code, info]) => [code, Object.freeze({ ...info, code, severity: info.source === 'convention' ? 'warning' : (info.severity ?? 'error') })] as const),
);

/** The rule of a problem code, or undefined for a code no table declares. */
export function ruleFor(code: string): Rule | undefined {
  return RULES.get(code);
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
