import { checkDirectory } from '../check/index.js';
import { type LedgerFormatId, isLedgerFormat, verifyFeedbackLog, verifyText } from '../ledger/index.js';
import { parseFrontmatter, parseLedgerText } from '../parse/index.js';
import { type Problem, type Result, error, fail, hasErrors, ok } from '../problems/index.js';
import { validate } from '../schemas/index.js';
import type { DocKind } from '../store/index.js';
import type { TaskIndex } from '../schemas/wbs.js';
import { WBS_MEMORY_ROOT, loadWbs, readyTasks } from '../wbs/index.js';
import { type McpContext, problemsOf } from './context.js';
import type { HistoryArgs, ReadArgs, ReadyArgs, SearchArgs, VerifyArgs } from './tool-schemas.js';

/** `search`: full-text search over the memory docs, the index refreshed first. */
export async function search(ctx: McpContext, args: SearchArgs): Promise<Result<unknown>> {
  const warnings = await ctx.refresh();
  const kinds = args.kind === undefined ? [] : [args.kind as DocKind];
  const found = await ctx.store.search(args.query, { limit: args.limit ?? 10, ...(kinds.length > 0 ? { kinds } : {}) });
  if (!found.ok) return found;
  const hits = found.value.map((h) => ({ id: h.docId, path: h.path, title: h.title, kind: h.kind, score: h.score, snippet: h.snippet }));
  return ok({ hits }, warnings);
}

/** The text of a memkit file at `path`, or why not: only files of a memkit format are read. */
export async function memoryFileText(ctx: McpContext, path: string): Promise<Result<{ format: string; text: string }>> {
  const format = await ctx.formatOf(path);
  if (format === undefined) return fail([error('mcp.not-memory-file', `${JSON.stringify(path)} is not a memkit file under the served directory`, { file: path })]);
  try {
    const text = await ctx.readText(path);
    if (text === undefined) return fail([error('mcp.not-found', `${path} no longer exists`, { file: path })]);
    return ok({ format, text });
  } catch (cause) {
    return fail(problemsOf(cause).map((p) => ({ ...p, file: p.file ?? path })));
  }
}

/** `read`: a memory doc (by id or path) as frontmatter and body; another memkit file as its text. */
export async function read(ctx: McpContext, args: ReadArgs): Promise<Result<unknown>> {
  if ((args.id === undefined) === (args.path === undefined)) return fail([error('mcp.invalid-arguments', 'give either id or path', { pointer: '' })]);
  let path = args.path;
  if (args.id !== undefined) {
    await ctx.refresh();
    const doc = await ctx.store.getDoc(args.id);
    if (doc === undefined) return fail([error('mcp.not-found', `no memory doc has the id ${JSON.stringify(args.id)}`, { pointer: '/id' })]);
    path = doc.path;
  }
  const file = await memoryFileText(ctx, path!);
  if (!file.ok) return file;
  const { format, text } = file.value;
  if (format !== 'memory-doc') return ok({ path, format, text });
  const parsed = parseFrontmatter(text, { file: path! });
  if (!parsed.ok) return parsed;
  const data = parsed.value.data;
  return ok({ id: data.id, path, format, frontmatter: data, body: parsed.value.body });
}

/** `check`: what `memkit check --format json` reports for the directory. */
export async function check(ctx: McpContext): Promise<Result<unknown>> {
  const report = await checkDirectory(ctx.options.source, { hasher: ctx.hasher });
  ctx.formats = new Map(report.checked.map((c) => [c.file, c.format]));
  return ok({ ok: report.ok, root: '.', checked: report.checked, problems: report.problems });
}

/** The ledger at `path` and its text, or why not. */
export async function ledgerText(ctx: McpContext, path: string, jsonLinesOnly: boolean): Promise<Result<{ format: LedgerFormatId; text: string }>> {
  const file = await memoryFileText(ctx, path);
  if (!file.ok) return file;
  const format = file.value.format;
  if (!isLedgerFormat(format) || (jsonLinesOnly && format === 'feedback-log'))
    return fail([error('mcp.not-found', `${path} is a ${format} file, not a ${jsonLinesOnly ? 'JSON Lines ' : ''}ledger`, { file: path, pointer: '/ledger' })]);
  return ok({ format, text: file.value.text });
}

/** `verify`: the ledger's chain, its head hash, its checkpoint and the first problem. */
export async function verify(ctx: McpContext, args: VerifyArgs): Promise<Result<unknown>> {
  const ledger = await ledgerText(ctx, args.ledger, false);
  if (!ledger.ok) return ledger;
  const { format, text } = ledger.value;
  const options = { file: args.ledger, hasher: ctx.hasher, checkpointAll: true };
  const summary = format === 'feedback-log' ? verifyFeedbackLog(text, options) : verifyText(text, { ...options, format });
  const first: Problem | undefined = summary.problems.find((p) => p.severity === 'error') ?? summary.problems[0];
  return ok({
    ledger: args.ledger,
    format,
    ok: !hasErrors(summary.problems),
    entries: summary.entries,
    head: summary.head,
    chain: summary.chain,
    checkpoint: summary.checkpoint ?? null,
    firstProblem: first ?? null,
    problems: summary.problems.length,
  });
}

/** `history`: a JSON Lines ledger's entries, newest first, one page at a time. */
export async function history(ctx: McpContext, args: HistoryArgs): Promise<Result<unknown>> {
  const ledger = await ledgerText(ctx, args.ledger, true);
  if (!ledger.ok) return ledger;
  const entries = parseLedgerText(ledger.value.text).entries;
  const offset = args.offset ?? 0;
  const limit = args.limit ?? 20;
  const page: { line: number; entry: unknown }[] = [];
  for (let i = entries.length - 1 - offset; i >= 0 && page.length < limit; i--) page.push({ line: entries[i]!.line, entry: entries[i]!.value });
  const next = offset + limit < entries.length ? offset + limit : null;
  return ok({ ledger: args.ledger, format: ledger.value.format, total: entries.length, offset, entries: page, next });
}

/** DIR's WBS memory with a task index that passes its schema, or the problems that stop a tool using it. */
export async function loadTaskIndex(ctx: McpContext): Promise<Result<Awaited<ReturnType<typeof loadWbs>> & { index: TaskIndex }>> {
  let loaded: Awaited<ReturnType<typeof loadWbs>>;
  try {
    loaded = await loadWbs(ctx.files);
  } catch (cause) {
    return fail(problemsOf(cause));
  }
  if (loaded.index === undefined) return fail(loaded.problems.length ? loaded.problems : [error('mcp.not-found', 'there is no task-index.json')]);
  const schema = validate('wbs-task-index', loaded.index).filter((p) => p.severity === 'error');
  if (schema.length > 0) return fail(schema.map((p) => ({ ...p, file: `${WBS_MEMORY_ROOT}task-index.json` })));
  return ok({ ...loaded, index: loaded.index as TaskIndex });
}

/** `ready`: WBS tasks ready to start, and what blocks the others. */
export async function ready(ctx: McpContext, args: ReadyArgs): Promise<Result<unknown>> {
  const loaded = await loadTaskIndex(ctx);
  if (!loaded.ok) return loaded;
  const work = readyTasks(loaded.value.index, { leavesOnly: args.leaves ?? false });
  return ok({ ready: work.ready, blocked: work.blocked });
}
