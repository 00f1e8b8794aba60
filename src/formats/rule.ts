import type { JsonPositions } from '../kernel/canonical/index.js';
import type { CodeInfo } from '../kernel/problems/codes.js';
import type { LineIndex, Problem, Result } from '../kernel/problems/index.js';
import type { LedgerText } from './memory-bank/ledger-text.js';
import type { ProgressTable } from './progress/parse.js';
import type { SystemPatterns } from './system-patterns/parse.js';

/** What a format rule is handed: one file of its format, read and decoded once by the check run. */
export interface RuleFile {
  /** The path, relative to the checked root, `/`-separated. */
  readonly path: string;
  /** The file's text. */
  readonly text: string;
  /** Line index of `text`, for a problem's line and column from an offset. */
  readonly lines: LineIndex;
}

/** Files of a rule example: path (relative to the example's root) → text. */
export type ExampleFiles = Readonly<Record<string, string>>;

/** One rule a format owns: its code, rule-table metadata, check (of one file, or HEAD's against the base's) and a failing and a passing example. */
export interface FormatRule {
  /** The stable problem code (`wbs.line-endings`). */
  readonly code: string;
  /** Meaning, fix, severity and source (the seed line it follows); the format is the module's. */
  readonly info: Omit<CodeInfo, 'format'>;
  /** The problems of one file; the run fills in each problem's `file` and applies the profile. */
  readonly check?: (file: RuleFile) => readonly Problem[];
  /** With `--base`: the problems of HEAD's file against the base revision's text (called only when the two differ). */
  readonly compare?: HistoryRule['compare'];
  /** A directory that reports the rule, and one that does not; `base`, for a rule that compares, is the earlier version both are compared with. */
  readonly examples: { readonly fail: ExampleFiles; readonly pass: ExampleFiles; readonly base?: ExampleFiles };
}

/** The parse a file's checks left on it, kept so a later reader (`--base`) parses nothing again. */
export type ParsedFile =
  | { kind: 'json'; value: unknown }
  | { kind: 'ledger'; ledger: LedgerText }
  | { kind: 'system-patterns'; result: Result<SystemPatterns> }
  | { kind: 'progress'; table: Result<ProgressTable> };

/** HEAD's version of a file as the check run read and parsed it, handed to a format's history rule. */
export interface HistoryFile extends RuleFile {
  /** Where each JSON pointer of the file's value stands, for a JSON file the check parsed. */
  readonly positions?: JsonPositions;
  /** What the file's checks parsed, when they parsed it. */
  readonly parsed?: ParsedFile;
}

/** What a history rule may read at HEAD besides the file it compares. */
export interface HeadFiles {
  /** The ledger at `path` as HEAD has it (parsed once), or `undefined` when there is none. */
  ledger(path: string): Promise<LedgerText | undefined>;
}

/** What only two versions of a format's file show (`memkit check --base`): the format's own history rules. */
export interface HistoryRule {
  /** Every entry is permanent, so the file disappearing deletes them (`git.file-deleted`). */
  readonly permanent?: boolean;
  /** The problems of HEAD's file against the base's text; called only when the two texts differ. */
  readonly compare?: (after: HistoryFile, before: string, head: HeadFiles) => readonly Problem[] | Promise<readonly Problem[]>;
}
