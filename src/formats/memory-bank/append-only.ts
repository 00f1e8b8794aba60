import { type LedgerText, parseLedgerText } from './ledger-text.js';
import { type Problem, error } from '../../kernel/problems/index.js';
import type { HistoryRule } from '../rule.js';
import { entryHash } from './entry-hash.js';
import { tombstoneOf } from './redaction.js';

/** Options of {@link checkAppendOnly}. */
export interface AppendOnlyOptions {
  /** File name for problems. */
  file?: string;
  /** `after` as `parseLedgerText` already read it: it is then not parsed again. */
  parsedAfter?: LedgerText;
}

/** `before` with each entry that `after` holds as a tombstone of the same chain hash, at the same place in the chain, replaced by that tombstone's line. */
function withTombstones(before: string, after: LedgerText): string {
  const b = parseLedgerText(before);
  const lines = before.split('\n');
  let changed = false;
  after.entries.forEach((e, i) => {
    const t = tombstoneOf(e.value);
    const old = b.entries[i];
    if (t === undefined || old === undefined || tombstoneOf(old.value) !== undefined) return;
    let hash: string;
    try {
      hash = entryHash(old.value);
    } catch {
      return;
    }
    if (hash !== t.hash) return;
    const was = lines[old.line - 1]!;
    lines[old.line - 1] = e.text + (was.endsWith('\r') ? '\r' : '');
    changed = true;
  });
  return changed ? lines.join('\n') : before;
}

function splitLines(text: string): string[] {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/**
 * Checks that `after` differs from `before` only by whole entries appended at
 * the end. Anything else is reported with the first differing line of
 * `after`: `ledger.preamble-changed`, `ledger.entry-edited`,
 * `ledger.entry-deleted`, `ledger.entry-inserted`, `ledger.entry-reordered`,
 * or `ledger.partial-append` (appended bytes that are not complete entries).
 *
 * @example
 * declare const yesterday: string, today: string; // a ledger's text, then and now
 * checkAppendOnly(yesterday, today) // [] when today only appends
 */
export function checkAppendOnly(before: string, after: string, options: AppendOnlyOptions = {}): Problem[] {
  // A redaction replaces an entry by the tombstone holding its hash (the record it appends is checked as any append):
  // the base is read with that entry's line as the tombstone, so every other change is still found.
  if (after.includes('"redacted"')) before = withTombstones(before, options.parsedAfter ?? parseLedgerText(after));
  const where = (line: number) => (options.file === undefined ? { line } : { line, file: options.file });
  if (after.startsWith(before)) {
    const added = after.slice(before.length);
    if (added === '') return [];
    const startLine = splitLines(before).length + 1;
    if (before !== '' && !before.endsWith('\n')) return [error('ledger.partial-append', 'the old last line had no newline, so the appended bytes continue it', where(startLine - 1))];
    if (!added.endsWith('\n')) return [error('ledger.partial-append', 'the appended bytes do not end with a newline', where(startLine + splitLines(added).length - 1))];
    // Read as the ledger it now is: an appended line that is not an entry fails (appended prose before any entry is preamble).
    const bad = (options.parsedAfter ?? parseLedgerText(after)).problems.find((p) => (p.line ?? 0) >= startLine && p.severity === 'error');
    return bad === undefined ? [] : [error('ledger.partial-append', 'an appended line is not a JSON entry', where(bad.line!))];
  }
  const b = parseLedgerText(before);
  const a = options.parsedAfter ?? parseLedgerText(after);
  if (a.preamble !== b.preamble) {
    const bl = splitLines(b.preamble);
    const al = splitLines(a.preamble);
    let i = 0;
    while (i < bl.length && i < al.length && bl[i] === al[i]) i++;
    return [error('ledger.preamble-changed', 'the frontmatter or Markdown before the first entry changed', where(i + 1))];
  }
  const bt = b.entries.map((e) => e.text);
  const at = a.entries.map((e) => e.text);
  let i = 0;
  while (i < bt.length && i < at.length && bt[i] === at[i]) i++;
  if (i < bt.length) {
    const afterSet = new Set(at);
    const beforeSet = new Set(bt);
    const line = a.entries[i]?.line ?? splitLines(after).length + 1;
    const old = bt[i]!;
    const now = at[i];
    if (now === undefined) return [error('ledger.entry-deleted', `the entry at line ${b.entries[i]!.line} was deleted`, where(line))];
    if (!afterSet.has(old)) {
      return beforeSet.has(now)
        ? [error('ledger.entry-deleted', `the entry at line ${b.entries[i]!.line} was deleted`, where(line))]
        : [error('ledger.entry-edited', `the entry at line ${b.entries[i]!.line} was changed`, where(line))];
    }
    return beforeSet.has(now)
      ? [error('ledger.entry-reordered', 'entries were moved: the order differs from the previous version', where(line))]
      : [error('ledger.entry-inserted', 'an entry was inserted before existing entries', where(line))];
  }
  // Same entries up to the old end, yet the text differs: a non-entry change between entries.
  const bl = splitLines(before);
  const al = splitLines(after);
  let k = 0;
  while (k < bl.length && k < al.length && bl[k] === al[k]) k++;
  return [error(k >= bl.length - 1 && !before.endsWith('\n') ? 'ledger.partial-append' : 'ledger.entry-edited', 'the text between or after the old entries changed', where(k + 1))];
}

/** The history of a JSON Lines ledger (and `events.jsonl`): permanent entries, and HEAD's file must extend the base's ({@link checkAppendOnly}). */
export const appendOnlyHistory: HistoryRule = {
  permanent: true,
  compare: (after, before) => checkAppendOnly(before, after.text, { file: after.path, ...(after.parsed?.kind === 'ledger' ? { parsedAfter: after.parsed.ledger } : {}) }),
};
