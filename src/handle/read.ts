import { RULES } from '../engine/rules.js';
import { SKIPPED_DIRS } from '../engine/layout.js';
import { applyPolicy, severityPolicy } from '../engine/profile.js';
import { dirOf, fileNameOf, formatById, wbsTaskIndex } from '../formats/index.js';
import type { VerifySummary } from '../formats/memory-bank/verify.js';
import { type PayloadRead, payloadsFrom, verifyLedgerFile } from '../services/ledger/verify-file.js';
import { type Problem, type Result, error, fail, ok } from '../kernel/problems/index.js';
import { validate } from '../schema/index.js';
import type { TaskIndex } from '../schema/wbs.js';
import { type LedgerFormatId, isLedgerFormat } from '../services/ledger/index.js';
import { type LoadedWbs, WBS_MEMORY_ROOT, loadWbs } from '../services/wbs/index.js';
import { type MemoryContext, problemsOf, readText, shown } from './context.js';

/** A memkit file's format and text, as {@link memoryFileText} reads it. */
export interface MemoryFileText {
  format: string;
  bytes: Uint8Array;
  text: string;
}

/** `memory.not-memory-file` for `path`. */
export const notMemoryFile = (path: string): Problem => error('memory.not-memory-file', `${shown(path)} is not a memkit file in the memory directory`, { file: path });

/** The text of a memkit file at `path`, or why not: only files of a memkit format are read. */
export async function memoryFileText(ctx: MemoryContext, path: string): Promise<Result<MemoryFileText>> {
  const format = await ctx.formatOf(path);
  if (format === undefined) return fail([notMemoryFile(path)]);
  const read = await readText(ctx, path);
  return read.ok ? ok({ format, ...read.value }) : read;
}

/** The ledger at `path` and its text, or why not (`jsonLinesOnly`: a feedback log, whose entries are Markdown blocks, does not do). */
export async function ledgerText(ctx: MemoryContext, path: string, jsonLinesOnly: boolean): Promise<Result<{ format: LedgerFormatId; bytes: Uint8Array; text: string }>> {
  const file = await memoryFileText(ctx, path);
  if (!file.ok) return file;
  const format = file.value.format;
  if (!isLedgerFormat(format) || (jsonLinesOnly && formatById(format).ledger?.entries !== 'json-lines'))
    return fail([error('memory.not-found', `${shown(path)} is a ${format} file, not a ${jsonLinesOnly ? 'JSON Lines ' : ''}ledger`, { file: path, pointer: '/ledger' })]);
  return ok({ format, bytes: file.value.bytes, text: file.value.text });
}

/** The WBS memory with a task index that passes its schema, or the problems that stop an operation using it. */
export async function loadTaskIndex(ctx: MemoryContext): Promise<Result<LoadedWbs & { index: TaskIndex }>> {
  let loaded: LoadedWbs;
  try {
    loaded = await loadWbs(ctx.files);
  } catch (cause) {
    return fail(problemsOf(cause));
  }
  const index = fileNameOf(wbsTaskIndex);
  if (loaded.index === undefined) return fail(loaded.problems.length ? loaded.problems : [error('memory.not-found', `there is no ${index}`)]);
  const schema = validate(wbsTaskIndex.id, loaded.index).filter((p) => p.severity === 'error');
  if (schema.length > 0) return fail(schema.map((p) => ({ ...p, file: WBS_MEMORY_ROOT + index })));
  return ok({ ...loaded, index: loaded.index as TaskIndex });
}

/** What {@link verifyLedger} found: the verifier's summary (its checkpoint over every entry) and the ledger's format. */
export type LedgerReport = VerifySummary & { format: LedgerFormatId; checkpoint: NonNullable<VerifySummary['checkpoint']> };

/**
 * Verifies the ledger at `path` as `memkit verify` does: chain, head,
 * checkpoint over every entry, payload hashes (payloads read as `check`
 * reads them), severities as the directory's config gives them. `known`:
 * the ledger's format and the text already read, so what is verified is what
 * the caller hands on (no second read that a write could slip between).
 */
export async function verifyLedger(ctx: MemoryContext, path: string, known?: { format: LedgerFormatId; text: string }): Promise<Result<LedgerReport>> {
  const ledger = known === undefined ? await ledgerText(ctx, path, false) : ok(known);
  if (!ledger.ok) return ledger;
  const { format, text } = ledger.value;
  const config = await ctx.config();
  if (!config.ok) return config;
  const policy = severityPolicy(config.value, undefined, RULES);
  const summary = await verifyLedgerFile(
    { path, format, text: async () => text },
    { hasher: ctx.hasher, checkpointAll: true, payloads: payloadsFrom(dirOf(path), payloadReader(ctx)), decide: (p) => applyPolicy(p, policy) },
  );
  return ok({ ...summary, format, checkpoint: summary.checkpoint ?? { size: 0, root: '' } });
}

/** Reads payloads as `check` does: a listed file outside the skipped directories; undefined when none or refused. */
function payloadReader(ctx: MemoryContext): PayloadRead {
  let listed: Promise<Set<string>> | undefined;
  return async (path) => {
    if (path.split('/').some((s) => SKIPPED_DIRS.has(s))) return undefined;
    listed ??= ctx.source.list().then((l) => new Set(l.files.map((f) => f.path)));
    if (!(await listed).has(path)) return undefined;
    try {
      return await ctx.files.read(path);
    } catch {
      return undefined;
    }
  };
}
