import fc from 'fast-check';
import { PHASES, type WorkflowState } from '../index.js';
import { compactDateArb } from './compact-date.js';
import { dateTimeArb } from './date-time.js';
import { agentId, pad, relPath, text } from './internal.js';

const phaseState = fc.record({
  status: fc.constantFrom('pending', 'active', 'completed', 'failed', 'skipped'),
  agents: fc.array(agentId, { maxLength: 2 }),
  outputs: fc.array(relPath, { maxLength: 2 }),
});

/**
 * Valid `workflow-state.json` values (format `workflow-state`): `session_id`
 * is `SESSION-YYYYMMDD-HHMMSS` naming a real day and time, `fix_loop_count` 0..3.
 */
export const workflowStateArb: fc.Arbitrary<WorkflowState> = fc.record({
  session_id: fc
    .tuple(compactDateArb, fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), fc.integer({ min: 0, max: 59 }))
    .map(([d, h, m, s]) => `SESSION-${d}-${pad(h)}${pad(m)}${pad(s)}`),
  started_at: dateTimeArb,
  overall_status: fc.constantFrom('idle', 'active', 'completed', 'failed'),
  current_phase: fc.constantFrom(...PHASES),
  phases: fc.shuffledSubarray([...PHASES]).chain((names) => fc.tuple(...names.map(() => phaseState)).map((states) => Object.fromEntries(names.map((n, i) => [n, states[i]!])))),
  fix_loop_count: fc.integer({ min: 0, max: 3 }),
  blockers: fc.array(fc.record({ reason: text(), since: dateTimeArb }, { requiredKeys: ['reason'] }), { maxLength: 2 }),
});
