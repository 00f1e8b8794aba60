import { ZERO_HASH } from '../canonical/sha256.js';
import { parseFeedbackLog } from '../parse/feedback-log.js';
import { inFile } from '../problems/index.js';
import { type VerifyOptions, type VerifySummary, verifyEntries } from './verify.js';

/**
 * Verifies the chain of `feedback-log.md`, whose entries are Markdown blocks
 * (heading + YAML) rather than JSON lines: the blocks are parsed, then the
 * entry values are checked like any ledger (each block's line is its heading).
 */
export function verifyFeedbackLog(text: string, options: Omit<VerifyOptions, 'format'> = {}): VerifySummary {
  const parsed = parseFeedbackLog(text, { validateEntries: false, ...(options.file === undefined ? {} : { file: options.file }) });
  if (!parsed.ok) return { entries: 0, head: ZERO_HASH, chain: 'canonical', preambleLines: 0, problems: parsed.problems };
  const summary = verifyEntries(
    parsed.value.entries.map((e) => ({ line: e.line ?? 0, value: e.value })),
    { ...options, format: 'feedback-log' },
  );
  // The chain hashes the parsed values: a key the YAML reader dropped is not covered by any hash, so here it is an error.
  const extra = (parsed.problems ?? []).map((p) => (p.code === 'input.forbidden-key' ? { ...p, code: 'json.uncovered-key', severity: 'error' as const } : p));
  if (extra.length > 0) summary.problems = [...(options.file === undefined ? extra : inFile(extra, options.file)), ...summary.problems].sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  return summary;
}
