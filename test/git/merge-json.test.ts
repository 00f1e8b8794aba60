import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mergeMemoryFile } from '../../src/services/git/merge-file.js';
import { applyOperation, checkThreadStore } from '../../src/services/threads/index.js';
import type { ThreadStore } from '../../src/schema/index.js';
import { checkWbs, rollup } from '../../src/services/wbs/index.js';
import { ROOT } from '../cli/helpers.js';

const example = (path: string) => readFileSync(join(ROOT, 'examples/agent-memory', path), 'utf8');
const json = (v: unknown) => `${JSON.stringify(v, null, 2)}\n`;

describe('three-way merge of a thread store', () => {
  const base = JSON.parse(example('threads/thread-store.json')) as ThreadStore;
  const spawn = (store: ThreadStore, child: string, at: string, id: string) => {
    const r = applyOperation(store, { command: 'spawn', params: { parent_id: 'memkit-main', child_id: child, objective: `work on ${child}` } }, { now: () => at, newId: () => id });
    if (!r.ok) throw new Error(JSON.stringify(r.problems));
    return r.value;
  };

  it('threads spawned on both sides: both kept, the operations log is the union, relations and counts rebuilt', () => {
    const ours = spawn(base, 'docs', '2026-02-22T10:00:00Z', 'op-ours');
    const theirs = spawn(base, 'bench', '2026-02-22T11:00:00Z', 'op-theirs');
    const r = mergeMemoryFile('threads/thread-store.json', { base: json(base), ours: json(ours), theirs: json(theirs) });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const merged = JSON.parse(r.value.text) as ThreadStore;
    expect(Object.keys(merged.threads)).toEqual([...Object.keys(base.threads), 'docs', 'bench']);
    expect(merged.operations.map((o) => o.id).slice(-2)).toEqual(['op-ours', 'op-theirs']);
    expect(merged.relations['memkit-main']!.children).toEqual(expect.arrayContaining(['docs', 'bench']));
    expect(merged.metadata.thread_count).toBe(Object.keys(merged.threads).length);
    expect(merged.metadata.last_updated).toBe('2026-02-22T11:00:00Z');
    expect(checkThreadStore(merged).filter((p) => p.severity === 'error')).toEqual([]);
  });

  it('one thread changed differently on both sides is a conflict', () => {
    const edit = (objective: string) => ({ ...base, threads: { ...base.threads, 'search-ui': { ...base.threads['search-ui']!, objective } } });
    const r = mergeMemoryFile('threads/thread-store.json', { base: json(base), ours: json(edit('A')), theirs: json(edit('B')) });
    expect(!r.ok && r.problems.map((p) => p.code)).toEqual(['git.merge-entry-conflict']);
  });
});

describe('three-way merge of a WBS task index', () => {
  type Index = { version: string; tasks: Record<string, unknown>[] };
  const set = (index: Index, id: string, status: string) => rollup({ ...index, tasks: index.tasks.map((t) => (t.id === id ? { ...t, status } : t)) } as never) as unknown as Index;
  // Each side is consistent on its own: statuses rolled up.
  const base = set(set(JSON.parse(example('.claude/memory/task-index.json')) as Index, '1.2.1', 'pending'), '1.2.2', 'pending');
  const setStatus = (id: string, status: string) => set(base, id, status);

  it('leaves changed on different branches merge, and the parents roll up again', () => {
    const r = mergeMemoryFile('.claude/memory/task-index.json', { base: json(base), ours: json(setStatus('1.2.2', 'done')), theirs: json(setStatus('1.2.1', 'in-progress')) });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const merged = JSON.parse(r.value.text) as typeof base;
    const status = (id: string) => merged.tasks.find((t) => t.id === id)!.status;
    expect([status('1.2.1'), status('1.2.2')]).toEqual(['in-progress', 'done']);
    expect(status('1.2')).toBe('in-progress');
    expect(checkWbs(merged).filter((p) => p.severity === 'error')).toEqual([]);
  });

  it("leaves finished on different branches roll their parent up to done, which neither side's entity file says: git.merge-rollup-conflict", () => {
    const r = mergeMemoryFile('.claude/memory/task-index.json', { base: json(base), ours: json(setStatus('1.2.2', 'done')), theirs: json(setStatus('1.2.1', 'done')) });
    expect(!r.ok && r.problems.map((p) => [p.code, p.message.slice(0, 56)])).toEqual([
      ['git.merge-rollup-conflict', 'task 1: the merged index rolls its status up to "done", '],
      ['git.merge-rollup-conflict', 'task 1.2: the merged index rolls its status up to "done"'],
    ]);
  });

  it('one leaf set to two different statuses is a conflict', () => {
    const r = mergeMemoryFile('.claude/memory/task-index.json', { base: json(base), ours: json(setStatus('1.2.2', 'done')), theirs: json(setStatus('1.2.2', 'in-progress')) });
    expect(!r.ok && r.problems.map((p) => p.code)).toEqual(['git.merge-entry-conflict']);
  });
});

describe('three-way merge of the memory manifest', () => {
  const base = JSON.parse(example('.thunderus/memory/indexes/manifest.json')) as { generated_at: string; docs: Record<string, unknown>[] };
  const doc = (path: string) => ({ ...base.docs[0], path, id: `fact.${path.length}` });

  it('docs added on both sides are both listed; generated_at is the later', () => {
    const ours = { ...base, generated_at: '2026-03-01T00:00:00Z', docs: [...base.docs, doc('.thunderus/memory/semantic/FACTS/a.md')] };
    const theirs = { ...base, generated_at: '2026-03-02T00:00:00Z', docs: [...base.docs, doc('.thunderus/memory/semantic/FACTS/bb.md')] };
    const r = mergeMemoryFile('.thunderus/memory/indexes/manifest.json', { base: json(base), ours: json(ours), theirs: json(theirs) });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const merged = JSON.parse(r.value.text) as typeof base;
    expect(merged.docs.map((d) => d.path)).toEqual([...base.docs.map((d) => d.path), '.thunderus/memory/semantic/FACTS/a.md', '.thunderus/memory/semantic/FACTS/bb.md']);
    expect(merged.generated_at).toBe('2026-03-02T00:00:00Z');
  });
});

describe('other files', () => {
  it('a file changed on one side only takes that side; a format with no merge is a conflict', () => {
    expect(mergeMemoryFile('memory-bank/progress.md', { base: 'a\n', ours: 'a\n', theirs: 'b\n' })).toMatchObject({ ok: true, value: { text: 'b\n' } });
    const r = mergeMemoryFile('memory-bank/progress.md', { base: 'a\n', ours: 'b\n', theirs: 'c\n' });
    expect(!r.ok && r.problems.map((p) => p.code)).toEqual(['git.merge-unsupported']);
  });
});
