// repairPlan's `remaining` comes from a check that reuses the first check's schema problems for the
// entity files the plan leaves as they are. This differential property proves it equal to a full
// checkWbs of the memory the patches make, each file patched with applyJsonPatch.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyJsonPatch, checkWbs, repairPlan } from '../../src/services/wbs/index.js';
import { ID_LIKE, applyEdit, clone, edit, wbsFixture } from './arbitraries.js';

const fileEdit = fc.record({
  a: fc.nat(),
  kind: fc.constantFrom('drop', 'field', 'rename'),
  field: fc.constantFrom('id', 'type', 'status', 'parent', 'children', 'dependencies', 'completedAt', 'title'),
  value: fc.oneof(ID_LIKE, fc.constantFrom(null, 'done', 'pending', 'task', 3, [], ['1'], {})),
});

describe('repairPlan remaining', () => {
  it('equals checkWbs of the memory the plan makes, whatever is broken in the index and the entity files', () => {
    fc.assert(
      fc.property(wbsFixture, fc.array(edit, { maxLength: 5 }), fc.array(fileEdit, { maxLength: 5 }), (fixture, edits, fileEdits) => {
        const index = clone(fixture.index) as unknown as { tasks: unknown[] };
        for (const e of edits) applyEdit(index.tasks, e);
        const tasks: Record<string, unknown> = clone(fixture.tasks);
        for (const e of fileEdits) {
          const names = Object.keys(tasks);
          const name = names[e.a % Math.max(1, names.length)];
          if (name === undefined) continue;
          const value = tasks[name] as Record<string, unknown>;
          if (e.kind === 'drop') delete tasks[name];
          else if (e.kind === 'field') value[e.field] = e.value;
          else tasks[`tasks/${String(e.value)}.json`] = value;
        }
        const plan = repairPlan(index, tasks);
        const files: Record<string, unknown> = { 'task-index.json': index, ...tasks };
        for (const fp of plan.patches) {
          const patched = applyJsonPatch(files[fp.file], fp.patch);
          expect(patched.ok).toBe(true);
          if (patched.ok) files[fp.file] = patched.value;
        }
        const { 'task-index.json': after, ...afterTasks } = files;
        expect(plan.remaining).toEqual(checkWbs(after, afterTasks));
      }),
      { numRuns: 300 },
    );
  });
});
