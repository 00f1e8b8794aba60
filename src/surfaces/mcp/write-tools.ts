import { readJson } from '../../kernel/canonical/index.js';
import { type Problem, type Result, error, fail, ok } from '../../kernel/problems/index.js';
import { appendToLedger as appendEntry, applyThread, setTask, writeDoc } from '../../handle/write.js';
import type { McpContext } from './context.js';
import type { AppendArgs, RememberArgs, TaskArgs, ThreadArgs } from './tool-schemas.js';

// The write tools are the memory handle's checked writes (`memkit/handle`), behind a refusal of arguments no memory file can keep.

/** `remember`: creates a memory doc, or updates one by id; the manifest follows (the handle's `writeDoc`). */
export async function remember(ctx: McpContext, args: RememberArgs): Promise<Result<unknown>> {
  return fitting(args, () => writeDoc(ctx, args as Parameters<typeof writeDoc>[1]));
}

/** `append`: one ledger entry, through the injected append under the ledger's lock (the handle's `append`). */
export async function appendToLedger(ctx: McpContext, args: AppendArgs): Promise<Result<unknown>> {
  return fitting(args, async () => {
    const appended = await appendEntry(ctx, { ledger: args.ledger, entry: args.entry as Record<string, unknown> });
    if (!appended.ok) return appended;
    return ok({ changed: [{ path: appended.value.path, hash: appended.value.hash }], entry: appended.value.entry }, appended.problems);
  });
}

/** `task`: sets a leaf task's status or adds a task; parents roll up (the handle's `setTask`). */
export async function task(ctx: McpContext, args: TaskArgs): Promise<Result<unknown>> {
  return fitting(args, () => setTask(ctx, args as Parameters<typeof setTask>[1]));
}

/** `thread`: one thread-store operation under its transition rules (the handle's `applyThread`). */
export async function thread(ctx: McpContext, args: ThreadArgs): Promise<Result<unknown>> {
  return fitting(args, () => applyThread(ctx, args as Parameters<typeof applyThread>[1]));
}

/** `run()` unless the arguments hold what no memory file can keep as given. */
async function fitting(args: unknown, run: () => Promise<Result<unknown>>): Promise<Result<unknown>> {
  const unfit = unfitArguments(args);
  return unfit.length > 0 ? fail(unfit) : run();
}

/**
 * Arguments no memory file can keep as given, refused as the ledger reader
 * refuses them: a lone surrogate (`json.lone-surrogate`) and a `__proto__`,
 * `constructor` or `prototype` key (`json.uncovered-key`).
 */
function unfitArguments(args: unknown): Problem[] {
  const read = readJson(JSON.stringify(args), { forbiddenKeys: 'refuse' });
  if (read.ok) return [];
  const problems = read.problems.filter((p) => p.severity === 'error').map(({ line: _l, column: _c, ...p }) => p);
  return [error('mcp.invalid-arguments', 'the arguments hold what no memory file can keep as given; nothing was written', { pointer: problems[0]?.pointer ?? '' }), ...problems];
}
