import { utf8Length } from '../../kernel/canonical/bytes.js';
import { type FileSlice, checkDirectory } from '../../engine/index.js';
import { RULES } from '../../engine/rules.js';
import { memoryDoc } from '../../formats/index.js';
import { parseFrontmatter } from '../../syntax/index.js';
import { parseLedgerText } from '../../formats/memory-bank/ledger-text.js';
import { type Problem, type Result, error, fail, hasErrors, ok } from '../../kernel/problems/index.js';
import { type LedgerFormatId, isLedgerFormat } from '../../services/ledger/index.js';
import type { DocKind } from '../../services/store/index.js';
import { readyTasks } from '../../services/wbs/index.js';
import { ledgerText, loadTaskIndex, notMemoryFile, verifyLedger } from '../../handle/read.js';
import { type McpContext, decodeUtf8, readChecked } from './context.js';
import { shown } from '../../handle/context.js';
import { boundedProblem, fittingPrefix, limitsOf, takeWithin, tooLargeResult, wireBytes } from './limits.js';
import type { HistoryArgs, ReadArgs, ReadyArgs, SearchArgs, VerifyArgs } from './tool-schemas.js';

/** `search`: full-text search over the memory docs, the index refreshed first. */
export async function search(ctx: McpContext, args: SearchArgs): Promise<Result<unknown>> {
  const warnings = await ctx.refresh();
  const found = await ctx.store.search(args.query, { limit: args.limit ?? 10, ...(args.kind === undefined ? {} : { kinds: [args.kind as DocKind] }) });
  if (!found.ok) return found;
  const hits = found.value.map((h) => ({ id: h.docId, path: h.path, title: h.title, kind: h.kind, score: h.score, snippet: h.snippet }));
  return ok({ hits }, warnings);
}

/** What a `read` of a ledger says of its verification: `firstProblem` a warning at most, since a ledger that fails is not read. */
interface Verdict {
  ok: boolean;
  entries: number;
  head: string;
  firstProblem: Problem | null;
  problems: number;
}

/**
 * `read`: a memory doc (by id or path) as frontmatter and body, another
 * memkit file as its text; a result over the limit, or a read from `offset`,
 * is a page of the text (`size`, `truncated`, `next`: null at the end).
 * A ledger is verified first, as `verify` does, and carries the verdict
 * (`verified`); one with an error is refused (`mcp.ledger-unverified`), since
 * memory-bank-schema.md says "VERIFY: Chain integrity before any agent reads memory".
 */
export async function read(ctx: McpContext, args: ReadArgs): Promise<Result<unknown>> {
  if ((args.id === undefined) === (args.path === undefined)) return fail([error('mcp.invalid-arguments', 'give either id or path', { pointer: '' })]);
  let path = args.path;
  if (args.id !== undefined) {
    await ctx.refresh();
    const doc = await ctx.store.getDoc(args.id);
    if (doc === undefined) return fail([error('memory.not-found', `no memory doc has the id ${shown(args.id)}`, { pointer: '/id' })]);
    path = doc.path;
  }
  const format = await ctx.formatOf(path!);
  if (format === undefined) return fail([notMemoryFile(path!)]);
  const budget = limitsOf(ctx.options).maxResultBytes;
  const offset = args.offset ?? 0;
  // Each byte of text is at least one byte on the wire: never read more than the budget.
  const slice = await readChecked(ctx, path!, offset, budget);
  if (!slice.ok) return fail(slice.problems.map((p) => ({ ...p, file: p.file ?? path })));
  if (slice.value === undefined) return fail([error('memory.not-found', `${shown(path)} no longer exists`, { file: path })]);
  const { bytes, size } = slice.value;
  const complete = offset === 0 && bytes.length === size;
  let verified: Verdict | undefined;
  if (isLedgerFormat(format)) {
    // The whole file read is the text verified; a page verifies the file as it is now.
    const text = complete ? decodeUtf8(bytes, path!) : undefined;
    if (text !== undefined && !text.ok) return text;
    const verdict = await verifyForRead(ctx, path!, text === undefined ? undefined : { format, text: text.value });
    if (!verdict.ok) return verdict;
    verified = verdict.value;
  }
  const withVerdict = (r: Result<unknown>): Result<unknown> => (r.ok && verified !== undefined ? ok({ ...(r.value as object), verified }, r.problems) : r);
  if (complete) {
    const whole = withVerdict(wholeFile(path!, format, bytes, args.id));
    if (!whole.ok || wireBytes(whole.value) <= budget) return whole;
  }
  const room = verified === undefined ? budget : budget - wireBytes({ verified });
  return withVerdict(page(path!, format, slice.value, Math.min(offset, size), room, args.id));
}

/** The verdict on the ledger at `path` for a read, or the read refused: a ledger with an error is not handed to the agent. */
async function verifyForRead(ctx: McpContext, path: string, known?: { format: LedgerFormatId; text: string }): Promise<Result<Verdict>> {
  const report = await verifyLedger(ctx, path, known);
  if (!report.ok) return report;
  const { problems, entries, head } = report.value;
  const errors = problems.filter((p) => p.severity === 'error');
  if (errors.length > 0) {
    const first = firstByLine(errors)!;
    const at = first.line === undefined ? '' : ` at line ${first.line}`;
    const refusal = error(
      'mcp.ledger-unverified',
      `${shown(path)} does not verify (${errors.length} error${errors.length === 1 ? '' : 's'}, the first ${first.code}${at}); a ledger is verified before an agent reads it, and this one is not handed out`,
      { file: path, ...(first.line === undefined ? {} : { line: first.line }) },
    );
    return fail([refusal, ...errors]);
  }
  return ok({ ok: true, entries, head, firstProblem: firstByLine(problems) ?? null, problems: problems.length });
}

// A whole file as `read` gives it: a doc parsed, anything else as text.
function wholeFile(path: string, format: string, bytes: Uint8Array, id: string | undefined): Result<Record<string, unknown>> {
  const text = decodeUtf8(bytes, path);
  if (!text.ok) return text;
  if (format !== memoryDoc.id) return ok({ path, format, text: text.value });
  const parsed = parseFrontmatter(text.value, { file: path });
  if (!parsed.ok) return parsed;
  const data = parsed.value.data;
  return ok({ id: data.id ?? id, path, format, frontmatter: data, body: parsed.value.body });
}

// One page of a file's text from byte `start`, as much as fits `budget` on the wire, cut at a line end when one fits.
function page(path: string, format: string, slice: FileSlice, start: number, budget: number, id: string | undefined): Result<unknown> {
  let bytes = slice.bytes;
  // An offset inside a character moves on to the next character.
  let skip = 0;
  while (skip < 3 && skip < bytes.length && (bytes[skip]! & 0xc0) === 0x80) skip++;
  bytes = bytes.subarray(skip);
  const from = start + skip;
  const atEnd = from + bytes.length >= slice.size;
  // A character cut by the end of the slice waits for the next page.
  if (!atEnd) bytes = bytes.subarray(0, completeLength(bytes));
  const decoded = decodeUtf8(bytes, path);
  if (!decoded.ok) return decoded;
  const envelope = { ...(id === undefined ? {} : { id }), path, format, offset: from, size: slice.size, truncated: true, next: slice.size as number | null, text: '' };
  // Room for the envelope and the digits `next` may have.
  let units = fittingPrefix(decoded.value, budget - wireBytes(envelope) - 32);
  if (units < decoded.value.length) {
    const line = units > 0 ? decoded.value.lastIndexOf('\n', units - 1) : -1;
    if (line >= 0) units = line + 1;
  }
  const text = decoded.value.slice(0, units);
  const end = from + utf8Length(text);
  if (text === '' && end < slice.size) return fail([tooLargeResult(path, budget)]);
  const next = end < slice.size ? end : null;
  return ok({ ...envelope, text, next, truncated: from > 0 || next !== null });
}

// The length of `bytes` without a UTF-8 sequence its end cuts short.
function completeLength(bytes: Uint8Array): number {
  for (let back = 1; back <= Math.min(4, bytes.length); back++) {
    const b = bytes[bytes.length - back]!;
    if ((b & 0xc0) === 0x80) continue;
    const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    return need > back ? bytes.length - back : bytes.length;
  }
  return bytes.length;
}

/** `check`: what `memkit check --format json` reports; too large, `problems` (errors first) and `checked` keep their first items and `leftOff` counts the rest. */
export async function check(ctx: McpContext): Promise<Result<unknown>> {
  const report = await checkDirectory(ctx.options.source, { hasher: ctx.hasher, codes: RULES });
  ctx.formats = new Map(report.checked.map((c) => [c.file, c.format]));
  const full = { ok: report.ok, root: '.', checked: report.checked, problems: report.problems };
  const budget = limitsOf(ctx.options).maxResultBytes;
  if (wireBytes(full) <= budget) return ok(full);
  // Room for the envelope; the problems first (three quarters), the listing after them.
  let room = budget - wireBytes({ ...full, checked: [], problems: [], truncated: true, leftOff: { checked: report.checked.length, problems: report.problems.length } }) - 16;
  const errorsFirst = [...report.problems.filter((p) => p.severity === 'error'), ...report.problems.filter((p) => p.severity !== 'error')];
  const problems = takeWithin(errorsFirst.map(boundedProblem), Math.floor((room * 3) / 4));
  room -= wireBytes(problems.kept);
  const checked = takeWithin(report.checked, room);
  return ok({ ...full, checked: checked.kept, problems: problems.kept, truncated: true, leftOff: { checked: checked.leftOff, problems: problems.leftOff } });
}

/**
 * `verify`: what `memkit verify` reports for the ledger (chain, head,
 * checkpoint, payload hashes; severities as `check` gives them).
 * `firstProblem` is the earliest-line error, else the earliest-line problem.
 */
export async function verify(ctx: McpContext, args: VerifyArgs): Promise<Result<unknown>> {
  const verified = await verifyLedger(ctx, args.ledger);
  if (!verified.ok) return verified;
  const summary = verified.value;
  const first = firstByLine(summary.problems.filter((p) => p.severity === 'error')) ?? firstByLine(summary.problems);
  return ok({
    ledger: args.ledger,
    format: summary.format,
    ok: !hasErrors(summary.problems),
    entries: summary.entries,
    head: summary.head,
    chain: summary.chain,
    checkpoint: summary.checkpoint,
    firstProblem: first ?? null,
    problems: summary.problems.length,
  });
}

/** The problem at the earliest line (the first listed among those on it); a problem with no line counts as line 0. */
function firstByLine(problems: readonly Problem[]): Problem | undefined {
  let first: Problem | undefined;
  for (const p of problems) if (first === undefined || (p.line ?? 0) < (first.line ?? 0)) first = p;
  return first;
}

/** `history`: a JSON Lines ledger's entries, newest first, a page of at most `limit` that fits a result; `next` is null after the oldest. */
export async function history(ctx: McpContext, args: HistoryArgs): Promise<Result<unknown>> {
  const ledger = await ledgerText(ctx, args.ledger, true);
  if (!ledger.ok) return ledger;
  const entries = parseLedgerText(ledger.value.text).entries;
  const offset = args.offset ?? 0;
  const limit = args.limit ?? 20;
  const wanted: { line: number; entry: unknown }[] = [];
  for (let i = entries.length - 1 - offset; i >= 0 && wanted.length < limit; i--) wanted.push({ line: entries[i]!.line, entry: entries[i]!.value });
  const envelope = { ledger: args.ledger, format: ledger.value.format, total: entries.length, offset, entries: [], next: entries.length };
  const budget = limitsOf(ctx.options).maxResultBytes;
  const page = takeWithin(wanted, budget - wireBytes(envelope) - 16).kept;
  if (page.length === 0 && wanted.length > 0) return fail([tooLargeResult(`${args.ledger} line ${wanted[0]!.line}`, budget)]);
  const next = offset + page.length < entries.length ? offset + page.length : null;
  return ok({ ...envelope, entries: page, next });
}

/** `ready`: WBS tasks ready to start, and what blocks the others. */
export async function ready(ctx: McpContext, args: ReadyArgs): Promise<Result<unknown>> {
  const loaded = await loadTaskIndex(ctx);
  if (!loaded.ok) return loaded;
  const work = readyTasks(loaded.value.index, { leavesOnly: args.leaves ?? false });
  return ok({ ready: work.ready, blocked: work.blocked });
}
