// #20 leftover, decided: should `memkit check` report `wbs.deliverable-missing`? The WBS format lists
// `deliverables` as an optional array of strings and records whether they exist in the entity's
// `validationResults.deliverablesExist` (false in its own example of an in-progress task); its invariants
// (parent/children, roll-up, dependencies) say nothing of deliverables existing, and the paths are the
// project's (`src/LoginForm.tsx`), not the memory directory's. So a missing deliverable is no problem of
// the memory files: `memkit check` does not look deliverables up. The library's `checkWbsFiles`, asked
// to (its `deliverables` option), still reports the convention warning.
import { describe, expect, it } from 'vitest';
import { memoryFiles } from '../../src/kernel/file-port.js';
import { checkWbsFiles } from '../../src/services/wbs/index.js';
import { checkFiles } from './check-files.js';

// The format's own examples: an epic, a feature and an in-progress task whose deliverables do not exist yet.
const index = {
  version: '1.0.0',
  tasks: [
    { id: '1', type: 'epic', status: 'in-progress', parent: null, children: ['1.1', '1.2'], dependencies: [], deliverables: ['README.md'] },
    { id: '1.1', type: 'feature', status: 'done', parent: '1', children: [], dependencies: [] },
    { id: '1.2', type: 'feature', status: 'in-progress', parent: '1', children: ['1.2.1', '1.2.3'], dependencies: [] },
    { id: '1.2.1', type: 'task', status: 'done', parent: '1.2', children: [], dependencies: [] },
    { id: '1.2.3', type: 'task', status: 'in-progress', parent: '1.2', children: [], dependencies: ['1.2.1'], deliverables: ['src/LoginForm.tsx', 'tests/LoginForm.test.tsx'] },
  ],
};
const task = {
  id: '1.2.3',
  type: 'task',
  title: 'Implement LoginForm',
  status: 'in-progress',
  parent: '1.2',
  children: [],
  dependencies: ['1.2.1'],
  deliverables: ['src/LoginForm.tsx', 'tests/LoginForm.test.tsx'],
  startedAt: '2025-10-01T10:05:00Z',
  completedAt: null,
  validationResults: { testsPass: false, deliverablesExist: false },
};
const files = {
  '.claude/memory/task-index.json': JSON.stringify(index, null, 2),
  '.claude/memory/tasks/1.json': JSON.stringify({ id: '1', type: 'epic', status: 'in-progress' }),
  '.claude/memory/tasks/1.1.json': JSON.stringify({ id: '1.1', type: 'feature', status: 'done' }),
  '.claude/memory/tasks/1.2.json': JSON.stringify({ id: '1.2', type: 'feature', status: 'in-progress' }),
  '.claude/memory/tasks/1.2.1.json': JSON.stringify({ id: '1.2.1', type: 'task', status: 'done' }),
  '.claude/memory/tasks/1.2.3.json': JSON.stringify(task, null, 2),
};

describe('memkit check does not require WBS deliverables to exist', () => {
  it('memkit check: deliverables that do not exist are no problem, under either profile', { timeout: 30_000 }, async () => {
    for (const args of [[], ['--profile', 'strict']]) {
      const r = await checkFiles(files, args);
      expect(r.problems.map((p) => p.code)).not.toContain('wbs.deliverable-missing');
      expect(r.problems.filter((p) => p.severity === 'error')).toEqual([]);
      expect(r.code).toBe(0);
    }
  });

  it('checkWbsFiles, which looks deliverables up, reports each missing one (and none once they exist)', async () => {
    const missing = await checkWbsFiles(memoryFiles(files));
    expect(missing.filter((p) => p.code === 'wbs.deliverable-missing').map((p) => p.pointer)).toEqual(['/tasks/0/deliverables/0', '/tasks/4/deliverables/0', '/tasks/4/deliverables/1']);
    const present = await checkWbsFiles(memoryFiles({ ...files, 'README.md': '# x', 'src/LoginForm.tsx': 'x', 'tests/LoginForm.test.tsx': 'x' }));
    expect(present.map((p) => p.code)).not.toContain('wbs.deliverable-missing');
  });
});
