import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ThreadStore } from '../../src/schema/thread-store.js';
import { getFormat, validate } from '../../src/schema/index.js';
import { checkThreadStore, rebuildRelations } from '../../src/services/threads/index.js';
import { threadCodes } from '../../src/formats/thread-store/codes.js';
import { mutationsOf } from '../arbitraries/mutate.js';
import { POOL, SCRIPT, command, run } from './arbitraries.js';
import { compareTimes, timeOf } from '../../src/formats/thread-store/model.js';

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;
const base = () => clone(run(SCRIPT).store);
const opAt = (s: ThreadStore, command: string, params: Record<string, unknown>) => {
  s.operations.push({ id: `op-x${s.operations.length}`, timestamp: s.metadata.last_updated, command, operator: 'user', params });
  return `/operations/${s.operations.length - 1}`;
};

/** Each corruption of the scripted store, with the code and pointer it must be reported at. */
const corruptions: Record<string, (s: ThreadStore) => { code: string; pointer: string }> = {
  'threads.count-mismatch': (s) => ((s.metadata.thread_count += 1), { code: 'threads.count-mismatch', pointer: '/metadata/thread_count' }),
  'threads.last-updated-stale': (s) => ((s.metadata.last_updated = '2026-02-08T16:00:00Z'), { code: 'threads.last-updated-stale', pointer: '/metadata/last_updated' }),
  'threads.key-mismatch': (s) => ((s.threads.ui!.id = 'ux'), { code: 'threads.key-mismatch', pointer: '/threads/ui/id' }),
  'threads.id-duplicate (threads)': (s) => ((s.threads.ui!.id = 'auth'), { code: 'threads.id-duplicate', pointer: '/threads/ui/id' }),
  'threads.id-duplicate (operations)': (s) => ((s.operations[3]!.id = s.operations[1]!.id), { code: 'threads.id-duplicate', pointer: '/operations/3/id' }),
  'threads.parent-missing': (s) => ((s.threads.tokens!.parent_id = 'ghost'), { code: 'threads.parent-missing', pointer: '/threads/tokens/parent_id' }),
  'threads.parent-cycle': (s) => {
    s.threads.root!.parent_id = 'tokens';
    s.relations.tokens!.children.push('root');
    return { code: 'threads.parent-cycle', pointer: '/threads/root/parent_id' };
  },
  'threads.parent-child-mismatch': (s) => (s.relations.ui!.children.push('tokens'), { code: 'threads.parent-child-mismatch', pointer: '/relations/ui/children/0' }),
  'threads.child-not-listed': (s) => ((s.relations.root!.children = ['auth', 'old']), { code: 'threads.child-not-listed', pointer: '/threads/ui/parent_id' }),
  'threads.reference-asymmetric (to)': (s) => ((s.relations.auth!.referenced_by = []), { code: 'threads.reference-asymmetric', pointer: '/relations/ui/references_to/0' }),
  'threads.reference-asymmetric (by)': (s) => ((s.relations.ui!.references_to = []), { code: 'threads.reference-asymmetric', pointer: '/relations/auth/referenced_by/0' }),
  'threads.relations-drift': (s) => {
    s.relations.ui!.references_to = [];
    s.relations.auth!.referenced_by = [];
    return { code: 'threads.relations-drift', pointer: '/relations/ui/references_to' };
  },
  'threads.relations-drift (depends_on)': (s) => ((s.relations.ui!.depends_on = []), { code: 'threads.relations-drift', pointer: '/relations/ui/depends_on' }),
  'threads.depends-cycle': (s) => (s.relations.auth!.depends_on.push('ui'), { code: 'threads.depends-cycle', pointer: '/relations/auth/depends_on/0' }),
  'threads.relations-missing': (s) => (delete s.relations.old, { code: 'threads.relations-missing', pointer: '/relations' }),
  'threads.relation-unknown-thread': (s) => (s.relations.ui!.references_to.push('ghost'), { code: 'threads.relation-unknown-thread', pointer: '/relations/ui/references_to/1' }),
  'threads.relation-self': (s) => (s.relations.ui!.depends_on.push('ui'), { code: 'threads.relation-self', pointer: '/relations/ui/depends_on/1' }),
  'threads.relation-duplicate': (s) => (s.relations.root!.children.push('ui'), { code: 'threads.relation-duplicate', pointer: '/relations/root/children/3' }),
  'threads.transition-invalid (archived is terminal)': (s) => ({ code: 'threads.transition-invalid', pointer: opAt(s, 'freeze', { thread_id: 'old' }) }),
  'threads.transition-invalid (frozen → frozen)': (s) => ({ code: 'threads.transition-invalid', pointer: opAt(s, 'freeze', { thread_id: 'tokens' }) }),
  'threads.frozen-modified': (s) => ({ code: 'threads.frozen-modified', pointer: opAt(s, 'update', { thread_id: 'tokens', title: 'x' }) }),
  'threads.status-drift': (s) => ((s.threads.ui!.status = 'frozen'), { code: 'threads.status-drift', pointer: '/threads/ui/status' }),
  'threads.command-unknown': (s) => ({ code: 'threads.command-unknown', pointer: opAt(s, 'merge', {}) + '/command' }),
  'threads.params-invalid': (s) => ({ code: 'threads.params-invalid', pointer: opAt(s, 'freeze', { id: 'ui' }) + '/params' }),
  'threads.operation-unknown-thread': (s) => ({ code: 'threads.operation-unknown-thread', pointer: opAt(s, 'update', { thread_id: 'ghost', title: 'x' }) + '/params/thread_id' }),
  'threads.spawn-existing': (s) => ({ code: 'threads.spawn-existing', pointer: opAt(s, 'spawn', { parent_id: 'root', child_id: 'ui', objective: 'x' }) + '/params/child_id' }),
  'threads.spawn-mismatch': (s) => ((s.operations[2]!.params.parent_id = 'auth'), { code: 'threads.spawn-mismatch', pointer: '/operations/2/params/parent_id' }),
  'threads.operation-order': (s) => ((s.operations[4]!.timestamp = '2026-02-08T15:00:00Z'), { code: 'threads.operation-order', pointer: '/operations/4/timestamp' }),
  'schema: semver version': (s) => ((s.version = '1.0.0.0'), { code: 'schema.pattern', pointer: '/version' }),
  'threads.empty-string': (s) => ((s.threads.ui!.objective = ''), { code: 'threads.empty-string', pointer: '/threads/ui/objective' }),
  'threads.version-two-part': (s) => ((s.version = '1.0'), { code: 'threads.version-two-part', pointer: '/version' }),
  'schema: status enum': (s) => (((s.threads.ui as { status: string }).status = 'paused'), { code: 'schema.enum', pointer: '/threads/ui/status' }),
  'schema: ISO 8601 timestamp': (s) => ((s.operations[0]!.timestamp = '2026-02-30T00:00:00Z'), { code: 'schema.format', pointer: '/operations/0/timestamp' }),
  'schema: id format': (s) => {
    const t = s.threads.ui!;
    s.threads = { ...s.threads, 'bad id': { ...t, id: 'bad id' } };
    return { code: 'schema.additional-properties', pointer: '/threads/bad id' };
  },
};

describe('checkThreadStore', () => {
  it('accepts the scripted store', () => {
    expect(checkThreadStore(base())).toEqual([]);
  });

  for (const [name, corrupt] of Object.entries(corruptions)) {
    it(`detects ${name}`, () => {
      const s = base();
      const expected = corrupt(s);
      const problems = checkThreadStore(s);
      expect(problems, JSON.stringify(problems, null, 1)).toContainEqual(expect.objectContaining(expected));
      const declared = (threadCodes as Record<string, { severity?: string }>)[expected.code];
      if (declared) expect(problems.find((p) => p.code === expected.code)!.severity).toBe(declared.severity ?? 'error');
    });
  }

  it('has a corruption for every code a check can raise', () => {
    const covered = new Set(Object.values(corruptions).map((c) => c(base()).code));
    const raisable = Object.keys(threadCodes).filter((c) => !['threads.not-store', 'threads.update-forbidden', 'threads.command-unsupported', 'threads.store-changed'].includes(c));
    expect(raisable.filter((c) => !covered.has(c))).toEqual([]);
  });

  it('detects count, last_updated and child-listing corruptions of generated stores', () => {
    fc.assert(
      fc.property(fc.array(command, { minLength: 5, maxLength: 30 }), fc.nat(), (commands, pick) => {
        const { store } = run(commands);
        const ids = Object.keys(store.threads);
        fc.pre(ids.length > 0);
        const a = clone(store);
        a.metadata.thread_count = ids.length + 1 + (pick % 3);
        expect(checkThreadStore(a).map((p) => p.code)).toContain('threads.count-mismatch');
        const b = clone(store);
        if (b.operations.length > 0) {
          b.metadata.last_updated = '2000-01-01T00:00:00Z';
          expect(checkThreadStore(b)).toContainEqual(expect.objectContaining({ code: 'threads.last-updated-stale', pointer: '/metadata/last_updated' }));
        }
        const child = ids.find((id) => store.threads[id]!.parent_id !== null);
        if (child !== undefined) {
          const c = clone(store);
          const parent = c.threads[child]!.parent_id!;
          c.relations[parent]!.children = c.relations[parent]!.children.filter((x) => x !== child);
          expect(checkThreadStore(c)).toContainEqual(expect.objectContaining({ code: 'threads.child-not-listed', pointer: `/threads/${child}/parent_id` }));
        }
      }),
      { numRuns: 80 },
    );
  });

  it('reports status drift exactly when a stored status string differs from the replayed one (property)', () => {
    // The generated stores are sound: each thread's stored status is the one its log replays to.
    const status = fc.oneof(fc.constantFrom('active', 'frozen', 'archived', 'paused', 'Active', ''), fc.string({ maxLength: 4 }), fc.constantFrom(42, null, true));
    fc.assert(
      fc.property(fc.array(command, { minLength: 3, maxLength: 25 }), fc.nat(), status, (commands, pick, value) => {
        const { store } = run(commands);
        const ids = Object.keys(store.threads);
        fc.pre(ids.length > 0);
        const id = ids[pick % ids.length]!;
        const replayed = store.threads[id]!.status;
        const s = clone(store);
        (s.threads[id] as Record<string, unknown>).status = value;
        const drift = checkThreadStore(s).filter((p) => p.code === 'threads.status-drift');
        if (typeof value === 'string' && value !== replayed) {
          expect(drift).toEqual([expect.objectContaining({ pointer: `/threads/${id}/status`, message: `"${id}" is ${value}, but its operations log leaves it ${replayed}` })]);
        } else expect(drift).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });

  it('replays a status outside the seed table as its string', () => {
    const s = base();
    opAt(s, 'update', { thread_id: 'ui', status: 'paused' });
    s.threads.ui!.status = 'paused' as never;
    expect(checkThreadStore(s).filter((p) => p.code === 'threads.status-drift')).toEqual([]);
    s.threads.ui!.status = 'halted' as never;
    expect(checkThreadStore(s)).toContainEqual(expect.objectContaining({ code: 'threads.status-drift', message: '"ui" is halted, but its operations log leaves it paused' }));
  });

  it('reports the schema problems the validator reports, no more and no fewer (property)', () => {
    const schema = getFormat('thread-store')!.schema as Record<string, unknown>;
    // What may sit in a relations list: ids of threads, an unknown id, strings the id pattern refuses, other values.
    const item = fc.oneof(fc.constantFrom(...POOL), fc.constantFrom('ghost', 'bad id', '', '__proto__', 'constructor'), fc.constantFrom(5, null, true, {}, []));
    const fields = ['children', 'references_to', 'referenced_by', 'depends_on', 'extra'] as const;
    const editRelations = fc.record({
      commands: fc.array(command, { minLength: 3, maxLength: 15 }),
      pick: fc.nat(),
      field: fc.constantFrom(...fields),
      at: fc.nat(),
      x: item,
      how: fc.constantFrom('insert', 'replace', 'hole', 'not-a-list', 'key'),
    });
    const edited = editRelations.map(({ commands, pick, field, at, x, how }) => {
      const s = clone(run(commands).store) as unknown as { relations: Record<string, Record<string, unknown>> };
      const keys = Object.keys(s.relations);
      if (keys.length === 0) return s;
      const key = keys[pick % keys.length]!;
      const entry = s.relations[key]!;
      if (how === 'key') s.relations[typeof x === 'string' ? x : 'bad id'] = clone(entry);
      else if (how === 'not-a-list') entry[field] = x;
      else {
        const list = Array.isArray(entry[field]) ? (entry[field] as unknown[]) : (entry[field] = []);
        const k = at % (list.length + 1);
        if (how === 'insert') list.splice(k, 0, x);
        else if (how === 'replace') list[k] = x;
        else list[k + 1] = x; // leaves a hole at k when k is the end
      }
      return s;
    });
    const mutated = fc.tuple(fc.array(command, { minLength: 3, maxLength: 12 }), fc.nat()).map(([c, pick]) => {
      const ms = mutationsOf(schema, run(c).store);
      return ms[pick % ms.length]!.apply(run(c).store);
    });
    fc.assert(
      fc.property(fc.oneof(edited, mutated), (store) => {
        const expected = validate('thread-store', store, { maxProblems: Number.MAX_SAFE_INTEGER });
        const got = checkThreadStore(store).filter((p) => p.code.startsWith('schema.'));
        expect(got).toEqual(expected.filter((p) => p.code.startsWith('schema.')));
      }),
      { numRuns: 400 },
    );
  });

  it('reports a non-store with threads.not-store and never throws', () => {
    for (const bad of [null, 1, [], {}, { version: '1.0.0', metadata: {}, threads: [], operations: {}, relations: {} }]) {
      expect(checkThreadStore(bad).map((p) => p.code)).toContain('threads.not-store');
    }
  });
});

describe('rebuildRelations', () => {
  it('repairs drift: a store with its cache rebuilt passes the relation checks', () => {
    fc.assert(
      fc.property(fc.array(command, { maxLength: 30 }), (commands) => {
        const { store } = run(commands);
        const broken = clone(store);
        for (const r of Object.values(broken.relations)) {
          r.children.reverse();
          r.references_to = [];
        }
        broken.relations = rebuildRelations(broken);
        expect(checkThreadStore(broken)).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });
});

// A thread store of 200,000 operations that each earn a warning made checkThreadStore throw
// "Maximum call stack size exceeded": its problems were joined with `push(...list)`, and a spread
// passes every element as a call argument. Problem lists are now joined with loops.
describe('a problem list longer than a call can take does not overflow the stack', () => {
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

// checkThreadStore resolves a stored relations list by trying, at each place, the thread the log
// implies there (issue #24): a list in another order, or with other ids, must resolve as before.
describe('thread relations listed in another order than the log implies are still resolved', () => {
  it('a reordered list is still sound', () => {
    const store = run(SCRIPT).store;
    const root = store.relations.root!;
    expect(root.children.length).toBeGreaterThan(1);
    root.children.reverse();
    expect(checkThreadStore(store)).toEqual([]);
  });

  it('a list naming another thread, or a missing one, at the implied place is reported', () => {
    const store = run(SCRIPT).store;
    const ui = store.relations.ui!;
    ui.references_to = ['ghost'];
    ui.depends_on = ['tokens'];
    const codes = checkThreadStore(store).map((p) => [p.code, p.pointer]);
    expect(codes).toContainEqual(['threads.relation-unknown-thread', '/relations/ui/references_to/0']);
    expect(codes).toContainEqual(['threads.relations-drift', '/relations/ui/depends_on']);
  });
});

// checkThreadStore orders timestamps written in one RFC 3339 UTC form as text instead of reading
// each one's instant (issue #24); the order must still be the order of the instants, whatever the forms.
const instant = fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-12-31T23:59:59.999Z'), noInvalidDate: true });
/** One instant written in one of the forms the thread store reads. */
const written = fc.tuple(instant, fc.nat(7), fc.nat(9)).map(([d, form, extra]) => {
  const iso = d.toISOString(); // 2026-02-08T16:00:00.123Z
  switch (form) {
    case 0:
      return iso;
    case 1:
      return `${iso.slice(0, 19)}Z`;
    case 2:
      return `${iso.slice(0, 23)}${extra}Z`; // sub-millisecond digits: the instant is read to the millisecond
    case 3:
      return `${iso.slice(0, 10)}t${iso.slice(11)}`;
    case 4:
      return `${iso.slice(0, 23)}+00:00`;
    case 5:
      return `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
    case 6:
      return `${iso.slice(0, 19)}.${iso.slice(20, 22)}Z`;
    default:
      return `${iso.slice(0, 19)}z`;
  }
});
const sign = (x: number) => (x < 0 ? -1 : x > 0 ? 1 : 0);

describe('thread store timestamps are ordered by instant, not as text', () => {
  it('compareTimes orders any two timestamps as their instants do', () => {
    fc.assert(
      fc.property(written, written, (a, b) => {
        expect(sign(compareTimes(a, b))).toBe(sign(timeOf(a) - timeOf(b)));
      }),
      { numRuns: 2000 },
    );
  });

  it('is NaN when either side is not a timestamp', () => {
    for (const bad of ['2026-02-30T00:00:00Z', '2026-02-08T24:00:00Z', 'nope']) {
      expect(compareTimes(bad, '2026-02-08T16:00:00Z')).toBeNaN();
      expect(compareTimes('2026-02-08T16:00:00Z', bad)).toBeNaN();
    }
  });

  it('checkThreadStore reports operation-order and a stale last_updated by instant', () => {
    fc.assert(
      fc.property(fc.array(written, { minLength: SCRIPT.length, maxLength: SCRIPT.length }), written, (stamps, lastUpdated) => {
        const store = run(SCRIPT).store;
        store.operations.forEach((op, i) => {
          op.timestamp = stamps[i]!;
        });
        store.metadata.last_updated = lastUpdated;
        const problems = checkThreadStore(store);
        const times = stamps.map(timeOf);
        const expectedOrder = times.flatMap((t, i) => (i > 0 && t < times[i - 1]! ? [`/operations/${i}/timestamp`] : []));
        expect(problems.filter((p) => p.code === 'threads.operation-order').map((p) => p.pointer)).toEqual(expectedOrder);
        expect(problems.some((p) => p.code === 'threads.last-updated-stale')).toBe(timeOf(lastUpdated) < Math.max(...times));
      }),
      { numRuns: 300 },
    );
  });
});
