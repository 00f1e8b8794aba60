import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkInFull, checkWbs, indexChecks } from '../../src/wbs/check.js';
import { soundOutline } from '../../src/wbs/outline-check.js';
import { type Edit, applyEdit, clone, edit, renumber, wbsFixture } from './arbitraries.js';

const entry = indexChecks()!.entry;
const full = (tasks: unknown[]) => checkInFull({ version: '1.0.0', tasks }, undefined, {}, true);

/** Edits of one field that keep the outline: a status, type, parent, progress, or a list reordered. */
const fieldEdit = fc.record({
  a: fc.nat(),
  b: fc.nat(),
  field: fc.constantFrom('status', 'type', 'parent', 'progress', 'children-order', 'forward-dependency', 'dependency-repeat', 'progress-away', 'child-replace'),
  value: fc.constantFrom<unknown>('pending', 'in-progress', 'done', 'epic', 'feature', 'task', null, '1', '1.1', 0, 1, 2, 3),
});
type FieldEdit = typeof fieldEdit extends fc.Arbitrary<infer T> ? T : never;

function applyField(items: Record<string, unknown>[], e: FieldEdit): void {
  const t = items[e.a % items.length]!;
  const later = items[e.b % items.length]!;
  switch (e.field) {
    case 'status':
    case 'type':
    case 'parent':
      t[e.field] = e.value;
      return;
    case 'progress':
      t.progress = { completed: typeof e.value === 'number' ? e.value : 0, total: e.b % 5 };
      return;
    case 'progress-away':
      delete t.progress;
      return;
    case 'children-order':
      (t.children as unknown[]).reverse();
      return;
    case 'child-replace': {
      // one listed child swapped for another entry's id, or an id not in the index: the count stays
      const kids = t.children as unknown[];
      if (kids.length > 0) kids[e.b % kids.length] = e.value === null ? `${t.id as string}.77` : later.id;
      return;
    }
    case 'forward-dependency':
      // a dependency on any entry, earlier or later: may close a cycle
      if (later !== t) (t.dependencies as unknown[]).push(later.id);
      return;
    case 'dependency-repeat': {
      const deps = t.dependencies as unknown[];
      if (deps.length > 0) deps.push(deps[e.b % deps.length]);
    }
  }
}

describe('soundOutline (the one-pass proof behind checkWbs)', () => {
  it('holds only for indexes the full check finds sound', () => {
    const renumbering = fc.constantFrom<((c: number) => number) | undefined>(
      undefined,
      (c) => 3 * c - 1,
      (c) => c + 99_999_999_999_000,
    );
    fc.assert(
      fc.property(wbsFixture, renumbering, fc.array(edit, { maxLength: 3 }), fc.array(fieldEdit, { maxLength: 3 }), ({ index }, f, edits, fields) => {
        let items: unknown[] = clone(index.tasks);
        if (f !== undefined) items = renumber(items, f);
        for (const e of fields) applyField(items as Record<string, unknown>[], e);
        for (const e of edits as Edit[]) applyEdit(items, e);
        const problems = full(items);
        if (soundOutline(items, entry)) expect(problems).toEqual([]);
        // and checkWbs, whichever way it goes, says what the full check says
        expect(checkWbs({ version: '1.0.0', tasks: items })).toEqual(problems);
      }),
      { numRuns: 3000 },
    );
  });

  it('proves sound indexes in outline order sound, with dependencies on later entries too', () => {
    fc.assert(
      fc.property(wbsFixture, fc.nat(), ({ index }, pick) => {
        const items = clone(index.tasks) as Record<string, unknown>[];
        expect(soundOutline(items, entry)).toBe(true);
        // The first leaf depends on a later one: still sound, unless the later one depends on it.
        const leaves = items.filter((t) => (t.children as unknown[]).length === 0);
        const a = leaves[0]!;
        const b = leaves[1 + (pick % Math.max(1, leaves.length - 1))];
        if (b === undefined || b === a) return;
        (a.dependencies as unknown[]).push(b.id);
        expect(soundOutline(items, entry)).toBe(full(items).length === 0);
        expect(full(items).length === 0).toBe(!cyclic(items));
      }),
      { numRuns: 500 },
    );
  });

  it('turns down entries its schema check refuses, and a task with children', () => {
    const { index } = fc.sample(wbsFixture, { numRuns: 1, seed: 7 })[0]!;
    const items = clone(index.tasks) as Record<string, unknown>[];
    expect(soundOutline(items, () => false)).toBe(false);
    const task = items.find((t) => t.type === 'task');
    if (task !== undefined) {
      (task.children as unknown[]).push(`${task.id as string}.1`);
      expect(soundOutline(items, entry)).toBe(false);
    }
  });
});

/** True when the dependencies (by id) have a cycle: a plain depth-first search. */
function cyclic(items: Record<string, unknown>[]): boolean {
  const deps = new Map(items.map((t) => [t.id as string, t.dependencies as string[]]));
  const state = new Map<string, number>();
  const visit = (id: string): boolean => {
    if (state.get(id) === 1) return true;
    if (state.get(id) === 2) return false;
    state.set(id, 1);
    for (const d of deps.get(id) ?? []) if (visit(d)) return true;
    state.set(id, 2);
    return false;
  };
  return [...deps.keys()].some(visit);
}

describe('soundOutline on sparse lists', () => {
  it('turns down holes in children and dependencies, which the schema check lets by', () => {
    const { index } = fc.sample(
      wbsFixture.filter((m) => m.index.tasks.some((t) => t.dependencies.length > 0)),
      { numRuns: 1, seed: 3 },
    )[0]!;
    for (const field of ['children', 'dependencies'] as const) {
      const items = clone(index.tasks) as Record<string, unknown>[];
      const t = items.find((x) => (x[field] as unknown[]).length > 0)!;
      const list = t[field] as unknown[];
      const holed: unknown[] = [];
      holed.length = list.length + 1;
      list.forEach((x, k) => (holed[k + 1] = x));
      t[field] = holed;
      expect(soundOutline(items, entry)).toBe(false);
      expect(checkWbs({ version: '1.0.0', tasks: items })).toEqual(full(items));
    }
  });
});
