import type { BaseFiles, BaseUnreadable } from '../services/git/runner.js';
import { canonicalize } from '../kernel/canonical/jcs.js';
import { readJson } from '../kernel/canonical/read-json.js';
import { type CheckDirectoryOptions, type DirectoryReport, runCheck } from './check-directory.js';
import { SKIPPED_DIRS } from './layout.js';
import { applyPolicy } from './profile.js';
import type { CheckSource } from './source.js';
import type { LoadedFile } from '../formats/check-context.js';
import { type FormatId, classifyPaths, dirOf } from '../formats/index.js';
import { checkAppendOnly } from '../formats/memory-bank/append-only.js';
import { isLedgerFormat } from '../formats/memory-bank/ledgers.js';
import { checkSystemPatternsChange } from '../formats/system-patterns/change.js';
import { type LedgerText, parseLedgerText } from '../formats/memory-bank/ledger-text.js';
import { RULES } from './rules.js';
import { type Problem, error, sortProblems, toPointer, warning } from '../kernel/problems/index.js';

export type { BaseFiles, BaseUnreadable };

const isUnreadable = (v: unknown): v is BaseUnreadable => v !== null && typeof v === 'object' && typeof (v as BaseUnreadable).unreadable === 'string';

/** Formats whose every entry is permanent: a file of one of them that disappears deleted entries. */
const APPEND_ONLY: ReadonlySet<FormatId> = new Set(['decision-log', 'risk-register', 'product-context', 'active-context', 'feedback-log', 'events', 'system-patterns']);

const decoder = new TextDecoder('utf-8', { fatal: true });

type Loose = Record<string, unknown>;
const isObject = (v: unknown): v is Loose => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * `checkDirectory` at HEAD, plus what only two versions show (the base read
 * through `base`): a ledger or `events.jsonl` whose base entries are not a
 * prefix of the new file (edited, deleted, reordered, cut: the `ledger.*`
 * codes of `checkAppendOnly`), an append-only file that is gone
 * (`git.file-deleted`), a `systemPatterns.md` body that does not extend the
 * base body (`ledger.system-patterns-rewritten`, whatever its header hash
 * and decisions say), a frozen or archived thread that changed
 * (`git.thread-read-only-changed`), a WBS task that left `done`
 * (`git.task-reopened`, a convention warning) and a schema version that went
 * down (`git.schema-version-down`). Files new at HEAD are checked as usual.
 * Every problem carries its file and, where it has one, its line; the profile
 * and config apply as in `checkDirectory`. A comparison that was asked for
 * and could not run is never a green run: a base version (or the base's file
 * list) that cannot be read or is not UTF-8 is a `git.base-unreadable`
 * error under every profile and config.
 *
 * @example
 * const report = await checkAgainstBase(nodeCheckSource(dir), gitBaseFiles(runner, 'origin/main', dir));
 */
export async function checkAgainstBase(head: CheckSource, base: BaseFiles, options: CheckDirectoryOptions = {}): Promise<DirectoryReport> {
  // HEAD is read and parsed once, by the check: the comparison takes the files it loaded, with their parses.
  const loaded = new Map<string, LoadedFile>();
  const { report, listing, settings } = await runCheck(head, { ...options, codes: options.codes ?? RULES }, (file) => {
    if (COMPARES.has(file.format) || file.format === 'decision-log') loaded.set(file.path, file);
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
    if (!COMPARES.has(format)) continue;
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
    for (const p of await compare(after, before, headLedger)) found.push(p);
  }
  const baseFiles = baseList.filter((p) => !p.split('/').some((s) => SKIPPED_DIRS.has(s)) && !settings.skip(p));
  for (const [path, cls] of classifyPaths(baseFiles)) {
    if ('format' in cls && APPEND_ONLY.has(cls.format) && !present.has(path))
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

const COMPARES: ReadonlySet<FormatId> = new Set([...APPEND_ONLY, 'thread-store', 'wbs-task', 'wbs-task-index', 'memory-manifest', 'export-bundle']);

/** What only the two versions of one file show; `after` is HEAD's file as the check loaded and parsed it, `headLedger` reads a ledger beside it. */
async function compare(after: LoadedFile, before: string, headLedger: (path: string) => Promise<LedgerText | undefined>): Promise<Problem[]> {
  const { format, path: file, text } = after;
  if (format === 'feedback-log')
    return text.startsWith(before) ? [] : [error('ledger.entry-edited', 'the text the base revision has was changed or removed', { file, line: firstDifferentLine(before, text) })];
  if (isLedgerFormat(format) || format === 'events') return checkAppendOnly(before, text, { file, ...(after.parsed?.kind === 'ledger' ? { parsedAfter: after.parsed.ledger } : {}) });
  if (format === 'system-patterns') {
    const ledger = await headLedger(dirOf(file) === '' ? 'decisionLog.md' : `${dirOf(file)}/decisionLog.md`);
    const decisions = ledger === undefined ? [] : ledger.entries.map((e) => e.value);
    return checkSystemPatternsChange(before, text, decisions, { file, ...(after.parsed?.kind === 'system-patterns' ? { parsedAfter: after.parsed.result } : {}) });
  }
  if (format === 'export-bundle') {
    const v = (t: string) => {
      const first = readJson(t.slice(0, t.indexOf('\n') === -1 ? t.length : t.indexOf('\n')));
      return first.ok && isObject(first.value) ? first.value.schema_version : undefined;
    };
    return versionDown(v(before), v(text), file, 1, 'schema_version');
  }
  const b = readJson(before);
  // HEAD's value and positions as its check parsed them; a file its check could not parse is not compared.
  const a = after.parsed?.kind === 'json' ? { ok: true as const, value: after.parsed.value } : { ok: false as const };
  if (!b.ok || !a.ok || !isObject(b.value) || !isObject(a.value)) return [];
  const lineOf = (pointer: string) => after.positions?.locate(pointer)?.line;
  const out: Problem[] = [];
  if (format === 'thread-store' || format === 'wbs-task-index' || format === 'memory-manifest') out.push(...versionDown(b.value.version, a.value.version, file, lineOf('/version'), 'version'));
  if (format === 'thread-store') out.push(...readOnlyThreads(b.value, a.value, file, lineOf));
  if (format === 'wbs-task' && b.value.status === 'done' && a.value.status !== 'done')
    out.push(warning('git.task-reopened', `task ${String(a.value.id)} is done at the base revision and ${JSON.stringify(a.value.status)} now`, { file, line: lineOf('/status'), pointer: '/status' }));
  if (format === 'wbs-task-index' && Array.isArray(b.value.tasks) && Array.isArray(a.value.tasks)) {
    const done = new Set(b.value.tasks.filter((t) => isObject(t) && t.status === 'done').map((t) => (t as Loose).id));
    a.value.tasks.forEach((t, i) => {
      if (isObject(t) && done.has(t.id) && t.status !== 'done') {
        const pointer = toPointer(['tasks', i, 'status']);
        out.push(warning('git.task-reopened', `task ${String(t.id)} is done at the base revision and ${JSON.stringify(t.status)} now`, { file, line: lineOf(pointer), pointer }));
      }
    });
  }
  return out.map((p) => (p.line === undefined ? { ...p, line: 1 } : p));
}

function readOnlyThreads(before: Loose, after: Loose, file: string, lineOf: (pointer: string) => number | undefined): Problem[] {
  const out: Problem[] = [];
  const bt = isObject(before.threads) ? before.threads : {};
  const at = isObject(after.threads) ? after.threads : {};
  for (const [id, old] of Object.entries(bt)) {
    if (!isObject(old) || (old.status !== 'frozen' && old.status !== 'archived')) continue;
    const now = Object.hasOwn(at, id) ? at[id] : undefined;
    const pointer = toPointer(['threads', id]);
    const report = (what: string) =>
      out.push(error('git.thread-read-only-changed', `thread ${id} is ${String(old.status)} at the base revision and ${what}`, { file, line: lineOf(pointer) ?? 1, pointer }));
    if (!isObject(now)) {
      report('was removed');
      continue;
    }
    if (canonicalize(now) === canonicalize(old)) continue;
    // A frozen thread may be archived: its status, and the times that record the change, may differ.
    const rest = (t: Loose) => canonicalize(Object.fromEntries(Object.entries(t).filter(([k]) => k !== 'status' && !k.endsWith('_at'))));
    if (old.status === 'frozen' && now.status === 'archived' && rest(now) === rest(old)) continue;
    report(old.status === 'archived' ? 'changed (archived is final)' : 'changed (a frozen thread may only be archived)');
  }
  return out;
}

function versionDown(before: unknown, after: unknown, file: string, line: number | undefined, field: string): Problem[] {
  const b = versionTuple(before);
  const a = versionTuple(after);
  if (b === undefined || a === undefined) return [];
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    if (x > y) return [];
    if (x < y) return [warning('git.schema-version-down', `${field} went down from ${String(before)} at the base revision to ${String(after)}`, { file, line: line ?? 1 })];
  }
  return [];
}

function versionTuple(v: unknown): number[] | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return [v];
  if (typeof v !== 'string') return undefined;
  const m = /^(\d+)(?:\.(\d+))?(?:\.(\d+))?/.exec(v);
  return m
    ? m
        .slice(1)
        .filter((x) => x !== undefined)
        .map(Number)
    : undefined;
}

function firstDifferentLine(before: string, after: string): number {
  const b = before.split('\n');
  const a = after.split('\n');
  let i = 0;
  while (i < b.length && i < a.length && b[i] === a[i]) i++;
  return Math.min(i + 1, a.length);
}
