import { type Problem, type Result, ok } from '../kernel/problems/index.js';
import type { WorkflowState } from '../schema/memory-bank.js';
import { type CompactInput, type Compaction, compact } from './compact.js';
import type { MemoryContext } from './context.js';
import { type ChangedFile, checkedWrite } from './write.js';

/** What {@link session} did: the workflow state written and, at the end of a session, the compaction. */
export interface SessionChange {
  changed: ChangedFile[];
  state: WorkflowState | IdleWorkflowState;
  compaction?: Compaction;
}

/** `workflow-state.json` between sessions: the reset the seed asks for ("Reset per session"), no session open. */
export interface IdleWorkflowState {
  session_id: null;
  started_at: null;
  overall_status: 'idle';
  current_phase: null;
  phases: Record<string, never>;
  fix_loop_count: 0;
  blockers: never[];
}

/** Where the session's files are: the workflow state, and the ledgers a compaction reads and appends to. */
export interface SessionPaths {
  state: string;
  active: string | undefined;
  decisions: string;
}

const two = (n: number) => String(n).padStart(2, '0');

/** `SESSION-YYYYMMDD-HHMMSS` of an instant (UTC). */
function sessionId(at: Date): string {
  const d = `${at.getUTCFullYear()}${two(at.getUTCMonth() + 1)}${two(at.getUTCDate())}`;
  return `SESSION-${d}-${two(at.getUTCHours())}${two(at.getUTCMinutes())}${two(at.getUTCSeconds())}`;
}

/**
 * Starts or ends a session (memory-bank-schema.md, workflow-state.json: "Reset per session"). `start` writes a
 * fresh active state (a new session id, the first phase, no fix loops, no blockers); `end` runs the compaction of
 * the active context, then resets the state to idle. The writer policy applies to `as` (the seed's writer is ReaperOAK).
 */
export async function session(ctx: MemoryContext, action: 'start' | 'end', paths: SessionPaths, input: CompactInput = {}): Promise<Result<SessionChange>> {
  const agent = input.as ?? 'ReaperOAK';
  const allowed = await ctx.permit(agent, paths.state, 'replace');
  if (!allowed.ok) return allowed;
  let compaction: Compaction | undefined;
  const warnings: Problem[] = [];
  if (action === 'end' && paths.active !== undefined && (await ctx.files.read(paths.active)) !== undefined) {
    const compacted = await compact(ctx, { active: paths.active, decisions: paths.decisions }, { ...input, as: agent });
    if (!compacted.ok) return compacted;
    compaction = compacted.value;
    warnings.push(...(compacted.problems ?? []));
  }
  const now = ctx.now();
  const state: WorkflowState | IdleWorkflowState =
    action === 'start'
      ? { session_id: sessionId(now), started_at: ctx.timestamp(), overall_status: 'active', current_phase: 'SPEC', phases: {}, fix_loop_count: 0, blockers: [] }
      : { session_id: null, started_at: null, overall_status: 'idle', current_phase: null, phases: {}, fix_loop_count: 0, blockers: [] };
  const path = paths.state;
  const lock = `${path}.lock`;
  const written = await ctx.exclusive(lock, async () => {
    const base = await ctx.files.read(path);
    return checkedWrite(ctx, [path], [{ path, bytes: ctx.encode(`${JSON.stringify(state, null, 2)}\n`), base }], { held: [lock] });
  });
  if (!written.ok) return written;
  return ok({ changed: written.value, state, ...(compaction === undefined ? {} : { compaction }) }, [...warnings, ...(written.problems ?? [])]);
}
