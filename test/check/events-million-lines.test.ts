// Reported: an events.jsonl of 1,000,000 lines of `{}` (3 MB) ran past 60 s
// and 3.3 GB: every line's problems were kept (8 million of them), with every
// parsed line. The checker now streams the file, caps problems per file with
// one problems.truncated counting the rest, and only counts lines past the cap.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDirectory, sourceFromFilePort } from '../../src/engine/index.js';
import { memoryFiles } from '../../src/services/store/index.js';
import { runCli, tempDir } from '../cli/helpers.js';

const LINES = 1_000_000;
const hostile = () => '{}\n'.repeat(LINES);

describe('a million-line events.jsonl is checked with capped problems and flat memory', () => {
  it('reports the first problems, then one problems.truncated counting the rest', { timeout: 60_000 }, async () => {
    const report = await checkDirectory(sourceFromFilePort(memoryFiles({ 'events.jsonl': hostile() })), { maxProblems: 100 });
    expect(report.ok).toBe(false);
    expect(report.problems).toHaveLength(101);
    expect(report.problems.slice(0, 100).every((p) => p.code === 'schema.required' && p.file === 'events.jsonl')).toBe(true);
    const notice = report.problems.at(-1)!;
    expect(notice).toMatchObject({ code: 'problems.truncated', severity: 'error', file: 'events.jsonl' });
    // The first problem left out is on line 13 (`{}` lacks 8 properties); at least one per later line.
    expect(notice.line).toBe(13);
    const counted = Number(/(\d+) more/.exec(notice.message)?.[1]);
    expect(counted).toBeGreaterThanOrEqual(LINES - 13);
  });

  it('the cap counts every line past it, whatever the problem', { timeout: 30_000 }, async () => {
    const text = 'not json\n'.repeat(500) + '\n'.repeat(500) + '{"v":1}\n';
    const report = await checkDirectory(sourceFromFilePort(memoryFiles({ 'events.jsonl': text })), { maxProblems: 10 });
    const notice = report.problems.find((p) => p.code === 'problems.truncated')!;
    expect(report.problems.filter((p) => p.code !== 'problems.truncated')).toHaveLength(10);
    // 490 more unparsable lines, 500 blank lines between records, at least one for the last line.
    expect(notice.message).toMatch(/at least 991 more/);
    expect(notice.severity).toBe('error');
  });

  it('peak memory stays flat (measured in a child process)', { timeout: 90_000 }, () => {
    // The child loads the checker, notes its RSS, builds and checks the file, and reports its peak RSS.
    const script = `
      const { checkDirectory, sourceFromFilePort } = await import(${JSON.stringify(new URL('../../src/engine/index.ts', import.meta.url).pathname)});
      const { memoryFiles } = await import(${JSON.stringify(new URL('../../src/services/store/index.ts', import.meta.url).pathname)});
      await checkDirectory(sourceFromFilePort(memoryFiles({ 'events.jsonl': '{"v":1}\\n' })));
      const base = process.memoryUsage().rss;
      const report = await checkDirectory(sourceFromFilePort(memoryFiles({ 'events.jsonl': '{}\\n'.repeat(${LINES}) })));
      console.log(JSON.stringify({ base, peak: process.resourceUsage().maxRSS * 1024, problems: report.problems.length }));
    `;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 85_000 });
    expect(child.stderr).toBe('');
    const { base, peak, problems } = JSON.parse(child.stdout) as { base: number; peak: number; problems: number };
    expect(problems).toBe(101);
    // Before the fix the peak was about 2.7 GB over a ~150 MB base; the text itself is 3 MB.
    expect(peak - base).toBeLessThan(200 * 1024 * 1024);
  });

  it('memkit validate of the same file caps its problems the same way', { timeout: 60_000 }, async () => {
    const tmp = tempDir();
    try {
      writeFileSync(join(tmp.dir, 'events.jsonl'), hostile());
      const run = await runCli(['validate', 'events.jsonl', '--schema', 'event', '--format', 'json', '--max-problems', '20'], { cwd: tmp.dir });
      expect(run.code).toBe(1);
      const problems = (JSON.parse(run.stdout) as { problems: { code: string; severity: string; message: string }[] }).problems;
      expect(problems).toHaveLength(21);
      expect(problems.at(-1)).toMatchObject({ code: 'problems.truncated', severity: 'error' });
      expect(Number(/(\d+) more/.exec(problems.at(-1)!.message)?.[1])).toBeGreaterThanOrEqual(LINES - 3);
    } finally {
      tmp.done();
    }
  });
});
