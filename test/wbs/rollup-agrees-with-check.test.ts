// #19.6: `memkit wbs rollup` said the index agreed with the roll-up while `memkit check`
// reported wbs.progress-mismatch on the same directory: rollup() never recounted progress.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TaskIndex } from '../../src/schema/wbs.js';
import { checkWbs, rollup } from '../../src/services/wbs/index.js';
import { runCli, tempDir } from '../cli/helpers.js';
import { clone, wbsFixture } from './arbitraries.js';

const STATUS = fc.constantFrom('pending', 'in-progress', 'done');
const COUNT = fc.nat({ max: 20 });

const e = (id: string, status: string, children: string[], progress?: { completed: number; total: number }) => ({
  id,
  type: ['epic', 'feature', 'task'][id.split('.').length - 1],
  status,
  parent: id.includes('.') ? id.slice(0, id.lastIndexOf('.')) : null,
  children,
  dependencies: [],
  ...(progress ? { progress } : {}),
});

describe('wbs rollup fixes what check reports as a stale roll-up, and agrees with it', () => {
  it('the CLI: a stale progress count is reported by both `wbs rollup` and `check`, and fixed by the roll-up', async () => {
    const { dir, done } = tempDir();
    try {
      const mem = join(dir, '.claude', 'memory');
      mkdirSync(join(mem, 'tasks'), { recursive: true });
      // statuses roll up correctly; only the epic's progress is stale (1/2, really 2/2)
      const index = { version: '1.0.0', tasks: [e('1', 'done', ['1.1', '1.2'], { completed: 1, total: 2 }), e('1.1', 'done', []), e('1.2', 'done', [])] };
      writeFileSync(join(mem, 'task-index.json'), JSON.stringify(index, null, 2) + '\n');
      for (const t of index.tasks) writeFileSync(join(mem, 'tasks', `${t.id}.json`), JSON.stringify(t, null, 2) + '\n');
      const check = await runCli(['check', dir, '--format', 'json']);
      const rolled = await runCli(['wbs', 'rollup', dir, '--format', 'json']);
      const checkCodes = (JSON.parse(check.stdout) as { problems: { code: string }[] }).problems.map((p) => p.code);
      const rollupOut = JSON.parse(rolled.stdout) as { problems: { code: string }[]; tasks: TaskIndex['tasks'] };
      expect(checkCodes).toContain('wbs.progress-mismatch');
      expect(rollupOut.problems.map((p) => p.code)).toEqual(['wbs.progress-mismatch']);
      // The progress count is memkit's convention: a warning from both commands in the spec profile, an error from `check --profile strict`.
      const severityIn = (out: string) => (JSON.parse(out) as { problems: { code: string; severity: string }[] }).problems.find((p) => p.code === 'wbs.progress-mismatch')?.severity;
      expect(severityIn(check.stdout)).toBe('warning');
      expect(severityIn(rolled.stdout)).toBe('warning');
      expect(rolled.code).toBe(0);
      const strict = await runCli(['check', dir, '--profile', 'strict', '--format', 'json']);
      expect(strict.code).toBe(1);
      expect(severityIn(strict.stdout)).toBe('error');
      expect(rollupOut.tasks[0]!.progress).toEqual({ completed: 2, total: 2 });
    } finally {
      done();
    }
  });

  it('property: on any generated tree with scrambled statuses and counts, checkWbs finds no roll-up or progress problem in rollup()’s output, and rollup() changes nothing exactly when check accepts it', () => {
    fc.assert(
      fc.property(wbsFixture, fc.array(fc.tuple(STATUS, COUNT, COUNT), { minLength: 64, maxLength: 64 }), fc.boolean(), ({ index }, scramble, dropProgress) => {
        const scrambled: TaskIndex = clone(index);
        scrambled.tasks.forEach((t, i) => {
          const [status, completed, total] = scramble[i % 64]!;
          t.status = status as never;
          if (t.progress !== undefined || !dropProgress) t.progress = { completed, total };
        });
        const once = rollup(scrambled);
        const left = checkWbs(once).filter((p) => p.code === 'wbs.rollup-mismatch' || p.code === 'wbs.progress-mismatch');
        expect(left).toEqual([]);
        expect(rollup(once)).toEqual(once);
        // and check's verdict on the original equals "rollup would change these fields"
        const before = checkWbs(scrambled).filter((p) => p.code === 'wbs.rollup-mismatch' || p.code === 'wbs.progress-mismatch');
        const changed = scrambled.tasks.flatMap((t, i) => [
          ...(t.status !== once.tasks[i]!.status ? [`/tasks/${i}/status`] : []),
          ...(JSON.stringify(t.progress) !== JSON.stringify(once.tasks[i]!.progress) ? [`/tasks/${i}/progress`] : []),
        ]);
        // "the index agrees with the roll-up" exactly when check finds no roll-up or progress problem
        expect(changed.length === 0).toBe(before.length === 0);
      }),
      { numRuns: 150 },
    );
  });
});
