import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyOperation, canTransition, checkThreadStore, createThreadStore, rebuildRelations } from '../../src/services/threads/index.js';
import { SCRIPT, command, run, testEnv } from './arbitraries.js';

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

describe('applyOperation', () => {
  it('any sequence of accepted operations leaves a store that passes checkThreadStore, with relations equal to rebuilt ones', () => {
    fc.assert(
      fc.property(fc.array(command, { maxLength: 40 }), (commands) => {
        const { store } = run(commands);
        expect(checkThreadStore(store)).toEqual([]);
        expect(rebuildRelations(store)).toEqual(store.relations);
        expect(store.metadata.thread_count).toBe(Object.keys(store.threads).length);
      }),
      { numRuns: 200 },
    );
  });

  it('is pure and refuses without changing the store', () => {
    fc.assert(
      fc.property(fc.array(command, { maxLength: 25 }), command, (commands, next) => {
        const { store } = run(commands);
        const frozen = clone(store);
        const r = applyOperation(store, next, testEnv());
        expect(store).toEqual(frozen);
        if (r.ok) {
          expect(r.value.operations).toHaveLength(store.operations.length + 1);
          expect(r.value.operations.at(-1)).toMatchObject({ command: next.command, operator: 'agent' });
        } else {
          expect(r.problems.length).toBeGreaterThan(0);
          expect(r.problems[0]!.code).toMatch(/^threads\./);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('records id, timestamp and operator, and keeps metadata current', () => {
    const { store } = run(SCRIPT);
    expect(store.operations).toHaveLength(SCRIPT.length);
    expect(store.operations[0]).toEqual({ id: 'op-1', timestamp: '2026-02-08T16:00:01Z', command: 'spawn', operator: 'system', params: { parent_id: null, child_id: 'root', objective: 'Ship v1' } });
    expect(store.metadata).toEqual({ last_updated: store.operations.at(-1)!.timestamp, thread_count: 5 });
    expect(store.threads.auth).toMatchObject({ title: 'Authentication', tags: ['api'], status: 'active', parent_id: 'root', storage_path: 'threads/auth' });
    expect(store.threads.tokens!.status).toBe('frozen');
    expect(store.threads.old!.status).toBe('archived');
    expect(store.relations.root!.children).toEqual(['auth', 'ui', 'old']);
    expect(store.relations.ui).toEqual({ children: [], references_to: ['auth'], referenced_by: [], depends_on: ['auth'] });
    expect(store.relations.auth!.referenced_by).toEqual(['ui']);
    expect(checkThreadStore(store)).toEqual([]);
  });

  it('enforces the transition table and read-only frozen threads', () => {
    const { store } = run(SCRIPT);
    const refused = (command: string, params: Record<string, unknown>) => {
      const r = applyOperation(store, { command, params }, { ...testEnv(), newId: () => 'op-new' });
      return r.ok ? 'accepted' : r.problems[0]!.code;
    };
    expect(refused('freeze', { thread_id: 'tokens' })).toBe('threads.transition-invalid'); // frozen → frozen
    expect(refused('freeze', { thread_id: 'old' })).toBe('threads.transition-invalid'); // archived is terminal
    expect(refused('archive', { thread_id: 'old' })).toBe('threads.transition-invalid');
    expect(refused('archive', { thread_id: 'tokens' })).toBe('accepted'); // frozen → archived
    expect(refused('archive', { thread_id: 'auth' })).toBe('accepted'); // active → archived
    expect(refused('update', { thread_id: 'tokens', title: 'x' })).toBe('threads.frozen-modified');
    expect(refused('update', { thread_id: 'old', title: 'x' })).toBe('threads.frozen-modified');
    expect(refused('spawn', { parent_id: 'tokens', child_id: 'n', objective: 'x' })).toBe('threads.frozen-modified');
    expect(refused('reference', { from_id: 'tokens', to_id: 'ui', asset_path: 'a' })).toBe('threads.frozen-modified');
    expect(refused('reference', { from_id: 'ui', to_id: 'old', asset_path: 'a' })).toBe('accepted'); // reading an archived asset is fine
    expect(refused('update', { thread_id: 'auth', status: 'active' })).toBe('threads.update-forbidden');
    expect(refused('update', { thread_id: 'auth', parent_id: null })).toBe('threads.update-forbidden');
    expect(refused('update', { thread_id: 'auth', depends_on: ['ui'] })).toBe('threads.depends-cycle');
    expect(refused('update', { thread_id: 'auth', depends_on: ['auth'] })).toBe('threads.relation-self');
    expect(refused('update', { thread_id: 'auth', depends_on: ['ghost'] })).toBe('threads.operation-unknown-thread');
    expect(refused('update', { thread_id: 'auth' })).toBe('threads.params-invalid');
    expect(refused('spawn', { parent_id: 'root', child_id: 'auth', objective: 'x' })).toBe('threads.spawn-existing');
    expect(refused('spawn', { parent_id: 'ghost', child_id: 'n', objective: 'x' })).toBe('threads.operation-unknown-thread');
    expect(refused('spawn', { parent_id: null, child_id: 'a b', objective: 'x' })).toBe('threads.params-invalid');
    expect(refused('spawn', { parent_id: null, child_id: 'n', objective: '' })).toBe('threads.params-invalid');
    expect(refused('reference', { from_id: 'ui', to_id: 'ui', asset_path: 'a' })).toBe('threads.relation-self');
    expect(refused('delete', { thread_id: 'ui' })).toBe('threads.command-unsupported');
    expect(canTransition('active', 'frozen')).toBe(true);
    expect(canTransition('frozen', 'active')).toBe(false);
    expect(canTransition('archived', 'frozen')).toBe(false);
  });

  it('refuses a duplicate operation id and a bad clock', () => {
    const { store } = run(SCRIPT.slice(0, 1));
    const dup = applyOperation(store, { command: 'spawn', params: { child_id: 'b', objective: 'x' } }, { newId: () => 'op-1' });
    expect(dup.ok ? 'accepted' : dup.problems[0]!.code).toBe('threads.id-duplicate');
    const clock = applyOperation(store, { command: 'spawn', params: { child_id: 'b', objective: 'x' } }, { now: () => 'yesterday' });
    expect(clock.ok ? 'accepted' : clock.problems[0]!.code).toBe('threads.params-invalid');
    const bad = applyOperation({} as never, { command: 'spawn', params: {} });
    expect(bad.ok ? 'accepted' : bad.problems[0]!.code).toBe('threads.not-store');
  });

  it('refuses prototype-named ids and checks hostile stores without crashing', () => {
    const r = applyOperation(createThreadStore(), { command: 'spawn', params: { child_id: '__proto__', objective: 'x' } });
    expect(r.ok ? 'accepted' : r.problems[0]!.code).toBe('threads.params-invalid');
    const hostile = JSON.parse(
      '{"version":"1.0.0","metadata":{"last_updated":"2026-01-01T00:00:00Z","thread_count":1},"threads":{"__proto__":{"id":"__proto__","title":"t","objective":"o","created_at":"2026-01-01T00:00:00Z","status":"active","parent_id":"constructor","storage_path":"p"}},"operations":[{"id":"1","timestamp":"2026-01-01T00:00:00Z","command":"freeze","operator":"user","params":{"thread_id":"toString"}}],"relations":{"__proto__":{"children":["constructor"],"references_to":[],"referenced_by":[],"depends_on":["__proto__"]}}}',
    );
    const codes = checkThreadStore(hostile).map((p) => p.code);
    expect(codes).toContain('threads.parent-missing');
    expect(codes).toContain('threads.operation-unknown-thread');
    expect(({} as { id?: string }).id).toBeUndefined();
  });
});
