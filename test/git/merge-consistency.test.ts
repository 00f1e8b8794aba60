import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rollup } from '../../src/formats/wbs/rollup.js';
import type { TaskIndex } from '../../src/schema/index.js';
import { ROOT, runCli, tempDir } from '../cli/helpers.js';
import { GIT_ENV, commitAll, git, initRepo, writeFiles } from './helpers.js';

const q = (s: string) => `'${s.replaceAll("'", "'\\''")}'`;
/** How git runs the driver in these tests: the built CLI (npm test builds first), quoted for git's shell. */
const DRIVER = `${q(process.execPath)} ${q(join(ROOT, 'dist/cli/main.js'))}`;

/** A repository set up with `memkit git setup`, `files` committed on main, and branch `b` forked from it. */
async function setupRepo(dir: string, files: Record<string, string>) {
  initRepo(dir);
  writeFiles(dir, files);
  git(dir, ['add', '-A']);
  const setup = await runCli(['git', 'setup', dir, '--command', DRIVER], { env: GIT_ENV });
  expect(setup.stderr).toBe('');
  expect(setup.code).toBe(0);
  commitAll(dir, 'base');
  git(dir, ['branch', 'b']);
}

/** Commits `ours` on main and `theirs` on b, then merges b into main; returns git merge's exit code and output. */
function mergeBranches(dir: string, ours: Record<string, string>, theirs: Record<string, string>) {
  writeFiles(dir, ours);
  commitAll(dir, 'ours');
  git(dir, ['checkout', '-q', 'b']);
  writeFiles(dir, theirs);
  commitAll(dir, 'theirs');
  git(dir, ['checkout', '-q', 'main']);
  return git(dir, ['merge', '--no-edit', 'b'], true);
}

const conflicted = (dir: string) => git(dir, ['diff', '--name-only', '--diff-filter=U']).out.trim().split('\n').filter(Boolean);

describe('a prose activeContext.md merges like plain git', { timeout: 60_000 }, () => {
  const AC = 'memory-bank/activeContext.md';
  const base = '# Active context\n\n## Focus\n\nThe store.\n\n## Next\n\nThe index.\n\n## Blockers\n\nNone.\n';

  it('edits of different lines by two branches merge cleanly, both kept (not git.merge-preamble-conflict)', async () => {
    const t = tempDir();
    try {
      await setupRepo(t.dir, { [AC]: base, 'memory-bank/projectbrief.md': '# Brief\n' });
      const merge = mergeBranches(t.dir, { [AC]: base.replace('The store.', 'The search box.') }, { [AC]: base.replace('None.', 'CI is red.') });
      expect(merge.out).not.toContain('git.merge-preamble-conflict');
      expect(merge.code).toBe(0);
      expect(readFileSync(join(t.dir, AC), 'utf8')).toBe(base.replace('The store.', 'The search box.').replace('None.', 'CI is red.'));
    } finally {
      t.done();
    }
  });

  it('edits of the same line conflict with markers holding both sides', async () => {
    const t = tempDir();
    try {
      await setupRepo(t.dir, { [AC]: base, 'memory-bank/projectbrief.md': '# Brief\n' });
      const merge = mergeBranches(t.dir, { [AC]: base.replace('The index.', 'Ours next.') }, { [AC]: base.replace('The index.', 'Theirs next.') });
      expect(merge.code).not.toBe(0);
      expect(conflicted(t.dir)).toEqual([AC]);
      const text = readFileSync(join(t.dir, AC), 'utf8');
      expect(text).toMatch(/^<<<<<<< .*\nOurs next\.\n=======\nTheirs next\.\n>>>>>>> /m);
    } finally {
      t.done();
    }
  });
});

type Task = { id: string; status: string; children: string[]; parent: string | null };

/** A consistent WBS: the index rolled up, and one entity file per entry agreeing with it on every shared field. */
function wbs(leaves: Record<string, string>): Record<string, string> {
  const ids = Object.keys(leaves);
  const features = [...new Set(ids.map((id) => id.split('.').slice(0, 2).join('.')))];
  const tasks: Record<string, unknown>[] = [
    { id: '1', type: 'epic', status: 'pending', parent: null, children: features, dependencies: [], progress: { completed: 0, total: 0 } },
    ...features.flatMap((f) => [
      { id: f, type: 'feature', status: 'pending', parent: '1', children: ids.filter((id) => id.startsWith(`${f}.`)), dependencies: [], progress: { completed: 0, total: 0 } },
      ...ids.filter((id) => id.startsWith(`${f}.`)).map((id) => ({ id, type: 'task', status: leaves[id], parent: f, children: [], dependencies: [] })),
    ]),
  ];
  const index = rollup({ version: '1.0.0', tasks } as unknown as TaskIndex);
  const files: Record<string, string> = { '.claude/memory/task-index.json': `${JSON.stringify(index, null, 2)}\n` };
  for (const e of index.tasks as unknown as (Task & Record<string, unknown>)[]) {
    const { progress: _, ...entity } = e;
    files[`.claude/memory/tasks/${e.id}.json`] = `${JSON.stringify({ ...entity, title: `Task ${e.id}` }, null, 2)}\n`;
  }
  return files;
}

/** Every entity file's status next to the index's, for the ids that disagree. */
function disagreements(dir: string): [string, string, string][] {
  const index = JSON.parse(readFileSync(join(dir, '.claude/memory/task-index.json'), 'utf8')) as { tasks: Task[] };
  return index.tasks
    .map((e) => [e.id, e.status, (JSON.parse(readFileSync(join(dir, `.claude/memory/tasks/${e.id}.json`), 'utf8')) as Task).status] as [string, string, string])
    .filter(([, a, b]) => a !== b);
}

describe('a WBS merge leaves the entity files and the index consistent, or conflicts', { timeout: 60_000 }, () => {
  it('ours finishing a feature while theirs adds a task to it does not leave the entity done and the index in-progress', async () => {
    const t = tempDir();
    try {
      await setupRepo(t.dir, wbs({ '1.1.1': 'done', '1.1.2': 'in-progress' }));
      const merge = mergeBranches(t.dir, wbs({ '1.1.1': 'done', '1.1.2': 'done' }), wbs({ '1.1.1': 'done', '1.1.2': 'in-progress', '1.1.3': 'pending' }));
      // The entity files merge line by line (tasks/1.json says done); the index rolls epic 1 up to in-progress.
      expect(merge.code).not.toBe(0);
      expect(merge.out).toContain('git.merge-rollup-conflict');
      expect(merge.out).toContain('task 1.1: the merged index rolls its status up to "in-progress"');
      expect(conflicted(t.dir)).toEqual(['.claude/memory/task-index.json']);
    } finally {
      t.done();
    }
  });

  it('two branches finishing the last two tasks of a feature do not leave the feature in-progress in its entity file and done in the index', async () => {
    const t = tempDir();
    try {
      await setupRepo(t.dir, wbs({ '1.1.1': 'in-progress', '1.1.2': 'in-progress' }));
      const merge = mergeBranches(t.dir, wbs({ '1.1.1': 'done', '1.1.2': 'in-progress' }), wbs({ '1.1.1': 'in-progress', '1.1.2': 'done' }));
      // Neither side changed tasks/1.1.json (in-progress); the roll-up of both leaves done makes 1.1 done.
      expect(merge.code).not.toBe(0);
      expect(merge.out).toContain('task 1.1: the merged index rolls its status up to "done"');
      expect(conflicted(t.dir)).toEqual(['.claude/memory/task-index.json']);
    } finally {
      t.done();
    }
  });

  it('branches changing different leaves without moving any parent merge cleanly and consistently', async () => {
    const t = tempDir();
    try {
      await setupRepo(t.dir, wbs({ '1.1.1': 'in-progress', '1.1.2': 'pending', '1.2.1': 'pending', '1.2.2': 'done' }));
      const merge = mergeBranches(
        t.dir,
        wbs({ '1.1.1': 'done', '1.1.2': 'pending', '1.2.1': 'pending', '1.2.2': 'done' }),
        wbs({ '1.1.1': 'in-progress', '1.1.2': 'pending', '1.2.1': 'in-progress', '1.2.2': 'done' }),
      );
      expect(merge.out).not.toContain('CONFLICT');
      expect(merge.code).toBe(0);
      expect(disagreements(t.dir)).toEqual([]);
    } finally {
      t.done();
    }
  });
});
