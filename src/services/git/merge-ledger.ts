import { type Hasher, ZERO_HASH, jsHasher, sha256Hex } from '../../kernel/canonical/sha256.js';
import { canonicalize } from '../../kernel/canonical/jcs.js';
import { nextDatedId } from '../ledger/append.js';
import { events } from '../../formats/index.js';
import { LEDGER_FORMATS, type LedgerFormatId } from '../../formats/memory-bank/ledgers.js';
import { verifyParsed } from '../../formats/memory-bank/verify.js';
import { entryHash } from '../../formats/memory-bank/entry-hash.js';
import { tombstoneOf } from '../../formats/memory-bank/redaction.js';
import { parseJsonlText } from '../../syntax/jsonl.js';
import { type LedgerLine, parseLedgerText } from '../../formats/memory-bank/ledger-text.js';
import { type Problem, type Result, fail, ok, warning } from '../../kernel/problems/index.js';
import { validate } from '../../schema/validate.js';
import { DEFAULT_MERGE_LIMITS, type MergeInputs, type MergeLimits, type Side, checkBounds, mergeWhole, sideProblem } from './bounds.js';

/** Options of {@link mergeLedger}. */
export interface MergeLedgerOptions {
  /** The ledger format, or `events` for an `events.jsonl` (append-only, not chained). */
  format: LedgerFormatId | typeof events.id;
  /** The merged path, for problems. */
  file?: string;
  /** SHA-256 implementation (default the portable `jsHasher`). */
  hasher?: Hasher;
  /** Input bounds (default {@link DEFAULT_MERGE_LIMITS}). */
  limits?: Partial<MergeLimits>;
}

/** An entry of theirs that was given a new id because ours used it. */
export interface Renumbered {
  from: string;
  to: string;
  /** Line of the entry in the merged text. */
  line: number;
}

/** A clean merge: the merged text and what happened to theirs. */
export interface LedgerMerge {
  text: string;
  /** Entries appended on our side since the ancestor. */
  ours: number;
  /** Entries of theirs appended after ours (re-chained). */
  theirs: number;
  /** Entries both sides appended, kept once. */
  duplicates: number;
  renumbered: Renumbered[];
  /** One `git.merge-renumbered` warning per renumbered entry. */
  problems: Problem[];
}

interface Side3 {
  preamble: string;
  entries: LedgerLine[];
  /** The hash the next entry must chain to, in the file's convention. */
  head: string;
  eol: '\n' | '\r\n';
}

/**
 * Merges three versions of a hash-chained ledger (or an `events.jsonl`) for
 * git's merge driver: the ancestor's entries, then ours', then theirs'
 * re-chained after ours (`predecessor_hash` recomputed as `append` does). A
 * dated id theirs shares with ours gets the next free number of its day (and
 * is validated again); an entry both sides appended is kept once. Each side
 * must extend the ancestor, anything else is a conflict.
 *
 * @example
 * declare const base: string, ours: string, theirs: string;
 * const r = mergeLedger({ base, ours, theirs }, { format: 'decision-log' });
 * if (r.ok) console.log(r.value.text); else console.error(r.problems); // a conflict
 */
export function mergeLedger(inputs: MergeInputs, options: MergeLedgerOptions): Result<LedgerMerge> {
  const limits = { ...DEFAULT_MERGE_LIMITS, ...options.limits };
  const file = options.file;
  const bound = checkBounds(inputs, limits, file);
  if (bound) return fail([bound]);
  const hasher = options.hasher ?? jsHasher;
  // Theirs is verified in full (re-chaining would hide a break); ours is kept byte for byte, a problem in it left for `memkit check`.
  const read = (side: Side): Result<Side3> =>
    options.format === events.id ? readEvents(inputs[side], side, file, limits) : readLedger(inputs[side], side, options.format as LedgerFormatId, file, hasher, limits, side === 'theirs');
  const base = read('base');
  const ours = read('ours');
  const theirs = read('theirs');
  const problems = [base, ours, theirs].flatMap((r) => (r.ok ? [] : r.problems));
  if (!base.ok || !ours.ok || !theirs.ok) return fail(problems);
  const preamble = mergeWhole(base.value.preamble, ours.value.preamble, theirs.value.preamble);
  if (preamble === undefined) return fail([sideProblem('git.merge-preamble-conflict', 'theirs', 'both sides changed the text before the first entry', file, 1)]);
  const B = base.value.entries;
  const O = ours.value.entries;
  const T = theirs.value.entries;
  // A side may have redacted an ancestor's entry: its tombstone holds the entry's hash, and the merge keeps the tombstone.
  const same = (b: LedgerLine, x: LedgerLine | undefined) => x !== undefined && (x.text === b.text || redacts(x, b, hasher));
  const changed = historyChanged(B, O, 'ours', file, same) ?? historyChanged(B, T, 'theirs', file, same);
  if (changed) return fail([changed]);
  const redactedByTheirs = B.flatMap((b, i) => (T[i]!.text !== b.text && O[i]!.text === b.text ? [{ line: O[i]!.line, text: T[i]!.text }] : []));
  // Entries past the ancestor that both sides hold at the same place (an earlier merge both sides contain) are shared.
  let k = B.length;
  while (k < O.length && k < T.length && O[k]!.text === T[k]!.text) k++;
  const newOurs = O.slice(k);
  const info = options.format === events.id ? undefined : LEDGER_FORMATS[options.format];
  const sameAs = duplicateFinder(newOurs, options.format === events.id ? ['id'] : [info?.tsField ?? 'ts', info?.idField ?? 'ts']);
  const used = new Set<string>();
  // The highest dated id of each day (fixed width, so the greatest string): the next free number is one past it.
  const highest = new Map<string, string>();
  const use = (id: string) => {
    used.add(id);
    if (info?.idPrefix === undefined) return;
    const day = id.slice(info.idPrefix.length, info.idPrefix.length + 8);
    const top = highest.get(day);
    if (top === undefined || id > top) highest.set(day, id);
  };
  const idField = options.format === events.id ? 'id' : info?.idField;
  if (idField) for (const e of O) if (typeof field(e.value, idField) === 'string') use(field(e.value, idField) as string);
  let head = ours.value.head;
  const eol = ours.value.eol;
  let text = redactedByTheirs.length === 0 ? inputs.ours : withLines(inputs.ours, redactedByTheirs);
  if (text !== '' && !text.endsWith('\n')) text += eol;
  if (O.length === 0 && preamble !== ours.value.preamble) text = preamble;
  let line = lineCount(text) + 1;
  const out: string[] = [];
  const renumbered: Renumbered[] = [];
  const warnings: Problem[] = [];
  let duplicates = 0;
  let appended = 0;
  for (const t of T.slice(k)) {
    const dup = sameAs(t.value);
    if (dup === 'same') {
      duplicates++;
      continue;
    }
    if (options.format === events.id) {
      const id = field(t.value, 'id');
      if (dup === 'differs' || (typeof id === 'string' && used.has(id)))
        return fail([sideProblem('git.merge-entry-conflict', 'theirs', `event ${JSON.stringify(id)} was appended on both sides with different content`, file, t.line)]);
      if (typeof id === 'string') use(id);
      out.push(t.text);
    } else {
      const entry: Record<string, unknown> = { ...(t.value as Record<string, unknown>), predecessor_hash: head };
      if (info?.idField && info.idPrefix) {
        const id = entry[info.idField];
        if (typeof id === 'string' && used.has(id)) {
          const day = id.slice(info.idPrefix.length, info.idPrefix.length + 8);
          const top = highest.get(day);
          const next = nextDatedId(info.idPrefix, day, top === undefined ? [] : [top]);
          if (next === undefined) return fail([sideProblem('git.merge-id-exhausted', 'theirs', `id ${id} is used on both sides and ${day} has no free number left`, file, t.line)]);
          entry[info.idField] = next;
          const bad = validate(info.schemaId, entry).find((p) => p.severity === 'error');
          if (bad) return fail([sideProblem('git.merge-invalid-result', 'theirs', `the renumbered entry does not validate (${bad.code})`, file, t.line)]);
          renumbered.push({ from: id, to: next, line });
          warnings.push(warning('git.merge-renumbered', `theirs' ${id} is ${next} in the merge (ours used ${id})`, { ...(file === undefined ? {} : { file }), line }));
        }
        if (typeof entry[info.idField] === 'string') use(entry[info.idField] as string);
      }
      const canon = canonicalize(entry);
      head = sha256Hex(canon, hasher);
      out.push(canon);
    }
    appended++;
    line++;
  }
  if (out.length > 0) text += out.join(eol) + eol;
  return ok({ text, ours: newOurs.length, theirs: appended, duplicates, renumbered, problems: warnings });
}

/** True when `x` is the tombstone of the entry `b`: it holds `b`'s chain hash. */
function redacts(x: LedgerLine, b: LedgerLine, hasher: Hasher): boolean {
  const t = tombstoneOf(x.value);
  if (t === undefined || tombstoneOf(b.value) !== undefined) return false;
  try {
    return entryHash(b.value, hasher) === t.hash;
  } catch {
    return false;
  }
}

/** `text` with the given 1-based lines replaced (a line's CR kept). */
function withLines(text: string, lines: readonly { line: number; text: string }[]): string {
  const all = text.split('\n');
  for (const l of lines) all[l.line - 1] = l.text + (all[l.line - 1]!.endsWith('\r') ? '\r' : '');
  return all.join('\n');
}

/** The ancestor's first entry that `list` no longer holds as it was (by `same`), as a problem of `side`. */
function historyChanged(
  base: readonly LedgerLine[],
  list: readonly LedgerLine[],
  side: Side,
  file: string | undefined,
  same: (b: LedgerLine, x: LedgerLine | undefined) => boolean,
): Problem | undefined {
  const i = base.findIndex((b, i) => !same(b, list[i]));
  if (i === -1) return undefined;
  const what = list[i] === undefined ? 'removed' : 'changed or moved';
  return sideProblem('git.merge-history-changed', side, `the entry the ancestor has at line ${base[i]!.line} was ${what}`, file, list[i]?.line ?? base[i]!.line);
}

const field = (v: unknown, key: string): unknown => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined);

function lineCount(text: string): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/**
 * Finds an entry of theirs that ours also appended: equal once
 * `predecessor_hash` is set aside. Candidates share a bucket key (the
 * timestamp and id of a ledger entry, the id of an event), so canonical forms are
 * computed only for them. `'differs'`: an event id both sides used.
 */
function duplicateFinder(newOurs: readonly LedgerLine[], keyFields: readonly string[]): (value: unknown) => 'same' | 'differs' | undefined {
  const buckets = new Map<unknown, LedgerLine[]>();
  const bucketOf = (v: unknown) => keyFields.map((k) => String(field(v, k))).join('\u0000');
  for (const e of newOurs) {
    const key = bucketOf(e.value);
    const list = buckets.get(key);
    if (list) list.push(e);
    else buckets.set(key, [e]);
  }
  const unchained = (v: unknown): string => {
    const { predecessor_hash: _, ...rest } = v as Record<string, unknown>;
    return canonicalize(rest);
  };
  return (value) => {
    const list = buckets.get(bucketOf(value));
    if (list === undefined) return undefined;
    const mine = unchained(value);
    for (const e of list) if (unchained(e.value) === mine) return 'same';
    return keyFields[0] === 'id' ? 'differs' : undefined;
  };
}

function readLedger(text: string, side: Side, format: LedgerFormatId, file: string | undefined, hasher: Hasher, limits: MergeLimits, verify: boolean): Result<Side3> {
  const parsed = parseLedgerText(text, { limits: { maxFileBytes: limits.maxChars, maxLineLength: limits.maxLineChars } });
  const last = parsed.entries[parsed.entries.length - 1];
  if (!verify && parsed.problems.length === 0) {
    if (last === undefined) return ok({ preamble: parsed.preamble, entries: parsed.entries, head: ZERO_HASH, eol: parsed.eol });
    // A canonical last line has one hash in both chain conventions.
    if (canonicalize(last.value) === last.text && tombstoneOf(last.value) === undefined)
      return ok({ preamble: parsed.preamble, entries: parsed.entries, head: sha256Hex(last.text, hasher), eol: parsed.eol });
  }
  const summary = verifyParsed(parsed, { format, hasher, maxProblems: 1 });
  const bad = summary.problems.find((p) => p.severity === 'error');
  if (bad) return fail([sideProblem('git.merge-unparseable', side, `${bad.message} [${bad.code}]`, file, bad.line)]);
  return ok({ preamble: parsed.preamble, entries: parsed.entries, head: summary.head, eol: parsed.eol });
}

function readEvents(text: string, side: Side, file: string | undefined, limits: MergeLimits): Result<Side3> {
  const entries: LedgerLine[] = [];
  const items = parseJsonlText(text, { forbiddenKeys: 'refuse', limits: { maxFileBytes: limits.maxChars, maxLineLength: limits.maxLineChars } });
  for (const item of items) {
    if (!item.ok) return fail([sideProblem('git.merge-unparseable', side, `${item.problem.message} [${item.problem.code}]`, file, item.line)]);
    if (item.value === null || typeof item.value !== 'object' || Array.isArray(item.value)) return fail([sideProblem('git.merge-unparseable', side, 'the line is not a JSON object', file, item.line)]);
    entries.push({ line: item.line, text: item.text, value: item.value });
  }
  // A last line without a newline that parsed is complete; one that did not parse was refused above.
  return ok({ preamble: '', entries, head: '', eol: /^[^\n]*\r\n/.test(text.slice(0, 4096)) ? '\r\n' : '\n' });
}
