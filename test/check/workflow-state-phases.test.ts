// #20: workflow-state.json with "phases": {"SPEC": {"status": "done"}} was refused. The seed says only
// "phases: object (per-phase status, agents, outputs)": memkit's status enum and its required agents and
// outputs are its own reading (convention.workflow-phase), a warning in the default profile.
import { describe, expect, it } from 'vitest';
import { checkFiles, errorsOf } from './check-files.js';

const state = (phases: unknown) =>
  JSON.stringify({ session_id: 'SESSION-20260220-020000', started_at: '2026-02-20T02:00:00Z', overall_status: 'active', current_phase: 'SPEC', phases, fix_loop_count: 0, blockers: [] });

describe('workflow-state.json phases with only a status are a warning, not refused', () => {
  it('a phase with only a status of its own checks clean; the convention is a warning', async () => {
    const r = await checkFiles({ 'memory-bank/workflow-state.json': state({ SPEC: { status: 'done' } }) });
    expect(errorsOf(r.problems)).toEqual([]);
    expect(r.code).toBe(0);
    const warnings = r.problems.filter((p) => p.code === 'convention.workflow-phase');
    expect(warnings.map((p) => [p.severity, p.pointer]).sort()).toEqual([
      ['warning', '/phases/SPEC/agents'],
      ['warning', '/phases/SPEC/outputs'],
      ['warning', '/phases/SPEC/status'],
    ]);
  });

  it('is an error under --profile strict', async () => {
    const r = await checkFiles({ 'memory-bank/workflow-state.json': state({ SPEC: { status: 'done' } }) }, ['--profile', 'strict']);
    expect(r.code).toBe(1);
    expect(r.problems.filter((p) => p.code === 'convention.workflow-phase').every((p) => p.severity === 'error')).toBe(true);
  });

  it("memkit's own shape raises nothing", async () => {
    const r = await checkFiles({ 'memory-bank/workflow-state.json': state({ SPEC: { status: 'completed', agents: ['ReaperOAK'], outputs: ['spec.md'] } }) });
    expect(r.problems).toEqual([]);
  });

  it('what the seed does say stays an error: phases must be an object, the phase enum of current_phase holds', async () => {
    const r = await checkFiles({ 'memory-bank/workflow-state.json': state(['SPEC']) });
    expect(errorsOf(r.problems)).toContainEqual(['schema.type', '/phases']);
    const bad = JSON.parse(state({})) as Record<string, unknown>;
    const r2 = await checkFiles({ 'memory-bank/workflow-state.json': JSON.stringify({ ...bad, current_phase: 'DEPLOY' }) });
    expect(errorsOf(r2.problems)).toContainEqual(['schema.enum', '/current_phase']);
  });
});
