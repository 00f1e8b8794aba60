import type { TSchema } from 'typebox';
import { type SchemaChecker, tieredChecker } from '../../schema/typebox-check.js';
import type { FormatId } from '../../engine/index.js';
import { LEDGER_MODULES, memoryDoc, threadStore, wbsTaskIndex } from '../../formats/index.js';
import { tooDeep, valueDepth } from '../../syntax/depth.js';
import { type Problem, type Result, error, fail, ok } from '../../kernel/problems/index.js';
import { schemaProblems } from '../../schema/validate.js';
import type { McpContext } from './context.js';
import { boundedProblem } from './limits.js';
import { check, history, read, ready, search, verify } from './read-tools.js';
import { maskSecrets } from '../../kernel/secrets/index.js';
import { AppendArgs, CheckArgs, HistoryArgs, ReadArgs, ReadyArgs, RememberArgs, SearchArgs, TaskArgs, ThreadArgs, VerifyArgs, jsonSchemaOf } from './tool-schemas.js';
import { appendToLedger, remember, task, thread } from './write-tools.js';

/** The largest arguments a tool call may carry, as JSON text (4 MiB): a memory doc or an entry is far smaller. */
export const MAX_ARGUMENT_CHARS = 4 * 1024 * 1024;

/** The deepest nesting of tool arguments accepted (64 levels): memory formats need a few. */
export const MAX_ARGUMENT_DEPTH = 64;

const LEDGERS: readonly FormatId[] = LEDGER_MODULES.map((m) => m.id);
/** The JSON Lines ledgers `append` and `history` work on (a feedback log is Markdown blocks). */
const JSON_LINES_LEDGERS: readonly FormatId[] = LEDGER_MODULES.filter((m) => m.ledger.entries === 'json-lines').map((m) => m.id);

/** One tool: its name, one-line description, input schema, and whether it writes. */
export interface ToolDef {
  name: string;
  description: string;
  input: TSchema;
  /** A write tool: offered and accepted only with `write: true`. */
  write: boolean;
  /** Whether the tool applies to the served directory's formats. */
  applies(ctx: McpContext): boolean;
  run(ctx: McpContext, args: never): Promise<Result<unknown>>;
}

const anyOf = (ctx: McpContext, formats: readonly FormatId[]) => formats.some((f) => ctx.has(f));

/** Every tool memkit's server has, in `tools/list` order. */
const TOOLS: readonly ToolDef[] = [
  { name: 'search', description: 'Full-text search of the memory docs (BM25, best first).', input: SearchArgs, write: false, applies: (c) => c.has(memoryDoc.id), run: search },
  { name: 'read', description: 'Read a memory doc (frontmatter, body) or any memory file; a ledger comes verified, or is refused.', input: ReadArgs, write: false, applies: () => true, run: read },
  { name: 'check', description: 'Check every memory file against its format rules (as memkit check).', input: CheckArgs, write: false, applies: () => true, run: check },
  {
    name: 'verify',
    description: "Verify a ledger's hash chain: entries, head hash, checkpoint, first problem.",
    input: VerifyArgs,
    write: false,
    applies: (c) => anyOf(c, LEDGERS),
    run: verify,
  },
  { name: 'history', description: "A ledger's entries, newest first, paged.", input: HistoryArgs, write: false, applies: (c) => anyOf(c, JSON_LINES_LEDGERS), run: history },
  { name: 'ready', description: 'WBS tasks ready to start, and what blocks the others.', input: ReadyArgs, write: false, applies: (c) => c.has(wbsTaskIndex.id), run: ready },
  {
    name: 'remember',
    description: 'Create or update a memory doc (new: title and kind); the manifest follows.',
    input: RememberArgs,
    write: true,
    applies: (c) => c.has(memoryDoc.id),
    run: remember,
  },
  {
    name: 'append',
    description: 'Append an entry to a ledger; id, ts and predecessor_hash are filled in.',
    input: AppendArgs,
    write: true,
    applies: (c) => c.options.appendLedger !== undefined && anyOf(c, JSON_LINES_LEDGERS),
    run: appendToLedger,
  },
  { name: 'task', description: "Set a WBS task's status or add a task; parents roll up.", input: TaskArgs, write: true, applies: (c) => c.has(wbsTaskIndex.id), run: task },
  { name: 'thread', description: 'Apply a thread-store operation under its transition rules.', input: ThreadArgs, write: true, applies: (c) => c.has(threadStore.id), run: thread },
];

/** Calls of a tool whose arguments TypeBox's interpreter checks before its compiled check is loaded. */
const COMPILE_AFTER = 32;

const validators = new Map<string, SchemaChecker>();

/** The tools offered for `ctx`: those that apply to its formats, the write tools only when writing. */
export function offeredTools(ctx: McpContext): ToolDef[] {
  return TOOLS.filter((t) => (ctx.options.write === true || !t.write) && t.applies(ctx));
}

/** The `tools/list` entry of a tool; a read tool says so (`readOnlyHint`), so a client may run it without asking. */
export function toolListing(t: ToolDef): { name: string; description: string; inputSchema: Record<string, unknown>; annotations?: { readOnlyHint: true } } {
  const listing = { name: t.name, description: t.description, inputSchema: jsonSchemaOf(t.input) as { type: 'object' } & Record<string, unknown> };
  return t.write ? listing : { ...listing, annotations: { readOnlyHint: true } };
}

/** Calls a tool by name. Never throws: an unknown tool, a refused write, bad arguments and any failure inside come back as problems. */
export async function callTool(ctx: McpContext, name: string, args: unknown): Promise<Result<unknown>> {
  const tool = TOOLS.find((t) => t.name === name);
  if (tool?.write && ctx.options.write !== true) return fail([error('mcp.read-only', `${name} writes; this server was started read-only (memkit mcp --write allows writes)`)]);
  if (tool === undefined || !tool.applies(ctx)) return fail([error('mcp.unknown-tool', `there is no tool ${JSON.stringify(String(name).slice(0, 100))} for this directory`)]);
  const value = args ?? {};
  const depth = valueDepth(value);
  if (depth > MAX_ARGUMENT_DEPTH) return fail([tooDeep('the arguments', depth, MAX_ARGUMENT_DEPTH)]);
  let size: number;
  try {
    size = JSON.stringify(value)?.length ?? 0;
  } catch (cause) {
    return fail([error('mcp.invalid-arguments', `the arguments of ${name} cannot be read as JSON (${cause instanceof Error ? cause.name : 'error'})`)]);
  }
  if (size > MAX_ARGUMENT_CHARS) return fail([error('mcp.arguments-too-large', `the arguments are ${size} characters of JSON; at most ${MAX_ARGUMENT_CHARS} are accepted`)]);
  let validator = validators.get(tool.name);
  if (validator === undefined) validators.set(tool.name, (validator = tieredChecker(tool.input, COMPILE_AFTER)));
  if (!validator.Check(value)) {
    const problems: Problem[] = schemaProblems(validator, value).map(boundedProblem);
    return fail([error('mcp.invalid-arguments', `the arguments of ${name} do not match its input schema`, { pointer: problems[0]?.pointer ?? '' }), ...problems]);
  }
  let result: Result<unknown>;
  try {
    result = await tool.run(ctx, value as never);
  } catch (cause) {
    result = fail([error('mcp.internal-error', cause instanceof Error ? cause.message : String(cause))]);
  }
  // Whatever raised them, problems name what the client sent by a short prefix.
  if (!result.ok) return fail(result.problems.map(boundedProblem));
  // What a tool hands out from the files is masked where a secret is found, even in files written before detection existed.
  const value2 = maskedValue(result.value);
  return result.problems === undefined ? ok(value2) : ok(value2, result.problems.map(boundedProblem));
}

/** `value` with every secret {@link maskSecrets} finds in its JSON form masked (a value assigned to a secret's name as well); itself when none is found. */
export function maskedValue(value: unknown): unknown {
  if (value === undefined) return value;
  const json = JSON.stringify(value);
  if (json === undefined) return value;
  const masked = maskSecrets(json);
  if (masked === json) return value;
  try {
    return JSON.parse(masked) as unknown;
  } catch {
    return maskStrings(value);
  }
}

/** Every string in `value` masked on its own (the fallback of {@link maskedValue}). */
function maskStrings(value: unknown): unknown {
  if (typeof value === 'string') return maskSecrets(value);
  if (Array.isArray(value)) return value.map(maskStrings);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskStrings(v)]));
  return value;
}
