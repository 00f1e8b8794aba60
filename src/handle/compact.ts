import { activeContext, baseOf, decisionLog } from '../formats/index.js';
import { COMPACTS_FIELD, compactedUpTo, compactionRoot } from '../formats/memory-bank/compaction.js';
import { parseLedgerText } from '../formats/memory-bank/ledger-text.js';
import { type Result, error, fail, ok } from '../kernel/problems/index.js';
import type { MemoryContext } from './context.js';
import { ledgerText } from './read.js';
import { type AppendedEntry, appendToLedger } from './write.js';

/** What a compaction should say: the agent recording it (the decision log's writer), its rationale, and whether tests passed. */
export interface CompactInput {
  /** The agent recording the compaction (default `ReaperOAK`, the decision log's writer in the seed). */
  as?: string;
  /** The decision's rationale (default: the covered entries' summaries, joined). */
  rationale?: string;
  /** The decision's `tests_passed` (default false: a compaction claims no test run). */
  testsPassed?: boolean;
}

/** What {@link compact} did: the active-context entries it covered (1-based `first`, `count`; 0 when there was nothing new) and the decision it appended. */
export interface Compaction {
  first: number;
  count: number;
  decision: AppendedEntry | undefined;
}

const RATIONALE_MAX = 4000;

/**
 * The seed's compaction ("session end -> compress to decisionLog.md"): the
 * active-context entries no compaction covers yet become one decision entry
 * whose `compacts` names them and whose `diff_hash` is the RFC 9162 root
 * over them, so `check` verifies the compaction against the active context,
 * which is continued, never rewritten.
 */
export async function compact(ctx: MemoryContext, paths: { active: string; decisions: string }, input: CompactInput = {}): Promise<Result<Compaction>> {
  const active = await ledgerText(ctx, paths.active, true);
  if (!active.ok) return active;
  if (active.value.format !== activeContext.id) return fail([error('memory.invalid-request', `${paths.active} is not an active context`, { file: paths.active })]);
  const entries = parseLedgerText(active.value.text).entries.map((e) => e.value);
  const decisions = await ledgerText(ctx, paths.decisions, true);
  const name = baseOf(paths.active);
  const from = decisions.ok
    ? compactedUpTo(
        parseLedgerText(decisions.value.text).entries.map((e) => e.value),
        name,
      )
    : 0;
  const covered = entries.slice(from);
  if (covered.length === 0) return ok({ first: from + 1, count: 0, decision: undefined });
  const summaries = covered.map((e) => String((e as Record<string, unknown>).summary_128 ?? '').trim()).filter((s) => s !== '');
  const said = `Compaction of ${name} entries ${from + 1}–${from + covered.length}${summaries.length > 0 ? `: ${summaries.join('; ')}` : ''}`;
  const rationale = input.rationale ?? (said.length > RATIONALE_MAX ? `${said.slice(0, RATIONALE_MAX - 1)}…` : said);
  const entry = {
    proposer_agent: input.as ?? 'ReaperOAK',
    rationale,
    diff_hash: compactionRoot(covered, ctx.hasher),
    tests_passed: input.testsPassed ?? false,
    [COMPACTS_FIELD]: { ledger: name, first: from + 1, count: covered.length },
  };
  const appended = await appendToLedger(ctx, { ledger: paths.decisions, entry, format: decisionLog.id, ...(input.as === undefined ? {} : { as: input.as }) });
  if (!appended.ok) return appended;
  return ok({ first: from + 1, count: covered.length, decision: appended.value }, appended.problems);
}
