import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type FilePort, memoryFiles } from '../../src/kernel/file-port.js';
import { applyJsonPatch, applyPlan, checkWbs, loadWbs, repairPlan } from '../../src/services/wbs/index.js';
import { type WbsFixture, clone, wbsFixture } from './arbitraries.js';
import { halfBroken } from '../../bench/wbs.bench.js';

const DIR = '.claude/memory/';
const toFiles = (m: { index: unknown; tasks: Record<string, unknown> }) => {
  const init: Record<string, string> = { [`${DIR}task-index.json`]: JSON.stringify(m.index, null, 2) + '\n' };
  for (const [k, v] of Object.entries(m.tasks)) init[DIR + k] = JSON.stringify(v, null, 2) + '\n';
  return memoryFiles(init);
};

/** Derivable corruptions: the repair plan must fix every one of them. */
const derivable: Record<string, (m: WbsFixture) => void> = {
  rollup: (m) => {
    for (const t of m.index.tasks) if (t.children.length > 0) t.status = t.status === 'done' ? 'pending' : 'done';
  },
  progress: (m) => {
    for (const t of m.index.tasks) if (t.progress) t.progress = { completed: 7, total: 3 };
  },
  'children lists': (m) => {
    for (const t of m.index.tasks) t.children = [];
  },
  'parent and type': (m) => {
    const t = m.index.tasks[m.index.tasks.length - 1]!;
    t.parent = null;
    t.type = 'epic';
  },
  'leaf status in entity wins': (m) => {
    const leaf = m.index.tasks.find((t) => t.children.length === 0)!;
    const e = m.tasks[`tasks/${leaf.id}.json`]!;
    e.status = e.status === 'done' ? 'pending' : 'done';
    e.completedAt = e.status === 'done' ? '2026-01-01T00:00:00Z' : null;
  },
  'entity missing': (m) => {
    delete m.tasks[`tasks/${m.index.tasks[0]!.id}.json`];
  },
  'index entry missing': (m) => {
    m.index.tasks.splice(m.index.tasks.length - 1, 1);
  },
  'index unusable': (m) => {
    (m as { index: unknown }).index = { version: '1.0.0', tasks: 'lost' };
  },
};

describe('repairPlan', () => {
  for (const [name, corrupt] of Object.entries(derivable)) {
    it(`fixes ${name}; every edit names a Problem; nothing changes until applied`, () => {
      fc.assert(
        fc.property(wbsFixture, (fixture) => {
          const m = clone(fixture);
          corrupt(m);
          const before = clone(m);
          const plan = repairPlan(m.index, m.tasks);
          expect(m).toEqual(before);
          expect(checkWbs(m.index, m.tasks).length).toBeGreaterThan(0);
          expect(plan.patches.length).toBeGreaterThan(0);
          for (const fp of plan.patches) {
            expect(fp.fixes).toHaveLength(fp.patch.length);
            for (const f of fp.fixes) expect(f.code).toMatch(/^wbs\./);
          }
          expect(plan.remaining).toEqual([]);
        }),
        { numRuns: 15 },
      );
    });
  }

  it('leaves underivable problems in remaining (cycles, missing dependencies)', () => {
    fc.assert(
      fc.property(wbsFixture, (fixture) => {
        const m = clone(fixture);
        m.index.tasks[0]!.dependencies.push('77');
        m.index.tasks[0]!.status = m.index.tasks[0]!.status === 'done' ? 'pending' : 'done';
        const plan = repairPlan(m.index);
        expect(plan.remaining.map((p) => p.code)).toEqual(['wbs.dependency-missing']);
        expect(plan.patches[0]!.fixes.map((p) => p.code)).toContain('wbs.rollup-mismatch');
      }),
      { numRuns: 20 },
    );
  });

  it('produces patches that applyJsonPatch applies to the files', () => {
    const m = clone(fc.sample(wbsFixture, { seed: 7, numRuns: 1 })[0]!);
    m.index.tasks[0]!.status = m.index.tasks[0]!.status === 'done' ? 'pending' : 'done';
    const plan = repairPlan(m.index, m.tasks);
    const r = applyJsonPatch(m.index, plan.patches[0]!.patch);
    expect(r.ok).toBe(true);
    if (r.ok) expect(checkWbs(r.value).filter((p) => p.code === 'wbs.rollup-mismatch')).toEqual([]);
  });
});

describe('applyPlan', () => {
  it('applies a plan through the file port and the re-check is clean', async () => {
    await fc.assert(
      fc.asyncProperty(wbsFixture, fc.constantFrom(...Object.keys(derivable)), async (fixture, name) => {
        const m = clone(fixture);
        derivable[name]!(m);
        const files = toFiles(m);
        const plan = repairPlan(m.index, m.tasks);
        const r = await applyPlan(plan, files);
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        expect(r.value.problems).toEqual([]);
        expect((await files.list('')).filter((p) => p.endsWith('.tmp'))).toEqual([]);
        const loaded = await loadWbs(files);
        expect(checkWbs(loaded.index, loaded.tasks)).toEqual([]);
      }),
      { numRuns: 30 },
    );
  });

  it('refuses a stale plan and changes nothing', async () => {
    const m = clone(fc.sample(wbsFixture, { seed: 3, numRuns: 1 })[0]!);
    m.index.tasks[0]!.status = m.index.tasks[0]!.status === 'done' ? 'pending' : 'done';
    const plan = repairPlan(m.index, m.tasks);
    const files = toFiles(m);
    m.index.version = '1.0.1';
    await files.write(`${DIR}task-index.json`, new TextEncoder().encode(JSON.stringify(m.index)));
    const snapshot = files.snapshot();
    const r = await applyPlan(plan, files);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems[0]!.code).toBe('wbs.plan-stale');
    expect(files.snapshot()).toEqual(snapshot);
  });

  it('is all or nothing: a failing rename restores every file already replaced', async () => {
    const m = clone(fc.sample(wbsFixture, { seed: 11, numRuns: 1 })[0]!);
    for (const t of m.index.tasks) if (t.children.length > 0) t.status = t.status === 'done' ? 'pending' : 'done';
    for (const t of m.index.tasks) if (t.children.length > 0) m.tasks[`tasks/${t.id}.json`]!.status = t.status;
    const plan = repairPlan(m.index, m.tasks);
    expect(plan.patches.length).toBeGreaterThan(1);
    for (const failAt of [1, plan.patches.length]) {
      const inner = toFiles(m);
      const snapshot = inner.snapshot();
      let renames = 0;
      const flaky: FilePort = {
        ...inner,
        read: (p) => inner.read(p),
        write: (p, d) => inner.write(p, d),
        remove: (p) => inner.remove(p),
        list: (p) => inner.list(p),
        rename: async (a, b) => {
          if (++renames === failAt) throw new Error('disk full');
          return inner.rename(a, b);
        },
      };
      const r = await applyPlan(plan, flaky);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.problems[0]!.code).toBe('wbs.write-failed');
      expect(inner.snapshot()).toEqual(snapshot);
    }
  });

  it('changes nothing when any write, read-back or rename fails, and leaves no temp file (fault injection)', async () => {
    // Each derivable corruption alone, and one plan that creates a file before it replaces others
    // (so a later failure must remove the created file again).
    const scenarios: [string, (m: WbsFixture) => void][] = [
      ...Object.entries(derivable),
      [
        'created, then replaced',
        (m) => {
          const first = m.index.tasks[0]!.id;
          delete m.tasks[`tasks/${first}.json`];
          derivable.rollup!(m);
          for (const t of m.index.tasks) if (t.children.length > 0 && t.id !== first) m.tasks[`tasks/${t.id}.json`]!.status = t.status;
        },
      ],
    ];
    let createdFirst = false;
    for (const [name, corrupt] of scenarios) {
      const m = clone(fc.sample(wbsFixture, { seed: 5, numRuns: 1 })[0]!);
      corrupt(m);
      const plan = repairPlan(m.index, m.tasks);
      if (plan.patches.length === 0) continue;
      if (plan.patches.slice(0, -1).some((p) => p.baseHash === null)) createdFirst = true;
      // A dry run counts the staging and renaming calls: writes, reads of temp files, renames.
      const steps = (port: FilePort, fault: number | undefined, bad: 'throw' | 'garble') => {
        let k = 0;
        const step = () => ++k === fault;
        return {
          port: {
            ...port,
            write: async (p: string, d: Uint8Array) => {
              if (step()) throw new Error('disk full');
              return port.write(p, d);
            },
            read: async (p: string) => {
              if (!p.includes('.wbs-tmp') || !step()) return port.read(p);
              if (bad === 'throw') throw new Error('read error');
              const b = await port.read(p);
              return b === undefined ? b : b.map((x, i) => (i === 0 ? x ^ 1 : x));
            },
            rename: async (a: string, b: string) => {
              if (step()) throw new Error('rename failed');
              return port.rename(a, b);
            },
          } satisfies FilePort,
          count: () => k,
        };
      };
      const dry = steps(toFiles(m), undefined, 'throw');
      expect((await applyPlan(plan, dry.port)).ok, name).toBe(true);
      const total = dry.count();
      expect(total, name).toBeGreaterThanOrEqual(3 * plan.patches.length);
      for (const bad of ['throw', 'garble'] as const)
        for (let fault = 1; fault <= total; fault++) {
          const inner = toFiles(m);
          const before = inner.snapshot();
          const r = await applyPlan(plan, steps(inner, fault, bad).port);
          expect(r.ok, `${name}: step ${fault} (${bad})`).toBe(false);
          if (!r.ok) expect(['wbs.write-failed', 'wbs.verify-failed']).toContain(r.problems[0]!.code);
          expect(inner.snapshot(), `${name}: step ${fault} (${bad})`).toEqual(before);
        }
    }
    expect(createdFirst).toBe(true);
  });

  it('never rejects when a read or a listing fails: before writing nothing changes, in the re-check the failure is a problem', async () => {
    const m = clone(fc.sample(wbsFixture, { seed: 9, numRuns: 1 })[0]!);
    derivable.rollup!(m);
    const plan = repairPlan(m.index, m.tasks);
    // Every read and listing the plan makes, counted in a dry run.
    const failing = (port: FilePort, fault: number | undefined) => {
      let k = 0;
      const wrap =
        <A extends unknown[], R>(f: (...a: A) => Promise<R>) =>
        async (...a: A): Promise<R> => {
          if (++k === fault) throw new Error('I/O error');
          return f(...a);
        };
      return { port: { ...port, read: wrap((p: string) => port.read(p)), list: wrap((p: string) => port.list(p)) } satisfies FilePort, count: () => k };
    };
    const dry = failing(toFiles(m), undefined);
    expect((await applyPlan(plan, dry.port)).ok).toBe(true);
    const written = toFiles(m);
    await applyPlan(plan, written);
    const after = written.snapshot();
    for (let fault = 1; fault <= dry.count(); fault++) {
      const inner = toFiles(m);
      const before = inner.snapshot();
      const r = await applyPlan(plan, failing(inner, fault).port);
      if (!r.ok) {
        // A planning read fails as wbs.read-failed; a read-back of a staged file as a failed write.
        expect(['wbs.read-failed', 'wbs.write-failed']).toContain(r.problems[0]!.code);
        expect(inner.snapshot()).toEqual(before);
      } else {
        expect(r.value.problems.map((p) => p.code)).toContain('wbs.read-failed');
        expect(inner.snapshot()).toEqual(after);
      }
    }
  });

  it('loadWbs turns a failing read or listing into wbs.read-failed', async () => {
    const m = clone(fc.sample(wbsFixture, { seed: 9, numRuns: 1 })[0]!);
    const files = toFiles(m);
    const broken: FilePort = {
      ...files,
      read: async () => {
        throw new Error('EIO');
      },
    };
    const a = await loadWbs(broken);
    expect(a.index).toBeUndefined();
    expect(a.problems.map((p) => p.code)).toEqual(Array(1 + Object.keys(m.tasks).length).fill('wbs.read-failed'));
    const unlisted = await loadWbs({
      ...files,
      list: async () => {
        throw new Error('EIO');
      },
    });
    expect(unlisted.index).toEqual(m.index);
    expect(unlisted.problems).toEqual([expect.objectContaining({ code: 'wbs.read-failed', file: `${DIR}tasks` })]);
  });

  it('refuses a target that is no longer UTF-8 or JSON, or a patch that would make a file invalid, writing nothing', async () => {
    const m = clone(fc.sample(wbsFixture, { seed: 7, numRuns: 1 })[0]!);
    derivable.rollup!(m);
    const plan = repairPlan(m.index, m.tasks);
    const index = `${DIR}task-index.json`;
    for (const [what, bytes, code] of [
      ['not UTF-8', new Uint8Array([0x7b, 0xff, 0x7d]), 'wbs.plan-stale'],
      ['not JSON', new TextEncoder().encode('{"version":'), 'wbs.plan-stale'],
    ] as const) {
      const files = toFiles(m);
      await files.write(index, bytes);
      const before = files.snapshot();
      const r = await applyPlan(plan, files);
      expect(r.ok, what).toBe(false);
      if (!r.ok) expect(r.problems[0]!.code, what).toBe(code);
      expect(files.snapshot(), what).toEqual(before);
    }
    const { hashJson } = await import('../../src/kernel/canonical/index.js');
    const files = toFiles(m);
    const before = files.snapshot();
    const invalid = { patches: [{ file: 'task-index.json', baseHash: hashJson(m.index), patch: [{ op: 'replace' as const, path: '/version', value: 'one' }], fixes: [] }], remaining: [] };
    const r = await applyPlan(invalid, files);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems[0]!.code).toBe('wbs.plan-invalid');
    expect(files.snapshot()).toEqual(before);
  });

  it('refuses a plan whose patch no longer applies, writing nothing', async () => {
    const files = memoryFiles({ [`${DIR}task-index.json`]: '{"version":"1.0.0","tasks":[]}' });
    const snapshot = files.snapshot();
    const { hashJson } = await import('../../src/kernel/canonical/index.js');
    const r = await applyPlan(
      { patches: [{ file: 'task-index.json', baseHash: hashJson({ version: '1.0.0', tasks: [] }), patch: [{ op: 'remove', path: '/tasks/3' }], fixes: [] }], remaining: [] },
      files,
    );
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems[0]!.code).toBe('wbs.plan-invalid');
    expect(files.snapshot()).toEqual(snapshot);
  });
});

// repairPlan on an index where half the entries need a fix grew as n^2.4 (4,000 tasks: 45 s):
// each edit searched every problem for the one it fixes. 20,000 tasks must plan well within the
// per-test timeout (a quadratic plan needs minutes), and the plan must still fix everything.
describe('repairPlan stays near-linear where half the entries need a fix', () => {
  it('plans 20,000 tasks and leaves nothing derivable unfixed', { timeout: 60_000 }, () => {
    const { index, tasks } = halfBroken(20_000);
    const problems = checkWbs(index, tasks);
    expect(problems.length).toBeGreaterThan(5_000);
    const plan = repairPlan(index, tasks);
    expect(plan.remaining).toEqual([]);
    // Every problem the plan names as fixed is one checkWbs reported, or one that follows from the other repairs.
    const fixes = plan.patches.flatMap((p) => p.fixes.map((f) => f.code));
    expect(fixes.length).toBeGreaterThan(5_000);
    expect(new Set(fixes)).toContain('wbs.type-depth');
    expect(new Set(fixes)).toContain('wbs.entity-missing');
  });
});
