import { describe, expect, it } from 'vitest';
import { progressBar } from '../../src/surfaces/cli/progress.js';
import type { CliIo } from '../../src/surfaces/cli/io.js';

const io = (stderrTTY: boolean, out: string[]): CliIo => ({ stdout: () => {}, stderr: (s) => void out.push(s), stdoutTTY: false, stderrTTY, env: {}, cwd: '/' });

describe('progressBar', () => {
  it('draws nothing when stderr is not a terminal', () => {
    const out: string[] = [];
    let t = 0;
    const bar = progressBar(io(false, out), 'x', { now: () => t });
    for (t = 0; t < 5000; t += 200) bar.update(t, 5000);
    bar.done();
    expect(out).toEqual([]);
  });

  it('waits a second, redraws at most every 100 ms, and erases itself', () => {
    const out: string[] = [];
    let t = 0;
    const bar = progressBar(io(true, out), 'indexing', { now: () => t });
    bar.update(1, 10);
    t = 500;
    bar.update(5, 10);
    expect(out).toEqual([]);
    t = 1000;
    bar.update(5, 10);
    t = 1050;
    bar.update(6, 10);
    t = 1200;
    bar.update(10, 10);
    expect(out).toHaveLength(2);
    expect(out[0]).toMatch(/^\rindexing \[#{15}\.{15}\] 50% \(5\/10\)/);
    expect(out[1]).toContain('100% (10/10)');
    bar.done();
    expect(out[2]).toBe('\r\u001b[K');
  });
});
