import type { CodeInfo } from '../kernel/problems/codes.js';
import type { LineIndex, Problem } from '../kernel/problems/index.js';

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

/**
 * One rule a format owns: its problem code, what the rule table says of it,
 * the check, and an example that fails and one that passes. The format's
 * module lists it in `rules`; the check run applies it to every file of the
 * format, the rule table and `docs/rules.md` read its metadata and examples,
 * and a test runs each example.
 */
export interface FormatRule {
  /** The stable problem code (`wbs.line-endings`). */
  readonly code: string;
  /** Meaning, fix, severity and source (the seed line it follows); the format is the module's. */
  readonly info: Omit<CodeInfo, 'format'>;
  /** The problems of one file; the run fills in each problem's `file` and applies the profile. */
  readonly check: (file: RuleFile) => readonly Problem[];
  /** A directory that reports the rule, and one that does not. */
  readonly examples: { readonly fail: ExampleFiles; readonly pass: ExampleFiles };
}
