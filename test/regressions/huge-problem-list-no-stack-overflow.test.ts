// A thread store of 200,000 operations that each earn a warning made checkThreadStore throw
// "Maximum call stack size exceeded": its problems were joined with `push(...list)`, and a spread
// passes every element as a call argument. Problem lists are now joined with loops.
import { describe, expect, it } from 'vitest';
import { checkThreadStore } from '../../src/threads/index.js';

describe('a problem list longer than a call can take', () => {
  it('checkThreadStore reports 200,000 operation warnings instead of throwing', { timeout: 60_000 }, () => {
    const n = 200_000;
    const operations = Array.from({ length: n }, (_, i) => ({
      id: `op-${i}`,
      timestamp: '2026-01-01T00:00:00Z',
      command: 'spawn',
      operator: 'agent',
      params: { parent_id: 'missing', child_id: `child-${i}`, objective: 'x' },
    }));
    const store = { version: '1.0', metadata: { last_updated: '2026-01-01T00:00:00Z', thread_count: 0 }, threads: {}, operations, relations: {} };
    const problems = checkThreadStore(store);
    expect(problems.filter((p) => p.code === 'threads.operation-unknown-thread').length).toBeGreaterThanOrEqual(n);
  });
});
