import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Model, buildModel } from '../../src/wbs/model.js';
import { scanWbsId, WBS_RE } from '../../src/wbs/id.js';
import { checkWbs, indexChecks } from '../../src/wbs/check.js';
import { getFormat, validate } from '../../src/schemas/index.js';
import { mutationsOf } from '../arbitraries/mutate.js';
import { ID_LIKE, applyEdit, clone, edit, renumber, wbsFixture } from './arbitraries.js';

/** What a model says, as plain data: every array, and `find` on the probes. */
function facts(model: Model, probes: string[]) {
  const { ids, first, good, depth, done, childStart, childPos, depStart, depPos, treeStart, treeKids, treeParent, deepestFirst } = model;
  const plain = (a: ArrayLike<number>) => Array.from(a);
  return {
    ids,
    arrays: [first, good, depth, done, childStart, childPos, depStart, depPos, treeStart, treeKids, treeParent, deepestFirst].map(plain),
    found: probes.map((p) => model.find(p)),
    byId: [...model.byId],
  };
}

describe('buildModel', () => {
  it('gives the same model through the outline as through the hash index, whatever the edits', () => {
    const renumbering = fc.constantFrom<((c: number) => number) | undefined>(
      undefined,
      (c) => 3 * c - 1,
      (c) => c * c + 7,
      (c) => c + 99_999_999_999_000,
    );
    fc.assert(
      fc.property(wbsFixture, renumbering, fc.array(edit, { maxLength: 5 }), fc.array(ID_LIKE, { maxLength: 8 }), ({ index }, f, edits, extra) => {
        let items: unknown[] = clone(index.tasks);
        if (f !== undefined) items = renumber(items, f);
        for (const e of edits) applyEdit(items, e);
        const ids = items.map((e) => (e !== null && typeof e === 'object' ? (e as Record<string, unknown>).id : undefined)).filter((x): x is string => typeof x === 'string');
        const probes = [...ids, ...ids.map((x) => `${x}.1`), ...ids.map((x) => `${x}0`), ...extra];
        expect(facts(buildModel(items), probes)).toEqual(facts(buildModel(items, { outline: false }), probes));
      }),
      { numRuns: 1000 },
    );
  });

  it('finds ids whose numbers skip, in 100,000-task indexes too', () => {
    const items: unknown[] = [];
    for (let e = 1; e <= 1000; e++) {
      const epic = `${e * 2}`;
      items.push({ id: epic, children: [], dependencies: [] });
      for (let f = 1; f <= 99; f++) items.push({ id: `${epic}.${f * 3}`, children: [], dependencies: [] });
    }
    const model = buildModel(items);
    expect(model.find('2000.297')).toBe(items.length - 1);
    expect(model.find('2.3')).toBe(1);
    expect(model.find('2.4')).toBe(-1);
    expect(model.find('3')).toBe(-1);
    expect(model.find('2000.297.1')).toBe(-1);
  });
});

describe('scanWbsId', () => {
  it('accepts exactly what the id pattern accepts, with the numbers of the id', () => {
    const near = fc.array(fc.constantFrom('0', '1', '9', '.', 'a', '5'), { maxLength: 20 }).map((c) => c.join(''));
    const parts = new Float64Array(3);
    fc.assert(
      fc.property(fc.oneof(near, fc.string({ maxLength: 8 }), ID_LIKE), (s) => {
        const depth = scanWbsId(s, parts);
        expect(depth > 0).toBe(WBS_RE.test(s));
        if (depth > 0) expect(Array.from(parts.subarray(0, depth))).toEqual(s.split('.').map(Number));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('indexChecks', () => {
  /** The split checks put together as their contract says. */
  const splitValid = (index: unknown) => {
    const c = indexChecks()!;
    return c.top(index) && (index as { tasks: unknown[] }).tasks.every(c.entry);
  };
  const schemaValid = (index: unknown) => validate('wbs-task-index', index, { semantic: false, maxProblems: Number.MAX_SAFE_INTEGER }).length === 0;

  it('accepts exactly the indexes the schema validator accepts', () => {
    const schema = getFormat('wbs-task-index')!.schema as Record<string, unknown>;
    const junk = fc.jsonValue({ maxDepth: 3 });
    fc.assert(
      fc.property(
        wbsFixture,
        fc.nat(),
        fc.array(edit, { maxLength: 3 }),
        fc.record({ key: fc.constantFrom('version', 'tasks', 'extra', 'id', 'type', 'status', 'parent', 'children', 'dependencies', 'progress', 'deliverables'), value: junk }),
        ({ index }, pick, edits, stray) => {
          const ms = mutationsOf(schema, index);
          const cases: unknown[] = [index, ms.length > 0 ? ms[pick % ms.length]!.apply(clone(index)) : index];
          const edited = clone(index);
          for (const e of edits) applyEdit(edited.tasks, e);
          cases.push(edited, { ...clone(index), [stray.key]: stray.value });
          const entry = clone(index);
          (entry.tasks[pick % entry.tasks.length] as unknown as Record<string, unknown>)[stray.key] = stray.value;
          cases.push(entry);
          for (const c of cases) expect(splitValid(c)).toBe(schemaValid(c));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('lets checkWbs report exactly what the validator reports', () => {
    const index = { version: '1.0.0', tasks: [{ id: '1', type: 'epic', status: 'done', parent: null, children: [], dependencies: [], progress: { completed: 'one', total: 0 } }] };
    expect(checkWbs(index).map((p) => [p.code, p.pointer])).toContainEqual(['schema.type', '/tasks/0/progress/completed']);
  });
});
