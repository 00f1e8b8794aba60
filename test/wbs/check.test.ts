import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TaskEntity } from '../../src/schema/wbs.js';
import { checkWbs, findDependencyCycles } from '../../src/services/wbs/index.js';
import { wbsCodes } from '../../src/formats/wbs/codes.js';
import { type WbsFixture, clone, wbsFixture } from './arbitraries.js';

const all = () => true;

describe('checkWbs on valid memories', () => {
  it('reports nothing for generated valid trees, with entity files and deliverables', () => {
    fc.assert(
      fc.property(wbsFixture, ({ index, tasks }) => {
        expect(checkWbs(index, tasks, { deliverableExists: all })).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });

  it('accepts the seed example shape', () => {
    const index = {
      version: '1.0.0',
      tasks: [
        { id: '1', type: 'epic', status: 'in-progress', parent: null, children: ['1.1', '1.2'], dependencies: [], progress: { completed: 1, total: 2 }, deliverables: ['README.md'] },
        { id: '1.1', type: 'feature', status: 'done', parent: '1', children: [], dependencies: [] },
        { id: '1.2', type: 'feature', status: 'pending', parent: '1', children: [], dependencies: ['1.1'] },
      ],
    };
    expect(checkWbs(index)).toEqual([]);
  });
});

/** A corruption: changes a copy of a valid memory; returns the Problem expected (code, file, pointer), or undefined when it does not apply. */
type Corruption = (m: WbsFixture) => { code: string; file?: string; pointer: string; options?: Parameters<typeof checkWbs>[2] } | undefined;

const leafIndex = (m: WbsFixture) => m.index.tasks.findIndex((t) => t.children.length === 0);
const parentIndex = (m: WbsFixture) => m.index.tasks.findIndex((t) => t.children.length > 0);
const taskIndex = (m: WbsFixture) => m.index.tasks.findIndex((t) => t.type === 'task');
const file = (id: string) => `tasks/${id}.json`;

const corruptions: Record<string, Corruption> = {
  'wbs.id-malformed': (m) => {
    const k = leafIndex(m);
    m.index.tasks[k]!.id = '01.1';
    return { code: 'wbs.id-malformed', pointer: `/tasks/${k}/id` };
  },
  'wbs.id-duplicate': (m) => {
    m.index.tasks.push(clone(m.index.tasks[0]!));
    return { code: 'wbs.id-duplicate', pointer: `/tasks/${m.index.tasks.length - 1}/id` };
  },
  'wbs.type-depth': (m) => {
    const k = leafIndex(m);
    const t = m.index.tasks[k]!;
    t.type = t.type === 'task' ? 'feature' : 'task';
    return { code: 'wbs.type-depth', pointer: `/tasks/${k}/type` };
  },
  'wbs.parent-mismatch': (m) => {
    const k = taskIndex(m);
    if (k === -1) return undefined;
    m.index.tasks[k]!.parent = m.index.tasks[k]!.id.split('.')[0]!;
    return { code: 'wbs.parent-mismatch', pointer: `/tasks/${k}/parent` };
  },
  'wbs.root-parent': (m) => {
    m.index.tasks[0]!.parent = m.index.tasks[1]!.id;
    return { code: 'wbs.root-parent', pointer: '/tasks/0/parent' };
  },
  'wbs.parent-missing': (m) => {
    const k = taskIndex(m);
    if (k === -1) return undefined;
    const parentId = m.index.tasks[k]!.parent!;
    const p = m.index.tasks.findIndex((t) => t.id === parentId);
    m.index.tasks.splice(p, 1);
    const at = m.index.tasks.findIndex((t) => t.parent === parentId);
    return { code: 'wbs.parent-missing', pointer: `/tasks/${at}/parent` };
  },
  'wbs.child-missing': (m) => {
    const k = parentIndex(m);
    const t = m.index.tasks[k]!;
    t.children.push(`${t.id}.99`);
    return { code: 'wbs.child-missing', pointer: `/tasks/${k}/children/${t.children.length - 1}` };
  },
  'wbs.child-duplicate': (m) => {
    const k = parentIndex(m);
    const t = m.index.tasks[k]!;
    t.children.push(t.children[0]!);
    return { code: 'wbs.child-duplicate', pointer: `/tasks/${k}/children/${t.children.length - 1}` };
  },
  'wbs.child-parent-mismatch': (m) => {
    // the epic lists a grandchild: its parent is the feature, not the epic
    const k = taskIndex(m);
    if (k === -1) return undefined;
    const epic = m.index.tasks.findIndex((t) => t.id === m.index.tasks[k]!.id.split('.')[0]);
    m.index.tasks[epic]!.children.push(m.index.tasks[k]!.id);
    return { code: 'wbs.child-parent-mismatch', pointer: `/tasks/${epic}/children/${m.index.tasks[epic]!.children.length - 1}` };
  },
  'wbs.child-not-listed': (m) => {
    const k = parentIndex(m);
    const t = m.index.tasks[k]!;
    const gone = t.children.pop()!;
    return { code: 'wbs.child-not-listed', pointer: `/tasks/${m.index.tasks.findIndex((x) => x.id === gone)}/parent` };
  },
  'wbs.dependency-missing': (m) => {
    const k = leafIndex(m);
    const deps = m.index.tasks[k]!.dependencies;
    deps.push('99.1');
    return { code: 'wbs.dependency-missing', pointer: `/tasks/${k}/dependencies/${deps.length - 1}` };
  },
  'wbs.dependency-self': (m) => {
    const k = leafIndex(m);
    const deps = m.index.tasks[k]!.dependencies;
    deps.push(m.index.tasks[k]!.id);
    return { code: 'wbs.dependency-self', pointer: `/tasks/${k}/dependencies/${deps.length - 1}` };
  },
  'wbs.dependency-cycle': (m) => {
    const k = leafIndex(m);
    const leaf = m.index.tasks[k]!;
    m.index.tasks[0]!.dependencies.push(leaf.id);
    leaf.dependencies.push(m.index.tasks[0]!.id);
    return { code: 'wbs.dependency-cycle', pointer: `/tasks/0/dependencies/${m.index.tasks[0]!.dependencies.length - 1}` };
  },
  'wbs.rollup-mismatch': (m) => {
    const k = parentIndex(m);
    const t = m.index.tasks[k]!;
    t.status = t.status === 'done' ? 'pending' : 'done';
    m.tasks[file(t.id)]!.status = t.status;
    return { code: 'wbs.rollup-mismatch', pointer: `/tasks/${k}/status` };
  },
  'wbs.progress-mismatch': (m) => {
    const k = parentIndex(m);
    m.index.tasks[k]!.progress = { completed: 0, total: 1000 };
    return { code: 'wbs.progress-mismatch', pointer: `/tasks/${k}/progress` };
  },
  'wbs.entity-missing': (m) => {
    const k = leafIndex(m);
    delete m.tasks[file(m.index.tasks[k]!.id)];
    return { code: 'wbs.entity-missing', file: 'task-index.json', pointer: `/tasks/${k}` };
  },
  'wbs.entity-unindexed': (m) => {
    m.tasks['tasks/99.json'] = { id: '99', type: 'epic', status: 'pending' };
    return { code: 'wbs.entity-unindexed', file: 'tasks/99.json', pointer: '' };
  },
  'wbs.entity-mismatch': (m) => {
    const t = m.index.tasks[leafIndex(m)]!;
    m.tasks[file(t.id)]!.dependencies = ['99'];
    return { code: 'wbs.entity-mismatch', file: file(t.id), pointer: '/dependencies' };
  },
  'wbs.entity-file-name': (m) => {
    const t = m.index.tasks[leafIndex(m)]!;
    m.tasks['tasks/98.json'] = { ...(m.tasks[file(t.id)] as TaskEntity) };
    return { code: 'wbs.entity-file-name', file: 'tasks/98.json', pointer: '/id' };
  },
  'wbs.completed-not-done': (m) => {
    const t = m.index.tasks[leafIndex(m)]!;
    t.status = 'pending';
    const e = m.tasks[file(t.id)]!;
    e.status = 'pending';
    e.completedAt = '2026-01-01T00:00:00Z';
    return { code: 'wbs.completed-not-done', file: file(t.id), pointer: '/completedAt' };
  },
  'wbs.deliverable-missing': (m) => {
    const k = leafIndex(m);
    const t = m.index.tasks[k]!;
    t.deliverables = [...(t.deliverables ?? []), 'gone.md'];
    m.tasks[file(t.id)]!.deliverables = [...t.deliverables];
    return { code: 'wbs.deliverable-missing', pointer: `/tasks/${k}/deliverables/${t.deliverables.length - 1}`, options: { deliverableExists: (p) => p !== 'gone.md' } };
  },
  'wbs.dependency-duplicate': (m) => {
    const k = m.index.tasks.length - 1;
    const deps = m.index.tasks[k]!.dependencies;
    deps.push(m.index.tasks[0]!.id, m.index.tasks[0]!.id);
    m.tasks[file(m.index.tasks[k]!.id)]!.dependencies = [...deps];
    return { code: 'wbs.dependency-duplicate', pointer: `/tasks/${k}/dependencies/${deps.length - 1}` };
  },
};

describe('checkWbs detects every single corruption class', () => {
  for (const [name, corrupt] of Object.entries(corruptions)) {
    it(name, () => {
      let applied = 0;
      fc.assert(
        fc.property(wbsFixture, (fixture) => {
          const m = clone(fixture);
          const expected = corrupt(m);
          if (expected === undefined) return;
          applied++;
          const problems = checkWbs(m.index, m.tasks, expected.options);
          const hit = problems.find((p) => p.code === expected.code && p.pointer === expected.pointer && p.file === (expected.file ?? 'task-index.json'));
          expect(hit, JSON.stringify({ expected, problems }, null, 1)).toBeDefined();
          expect(hit!.severity).toBe((wbsCodes as Record<string, { severity?: string }>)[expected.code]?.severity ?? 'error');
        }),
        { numRuns: 30 },
      );
      expect(applied).toBeGreaterThan(0);
    });
  }

  it('covers every invariant code with a corruption or a unit test', () => {
    const tested = new Set([...Object.keys(corruptions), 'wbs.not-index']);
    const invariants = Object.keys(wbsCodes).filter((c) => !/path|file-missing|not-text|not-yaml|verify|update|write|read-failed|plan|patch|entity-not-json|journal/.test(c));
    expect(invariants.filter((c) => !tested.has(c))).toEqual([]);
  });
});

describe('checkWbs edge cases', () => {
  it('reports an unusable index with wbs.not-index and never throws on hostile input', () => {
    for (const bad of [null, [], 'x', { tasks: 'no' }, { version: '1.0.0' }]) {
      const problems = checkWbs(bad);
      expect(problems.some((p) => p.code === 'wbs.not-index')).toBe(true);
    }
    const hostile = { version: '1.0.0', tasks: [null, 1, { id: '__proto__', children: ['constructor'], dependencies: [{}] }, { id: 'constructor', parent: 'toString' }] };
    expect(() => checkWbs(hostile, { 'tasks/x.json': null, 'tasks/__proto__.json': { id: 5 } })).not.toThrow();
  });

  it('names the cycle in order and finds one cycle per component', () => {
    const entry = (id: string, deps: string[]) => ({ id, type: 'epic', status: 'pending', parent: null, children: [], dependencies: deps });
    const index = { version: '1.0.0', tasks: [entry('1', ['3']), entry('2', ['1']), entry('3', ['2']), entry('4', ['5']), entry('5', ['4'])] };
    const cycles = checkWbs(index).filter((p) => p.code === 'wbs.dependency-cycle');
    expect(cycles.map((p) => p.message)).toEqual(['dependency cycle: 1 → 3 → 2 → 1', 'dependency cycle: 4 → 5 → 4']);
    expect(cycles[0]!.pointer).toBe('/tasks/0/dependencies/0');
    expect(findDependencyCycles(index as never)).toEqual([
      ['1', '3', '2'],
      ['4', '5'],
    ]);
  });

  it('detects a cycle at the end of a 100,000-task chain without recursion', () => {
    const n = 100_000;
    const tasks = Array.from({ length: n }, (_, i) => ({ id: String(i + 1), type: 'epic', status: 'pending', parent: null, children: [], dependencies: [String(i + 2 > n ? 1 : i + 2)] }));
    const cycles = findDependencyCycles({ version: '1.0.0', tasks } as never);
    expect(cycles).toHaveLength(1);
    expect(cycles[0]).toHaveLength(n);
  });

  it('reports each repeat in a list once, for ids in the index and missing ones, in lists of 100,000 values', () => {
    const missing = Array.from({ length: 100_000 }, (_, k) => `9.${k + 1}`);
    const index = {
      version: '1.0.0',
      tasks: [
        { id: '1', type: 'epic', status: 'pending', parent: null, children: ['1.1', '1.2', '1.1', '1.2', 7, 7], dependencies: [...missing, '2', '9.5', '2'] },
        { id: '1.1', type: 'feature', status: 'pending', parent: '1', children: [], dependencies: ['2', '2', '9.1', '9.1', '1.1'] },
        { id: '2', type: 'epic', status: 'pending', parent: null, children: [], dependencies: [] },
      ],
    };
    const repeats = checkWbs(index).filter((p) => p.code.endsWith('-duplicate'));
    expect(repeats.map((p) => p.pointer)).toEqual([
      '/tasks/0/children/2',
      '/tasks/0/children/3',
      '/tasks/0/dependencies/100001',
      '/tasks/0/dependencies/100002',
      '/tasks/1/dependencies/1',
      '/tasks/1/dependencies/3',
    ]);
  });

  it('prefixes files with options.dir', () => {
    const problems = checkWbs({ version: '1.0.0', tasks: [] }, { 'tasks/1.json': { id: '1', type: 'epic', status: 'pending' } }, { dir: '.claude/memory/' });
    expect(problems).toEqual([expect.objectContaining({ code: 'wbs.entity-unindexed', file: '.claude/memory/tasks/1.json' })]);
  });

  it('follows the seed literally: in-progress children with none done roll up to pending', () => {
    const index = {
      version: '1.0.0',
      tasks: [
        { id: '1', type: 'epic', status: 'in-progress', parent: null, children: ['1.1'], dependencies: [] },
        { id: '1.1', type: 'feature', status: 'in-progress', parent: '1', children: [], dependencies: [] },
      ],
    };
    expect(checkWbs(index)).toEqual([expect.objectContaining({ code: 'wbs.rollup-mismatch', pointer: '/tasks/0/status' })]);
  });
});
