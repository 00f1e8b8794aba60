// #25.9: `check` read task-index.json up to 64 MiB while `wbs` refused it over 16 MiB (the
// JSON parser's default): one limit per format now, WBS_MAX_BYTES, used by both.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFromFilePort } from '../../src/engine/source.js';
import { checkDirectory } from '../../src/engine/index.js';
import { memoryFiles } from '../../src/kernel/file-port.js';
import { WBS_MAX_BYTES, loadWbs } from '../../src/services/wbs/index.js';
import { parseWbsJson } from '../../src/formats/wbs/limits.js';
import { runCli, tempDir } from '../cli/helpers.js';

const entry = (id: string) => ({ id, type: 'epic', status: 'pending', parent: null, children: [], dependencies: [] });

/** An index of `bytes` UTF-8 bytes or a little more: one epic whose deliverables pad it. */
function indexOf(bytes: number, pad = 'x'): string {
  const base = JSON.stringify({ version: '1.0.0', tasks: [{ ...entry('1'), deliverables: [''] }] });
  const per = new TextEncoder().encode(pad).length;
  const filler = pad.repeat(Math.ceil((bytes - base.length) / per));
  return JSON.stringify({ version: '1.0.0', tasks: [{ ...entry('1'), deliverables: [filler] }] });
}

describe('task-index.json has one size limit for check and wbs, not two', () => {
  it('the limit is the same for both formats as the check default', () => {
    expect(WBS_MAX_BYTES['wbs-task-index']).toBe(64 * 1024 * 1024);
    expect(WBS_MAX_BYTES['wbs-task']).toBe(64 * 1024 * 1024);
  });

  it('an index between 16 and 64 MiB: wbs and check both read it', { timeout: 60_000 }, async () => {
    const text = indexOf(20 * 1024 * 1024);
    const files = memoryFiles({ '.claude/memory/task-index.json': text, '.claude/memory/tasks/1.json': JSON.stringify(entry('1')) });
    const loaded = await loadWbs(files);
    expect(loaded.problems.map((p) => p.code)).toEqual([]);
    expect(loaded.index).toBeDefined();
    const report = await checkDirectory(sourceFromFilePort(files));
    expect(report.problems.filter((p) => p.code === 'input.too-large' || p.code === 'check.too-large')).toEqual([]);
  });

  it('an index over the limit: both refuse it with input.too-large (check even when --max-file-size is higher)', { timeout: 120_000 }, async () => {
    const text = indexOf(WBS_MAX_BYTES['wbs-task-index'] + 10);
    const files = memoryFiles({ '.claude/memory/task-index.json': text });
    expect((await loadWbs(files)).problems.map((p) => p.code)).toEqual(['input.too-large']);
    const report = await checkDirectory(sourceFromFilePort(files), { maxFileBytes: 128 * 1024 * 1024 });
    expect(report.problems.map((p) => p.code)).toContain('input.too-large');
  });

  it('the limit is in UTF-8 bytes, not characters', () => {
    // 3-byte characters: fewer units than the limit, more bytes
    const text = indexOf(WBS_MAX_BYTES['wbs-task-index'] + 10, '€');
    expect(text.length).toBeLessThan(WBS_MAX_BYTES['wbs-task-index']);
    const r = parseWbsJson(text, 'wbs-task-index');
    expect(r.ok ? [] : r.problems.map((p) => p.code)).toEqual(['input.too-large']);
  });

  it('the CLI: `wbs rollup` and `check` agree on an index over 16 MiB', { timeout: 60_000 }, async () => {
    const { dir, done } = tempDir();
    try {
      const mem = join(dir, '.claude', 'memory');
      mkdirSync(join(mem, 'tasks'), { recursive: true });
      writeFileSync(join(mem, 'task-index.json'), indexOf(17 * 1024 * 1024));
      writeFileSync(join(mem, 'tasks', '1.json'), JSON.stringify(entry('1')));
      const wbs = await runCli(['wbs', 'rollup', dir, '--format', 'json']);
      const check = await runCli(['check', dir, '--format', 'json']);
      const codes = (r: { stdout: string }) => (JSON.parse(r.stdout) as { problems: { code: string }[] }).problems.map((p) => p.code);
      expect(codes(wbs)).not.toContain('input.too-large');
      expect(codes(check)).not.toContain('input.too-large');
    } finally {
      done();
    }
  });
});
