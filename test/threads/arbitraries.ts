// fast-check generators for thread stores used by the threads tests (kept local to the tests).
import fc from 'fast-check';
import type { ThreadStore } from '../../src/schema/thread-store.js';
import { type ThreadCommand, type ThreadEnv, applyOperation, createThreadStore } from '../../src/services/threads/index.js';

/** A small pool of thread ids, so operations hit the same threads often. */
export const POOL = ['t0', 't1', 't2', 't3', 't4', 't5', 'x_y', 'a-b'];
const id = fc.constantFrom(...POOL);

/** Any command, valid or not: spawn, reference, freeze, archive, update, and a few the store must refuse. */
export const command: fc.Arbitrary<ThreadCommand> = fc
  .oneof(
    {
      weight: 4,
      arbitrary: fc.record({ command: fc.constant('spawn'), params: fc.record({ parent_id: fc.option(id, { nil: null }), child_id: id, objective: fc.constantFrom('Plan', 'Build', '') }) }),
    },
    { weight: 2, arbitrary: fc.record({ command: fc.constant('reference'), params: fc.record({ from_id: id, to_id: id, asset_path: fc.constantFrom('notes.md', 'a/b.md') }) }) },
    { weight: 1, arbitrary: fc.record({ command: fc.constant('freeze'), params: fc.record({ thread_id: id }) }) },
    { weight: 1, arbitrary: fc.record({ command: fc.constant('archive'), params: fc.record({ thread_id: id }) }) },
    {
      weight: 2,
      arbitrary: fc.record({
        command: fc.constant('update'),
        params: fc.oneof(
          fc.record({ thread_id: id, title: fc.constantFrom('New title', '') }),
          fc.record({ thread_id: id, depends_on: fc.uniqueArray(id, { maxLength: 3 }) }),
          fc.record({ thread_id: id, tags: fc.array(fc.constantFrom('ui', 'api'), { maxLength: 2 }) }),
          fc.record({ thread_id: id, status: fc.constantFrom('active', 'archived') }),
        ),
      }),
    },
    { weight: 1, arbitrary: fc.record({ command: fc.constantFrom('delete', 'merge'), params: fc.record({ thread_id: id }) }) },
    {
      weight: 1,
      arbitrary: fc.record({ command: fc.constant('spawn'), params: fc.record({ parent_id: fc.constant(null), child_id: fc.constantFrom('bad id', '../x'), objective: fc.constant('x') }) }),
    },
  )
  .map((c) => ({ ...c, operator: 'agent' as const }) as ThreadCommand);

/** A deterministic env: one second per operation. */
export function testEnv(): ThreadEnv & { tick: () => void } {
  let n = 0;
  let t = Date.parse('2026-02-08T16:00:00Z');
  return {
    now: () => new Date((t += 1000)),
    newId: () => `op-${++n}`,
    tick: () => void (t += 1000),
  };
}

/** Applies commands in order; returns the final store and how many were accepted. */
export function run(commands: readonly ThreadCommand[], env = testEnv()): { store: ThreadStore; accepted: number; refusals: string[] } {
  let store = createThreadStore({ now: () => '2026-02-08T16:00:00Z' });
  let accepted = 0;
  const refusals: string[] = [];
  for (const c of commands) {
    const r = applyOperation(store, c, env);
    if (r.ok) {
      store = r.value;
      accepted++;
    } else refusals.push(r.problems[0]!.code);
  }
  return { store, accepted, refusals };
}

/** A script that always builds the same rich store: threads in every status, references, dependencies. */
export const SCRIPT: ThreadCommand[] = [
  { command: 'spawn', params: { parent_id: null, child_id: 'root', objective: 'Ship v1' } },
  { command: 'spawn', params: { parent_id: 'root', child_id: 'auth', objective: 'Login', tags: ['api'] } },
  { command: 'spawn', params: { parent_id: 'root', child_id: 'ui', objective: 'Screens' } },
  { command: 'spawn', params: { parent_id: 'auth', child_id: 'tokens', objective: 'JWT' } },
  { command: 'spawn', params: { parent_id: 'root', child_id: 'old', objective: 'Spike' } },
  { command: 'reference', params: { from_id: 'ui', to_id: 'auth', asset_path: 'api.md' } },
  { command: 'reference', params: { from_id: 'tokens', to_id: 'old', asset_path: 'spike.md' } },
  { command: 'update', params: { thread_id: 'ui', depends_on: ['auth'] } },
  { command: 'update', params: { thread_id: 'auth', title: 'Authentication' } },
  { command: 'freeze', params: { thread_id: 'tokens' } },
  { command: 'archive', params: { thread_id: 'old' } },
];
