// A WBS dependency cycle was a warning, so `memkit check` passed an index in which no task of the
// cycle can ever become ready (`memkit wbs ready` already treated it as blocking).
import { describe, expect, it } from 'vitest';
import { checkDirectory, sourceFromFilePort } from '../../src/engine/index.js';
import { memoryFiles } from '../../src/kernel/file-port.js';

const entry = (id: string, dependencies: string[]) => ({ id, type: 'epic', status: 'pending', parent: null, children: [], dependencies });
const index = (...tasks: ReturnType<typeof entry>[]) => ({ '.claude/memory/task-index.json': `${JSON.stringify({ version: '1.0.0', tasks }, null, 2)}\n` });
const run = async (files: Record<string, string>) => checkDirectory(sourceFromFilePort(memoryFiles(files)), { config: null });

describe('a WBS dependency cycle is an error under the default profile', () => {
  it('a cycle of two and a self-dependency fail the check', async () => {
    const cycle = await run(index(entry('1', ['2']), entry('2', ['1'])));
    expect(cycle.ok).toBe(false);
    expect(cycle.problems.filter((p) => p.code === 'wbs.dependency-cycle').map((p) => p.severity)).toEqual(['error']);
    const self = await run(index(entry('1', ['1'])));
    expect(self.ok).toBe(false);
    expect(self.problems.filter((p) => p.code === 'wbs.dependency-self').map((p) => p.severity)).toEqual(['error']);
  });

  it('dependencies without a cycle raise no dependency problem', async () => {
    const r = await run(index(entry('1', []), entry('2', ['1'])));
    expect(r.problems.filter((p) => p.code.startsWith('wbs.dependency')).map((p) => p.code)).toEqual([]);
  });
});
