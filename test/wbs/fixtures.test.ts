import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { memoryFiles } from '../../src/kernel/file-port.js';
import { applyPlan, checkWbsFiles, loadWbs, readyTasks, repairPlan } from '../../src/services/wbs/index.js';

const root = join(import.meta.dirname, '../fixtures/wbs/valid');
function portOf(dir: string) {
  const init: Record<string, Uint8Array> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else init[relative(dir, p).split('\\').join('/')] = readFileSync(p);
    }
  };
  walk(dir);
  return memoryFiles(init);
}

describe('test/fixtures/wbs/valid', () => {
  it('checks clean, deliverables included, and has ready work', async () => {
    const files = portOf(root);
    expect(await checkWbsFiles(files)).toEqual([]);
    const { index } = await loadWbs(files);
    expect(readyTasks(index as never, { leavesOnly: true }).ready).toEqual(['1.2.2', '1.9']);
  });

  it('is repaired back to clean after an agent marks a task done without rolling up', async () => {
    const files = portOf(root);
    const entity = JSON.parse(new TextDecoder().decode(await files.read('.claude/memory/tasks/1.2.2.json')));
    entity.status = 'done';
    await files.write('.claude/memory/tasks/1.2.2.json', new TextEncoder().encode(JSON.stringify(entity)));
    const loaded = await loadWbs(files);
    const codes = (await checkWbsFiles(files)).map((p) => p.code);
    expect(codes).toContain('wbs.entity-mismatch');
    const plan = repairPlan(loaded.index, loaded.tasks);
    const fixed = plan.patches.flatMap((p) => p.fixes.map((f) => f.code));
    expect(fixed).toContain('wbs.entity-mismatch');
    expect(fixed).toContain('wbs.rollup-mismatch');
    const r = await applyPlan(plan, files);
    expect(r.ok && r.value.problems).toEqual([]);
    const after = await loadWbs(files);
    const status = Object.fromEntries((after.index as { tasks: { id: string; status: string }[] }).tasks.map((t) => [t.id, t.status]));
    expect(status['1.2']).toBe('done');
    expect(status['1']).toBe('in-progress');
  });
});
