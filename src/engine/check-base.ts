import type { BaseFiles, BaseUnreadable } from '../services/git/runner.js';
import { type CheckDirectoryOptions, type DirectoryReport, runCheck } from './check-directory.js';
import { SKIPPED_DIRS } from './layout.js';
import { applyPolicy } from './profile.js';
import type { CheckSource } from './source.js';
import type { LoadedFile } from '../formats/check-context.js';
import type { HistoryRule } from '../formats/rule.js';
import { type FormatId, classifyPaths, formatById } from '../formats/index.js';
import { type LedgerText, parseLedgerText } from '../formats/memory-bank/ledger-text.js';
import { RULES } from './rules.js';
import { type Problem, error, sortProblems } from '../kernel/problems/index.js';

export type { BaseFiles, BaseUnreadable };

const isUnreadable = (v: unknown): v is BaseUnreadable => v !== null && typeof v === 'object' && typeof (v as BaseUnreadable).unreadable === 'string';

/** Every comparison of HEAD's file with the base's a format makes: its history rule's and its rules'. */
function comparesOf(format: FormatId): NonNullable<HistoryRule['compare']>[] {
  const f = formatById(format);
  return [f.history?.compare, ...(f.rules ?? []).map((r) => r.compare)].filter((c) => c !== undefined);
}

const decoder = new TextDecoder('utf-8', { fatal: true });

/**
 * `checkDirectory` at HEAD, plus what only two versions show, by each format's `history` rule (base read through
 * `base`); the profile and config apply as in `checkDirectory`. A comparison that could not run (a base file
 * unreadable or not UTF-8) is a `git.base-unreadable` error under every profile and config.
 *
 * @example
 * declare const dir: string;
 * const git = nodeGitRunner(dir);
 * const commit = await resolveRevision(git, 'origin/main');
 * if (commit !== undefined) await checkAgainstBase(nodeCheckSource(dir), gitBaseFiles(git, commit));
 */
export async function checkAgainstBase(head: CheckSource, base: BaseFiles, options: CheckDirectoryOptions = {}): Promise<DirectoryReport> {
  // HEAD is read and parsed once, by the check: the comparison takes the files it loaded, with their parses.
  const loaded = new Map<string, LoadedFile>();
  const { report, listing, settings } = await runCheck(head, { ...options, codes: options.codes ?? RULES }, (file) => {
    // A file a history rule compares, and a ledger one may read beside it.
    if (comparesOf(file.format).length > 0 || formatById(file.format).ledger !== undefined) loaded.set(file.path, file);
  });
  const present = new Set(listing.files.map((f) => f.path));
  const seen = new Set(report.problems.map(key));
  const found: Problem[] = [];
  const baseList = await base.list();
  // Not subject to the profile or config: a history check that could not run must fail.
  const unreadable: Problem[] = [];
  if (isUnreadable(baseList)) {
    unreadable.push(error('git.base-unreadable', `the file list of the base revision could not be read (${baseList.unreadable}); nothing was compared`));
    return withAdded(report, unreadable);
  }
  const atBase = new Set(baseList);
  // A ledger at HEAD as the check parsed it; one the check did not read (an ignored path) is read here, once.
  const headLedger = async (path: string): Promise<LedgerText | undefined> => {
    const f = loaded.get(path);
    if (f !== undefined) return f.parsed?.kind === 'ledger' ? f.parsed.ledger : parseLedgerText(f.text);
    if (!present.has(path)) return undefined;
    const r = await head.read(path);
    const t = r.ok ? decodeOrUndefined(r.value) : undefined;
    return t === undefined ? undefined : parseLedgerText(t);
  };
  for (const { file, format } of report.checked) {
    const compares = comparesOf(format);
    if (compares.length === 0) continue;
    const old = await base.read(file);
    if (isUnreadable(old) || (old === undefined && atBase.has(file))) {
      const why = isUnreadable(old) ? old.unreadable : 'the base lists it, yet gave no bytes';
      unreadable.push(error('git.base-unreadable', `the base version could not be read (${why}); it was not compared`, { file }));
      continue;
    }
    if (old === undefined) continue; // new at HEAD: checked as usual
    const before = decodeOrUndefined(old);
    const after = loaded.get(file);
    if (after === undefined) continue; // HEAD's own check reported why it cannot be read
    if (before === undefined) {
      unreadable.push(error('git.base-unreadable', 'the base version is not UTF-8 text; it was not compared', { file }));
      continue;
    }
    if (before === after.text) continue;
    for (const compare of compares) for (const p of await compare(after, before, { ledger: headLedger })) found.push(p);
  }
  const baseFiles = baseList.filter((p) => !p.split('/').some((s) => SKIPPED_DIRS.has(s)) && !settings.skip(p));
  for (const [path, cls] of classifyPaths(baseFiles)) {
    if ('format' in cls && formatById(cls.format).history?.permanent === true && !present.has(path))
      found.push(error('git.file-deleted', `${path} exists at the base revision and is gone: every entry in it was deleted`, { file: path }));
  }
  const added: Problem[] = [...unreadable];
  for (const p of found) {
    const q = applyPolicy(p, settings.env.policy);
    if (q !== undefined && !seen.has(key(q))) {
      seen.add(key(q));
      added.push(q);
    }
  }
  return withAdded(report, added);
}

/** The report with `added` problems merged in (sorted) and `ok` false when one of them is an error. */
function withAdded(report: DirectoryReport, added: readonly Problem[]): DirectoryReport {
  if (added.length === 0) return report;
  const problems = sortProblems([...report.problems, ...added]);
  return { ...report, ok: report.ok && !added.some((p) => p.severity === 'error'), problems };
}

const key = (p: Problem) => `${p.code}\u0000${p.file ?? ''}\u0000${p.line ?? ''}`;

function decodeOrUndefined(bytes: Uint8Array): string | undefined {
  try {
    return decoder.decode(bytes);
  } catch {
    return undefined;
  }
}
