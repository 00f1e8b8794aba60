// #20: WBS `progress` counting direct children (or counted any other way) was refused
// (wbs.progress-mismatch error): the format defines only its shape `{completed:number, total:number}`.
// memkit's leaf-task count is a convention: a warning in the default profile. The status roll-up
// IS in the format (all children done → done; some → in-progress; none → pending): still an error.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkWbs } from '../../src/services/wbs/index.js';
import { ROOT, runCli, tempDir } from '../cli/helpers.js';

const MEMORY = join(ROOT, 'examples/agent-memory/.claude');
type Entry = { id: string; status: string; progress?: { completed: number; total: number } };
const INDEX = JSON.parse(readFileSync(join(MEMORY, 'memory/task-index.json'), 'utf8')) as { version: string; tasks: Entry[] };

/** The example index with the epic's progress counting its direct children (1 of 2 features done), not its 4 leaf tasks. */
function directChildren(): typeof INDEX {
  const index = JSON.parse(JSON.stringify(INDEX)) as typeof INDEX;
  index.tasks.find((t) => t.id === '1')!.progress = { completed: 1, total: 2 };
  return index;
}
const errors = (ps: { code: string; severity: string }[]) => ps.filter((p) => p.severity === 'error').map((p) => p.code);

describe('WBS progress counted over direct children is a convention warning, not an error', () => {
  it('progress over direct children is the convention warning, not an error; a wrong roll-up stays an error', () => {
    expect(checkWbs(INDEX)).toEqual([]);
    const problems = checkWbs(directChildren());
    expect(errors(problems)).toEqual([]);
    expect(problems.map((p) => [p.code, p.severity])).toEqual([['wbs.progress-mismatch', 'warning']]);
    const rolled = directChildren();
    rolled.tasks.find((t) => t.id === '1')!.status = 'done';
    expect(errors(checkWbs(rolled))).toContain('wbs.rollup-mismatch');
  });

  it('memkit check: no error in the default profile, wbs.progress-mismatch as a warning, an error under --profile strict', { timeout: 30_000 }, async () => {
    const t = tempDir();
    try {
      cpSync(MEMORY, join(t.dir, '.claude'), { recursive: true });
      writeFileSync(join(t.dir, '.claude/memory/task-index.json'), JSON.stringify(directChildren(), null, 2));
      const c = await runCli(['check', t.dir, '--format', 'json']);
      const report = JSON.parse(c.stdout) as { problems: { code: string; severity: string }[] };
      expect(errors(report.problems)).toEqual([]);
      expect(report.problems).toContainEqual(expect.objectContaining({ code: 'wbs.progress-mismatch', severity: 'warning' }));
      expect(c.code).toBe(0);
      const strict = await runCli(['check', t.dir, '--format', 'json', '--profile', 'strict']);
      expect(strict.code).toBe(1);
      expect(JSON.parse(strict.stdout).problems).toContainEqual(expect.objectContaining({ code: 'wbs.progress-mismatch', severity: 'error' }));
    } finally {
      t.done();
    }
  });
});
