import { ZERO_HASH } from '../../kernel/canonical/sha256.js';
import { parseFeedbackLog } from './parse.js';
import type { Problem } from '../../kernel/problems/index.js';
import { type VerifyOptions, type VerifySummary, verifyEntries } from '../memory-bank/verify.js';

/** The entries of `feedback-log.md` as its chain hashes them, and the problems of reading them. */
export interface FeedbackLogEntries {
  /** False when the log does not parse (its problems say why): no entry was read. */
  ok: boolean;
  /** Each block's value at the line of its heading (1-based). */
  entries: { line: number; value: unknown }[];
  problems: Problem[];
}

/**
 * Reads the entries of `feedback-log.md`, whose entries are Markdown blocks
 * (heading + YAML) rather than JSON lines. The chain hashes the parsed
 * values: a key the YAML reader dropped (`__proto__`, `constructor`, …) is
 * covered by no hash, so it is `json.uncovered-key`, an error, as in a JSON
 * Lines ledger. Every surface that reads a feedback log as a ledger reads it here.
 */
export function readFeedbackLogEntries(text: string, file?: string): FeedbackLogEntries {
  const parsed = parseFeedbackLog(text, { validateEntries: false, ...(file === undefined ? {} : { file }) });
  const problems = (parsed.ok ? (parsed.problems ?? []) : parsed.problems).map((p) => (p.code === 'input.forbidden-key' ? { ...p, code: 'json.uncovered-key', severity: 'error' as const } : p));
  if (!parsed.ok) return { ok: false, entries: [], problems };
  return { ok: true, entries: parsed.value.entries.map((e) => ({ line: e.line ?? 1, value: e.value })), problems };
}

/**
 * Verifies the chain of `feedback-log.md`: its blocks are read by
 * {@link readFeedbackLogEntries}, then the entry values are checked like any
 * ledger (each block's line is its heading).
 */
export function verifyFeedbackLog(text: string, options: Omit<VerifyOptions, 'format'> = {}): VerifySummary {
  const read = readFeedbackLogEntries(text, options.file);
  if (!read.ok) return { entries: 0, head: ZERO_HASH, chain: 'canonical', preambleLines: 0, problems: read.problems };
  const summary = verifyEntries(read.entries, { ...options, format: 'feedback-log' });
  if (read.problems.length > 0) summary.problems = [...read.problems, ...summary.problems].sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  return summary;
}
