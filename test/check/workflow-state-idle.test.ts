// #34: a workflow-state.json reset to idle, as the seed's origin project writes it between sessions
// (`session_id`, `started_at` and `current_phase` null while `overall_status` is `idle`), got three errors.
// The seed says "Reset per session": the idle state holds no session, so it checks clean; the same nulls
// while a session is active, completed or failed are schema.null-unless-idle errors, one per field.
import { describe, expect, it } from 'vitest';
import { validate } from '../../src/schema/index.js';
import { checkFiles } from './check-files.js';

const PHASES = ['SPEC', 'BUILD', 'VALIDATE', 'GATE', 'DOCUMENT', 'RETROSPECTIVE'];
/** The origin project's template: every phase pending, no session. */
const idle = {
  session_id: null,
  started_at: null,
  overall_status: 'idle',
  current_phase: null,
  phases: Object.fromEntries(PHASES.map((p) => [p, { status: 'pending', agents: [], outputs: [] }])),
  fix_loop_count: 0,
  blockers: [],
};
const file = (state: unknown) => ({ 'memory-bank/workflow-state.json': `${JSON.stringify(state, null, 2)}\n` });

describe('workflow-state.json reset to idle', () => {
  it.each(['spec', 'strict'])('the idle template checks clean (--profile %s)', async (profile) => {
    const r = await checkFiles(file(idle), ['--profile', profile]);
    expect(r.problems).toEqual([]);
    expect(r.code).toBe(0);
  });

  it('an idle state may keep the last session instead', () => {
    expect(validate('workflow-state', { ...idle, session_id: 'SESSION-20260220-020000', started_at: '2026-02-20T02:00:00Z', current_phase: 'RETROSPECTIVE' })).toEqual([]);
  });

  it.each(['active', 'completed', 'failed'])('the same nulls while %s are schema.null-unless-idle, one error per field', async (status) => {
    const r = await checkFiles(file({ ...idle, overall_status: status }));
    expect(r.problems.map((p) => [p.code, p.severity, p.pointer])).toEqual([
      ['schema.null-unless-idle', 'error', '/session_id'],
      ['schema.null-unless-idle', 'error', '/started_at'],
      ['schema.null-unless-idle', 'error', '/current_phase'],
    ]);
    expect(r.code).toBe(1);
  });

  it('an active state with one null names that field only', () => {
    const active = { ...idle, overall_status: 'active', session_id: 'SESSION-20260220-020000', started_at: '2026-02-20T02:00:00Z' };
    expect(validate('workflow-state', active).map((p) => [p.code, p.pointer])).toEqual([['schema.null-unless-idle', '/current_phase']]);
    expect(validate('workflow-state', { ...active, current_phase: 'SPEC' })).toEqual([]);
  });

  it('null is the only value an idle state skips: an empty session id is still refused', () => {
    expect(validate('workflow-state', { ...idle, session_id: '' }).map((p) => p.code)).toEqual(['schema.pattern']);
  });
});
