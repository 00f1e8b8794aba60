import { describe, expect, it } from 'vitest';
import { buildModel } from '../../src/formats/wbs/model.js';
import { checkWbs } from '../../src/formats/wbs/invariants.js';

describe('buildModel', () => {
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

  it('links a listed child to its parent once, only when its id is the parent id plus one component', () => {
    const model = buildModel([{ id: '1', children: ['1.1', '1.1', '2', '1.2.1', 3] }, { id: '1.1' }, { id: '2' }, { id: '1.2.1' }, { id: '1.1' }]);
    expect(model.kids[0]).toEqual([1]);
    expect([0, 1, 2, 3, 4].map(model.first)).toEqual([true, true, true, true, false]);
    expect([...model.depth]).toEqual([1, 2, 1, 3, 0]);
  });
});

describe('checkWbs schema problems', () => {
  it('reports what the validator reports', () => {
    const index = { version: '1.0.0', tasks: [{ id: '1', type: 'epic', status: 'done', parent: null, children: [], dependencies: [], progress: { completed: 'one', total: 0 } }] };
    expect(checkWbs(index).map((p) => [p.code, p.pointer])).toContainEqual(['schema.type', '/tasks/0/progress/completed']);
  });
});
