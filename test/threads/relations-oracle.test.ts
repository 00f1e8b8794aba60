// checkThreadStore's relations item checks and operation id repeats against a plain oracle written
// from the rules (issue #24 reworked both): per relations list item, a repeat, an unknown thread, a
// self-link, a child whose parent_id names another thread, a reference the other side does not list
// back; per repeated operation id, the position it first had. Same problems, same pointers, same order.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ThreadStore } from '../../src/schema/thread-store.js';
import { checkThreadStore } from '../../src/services/threads/index.js';
import { POOL, command, run } from './arbitraries.js';

type Loose = Record<string, unknown>;
const FIELDS = ['children', 'references_to', 'referenced_by', 'depends_on'] as const;
const ITEM_CODES = ['threads.relation-duplicate', 'threads.relation-unknown-thread', 'threads.relation-self', 'threads.parent-child-mismatch', 'threads.reference-asymmetric'];
const isObject = (v: unknown): v is Loose => v !== null && typeof v === 'object' && !Array.isArray(v);
const esc = (s: string) => s.replaceAll('~', '~0').replaceAll('/', '~1');

/** The item problems the rules give, as [code, pointer], thread by thread, field by field, item by item. */
function oracle(s: ThreadStore): [string, string][] {
  const out: [string, string][] = [];
  const threads = s.threads as Record<string, unknown>;
  const relations = s.relations as Record<string, unknown>;
  const entry = (id: string) => (Object.hasOwn(relations, id) && isObject(relations[id]) ? relations[id] : undefined);
  const lists = (id: string, field: string) => entry(id)?.[field];
  for (const id of Object.keys(threads)) {
    if (entry(id) === undefined) continue;
    for (const field of FIELDS) {
      const list = lists(id, field);
      if (!Array.isArray(list)) continue;
      list.forEach((x, k) => {
        const at = `/relations/${esc(id)}/${field}/${k}`;
        if (typeof x !== 'string') return;
        const t = Object.hasOwn(threads, x) ? threads[x] : undefined;
        const back = field === 'references_to' ? 'referenced_by' : 'references_to';
        const other = lists(x, back);
        if (list.indexOf(x) < k) out.push(['threads.relation-duplicate', at]);
        else if (!Object.hasOwn(threads, x)) out.push(['threads.relation-unknown-thread', at]);
        else if (x === id) out.push(['threads.relation-self', at]);
        else if (field === 'children' && isObject(t) && t.parent_id !== id) out.push(['threads.parent-child-mismatch', at]);
        else if (field !== 'children' && field !== 'depends_on' && entry(x) !== undefined && !(Array.isArray(other) && other.includes(id))) out.push(['threads.reference-asymmetric', at]);
      });
    }
  }
  return out;
}

/** Edits that break the relations cache or repeat operation ids, each kept within the schema where it can be. */
const edit = fc.record({
  kind: fc.constantFrom('add', 'add', 'remove', 'reverse', 'repeat', 'drop', 'parent', 'op-id'),
  pick: fc.nat(),
  at: fc.nat(),
  id: fc.constantFrom(...POOL, 'ghost'),
  field: fc.constantFrom(...FIELDS),
});
function apply(s: ThreadStore, e: { kind: string; pick: number; at: number; id: string; field: (typeof FIELDS)[number] }): void {
  const keys = Object.keys(s.relations);
  const key = keys[e.pick % Math.max(1, keys.length)];
  const list = key === undefined ? undefined : s.relations[key]![e.field];
  if (e.kind === 'add' && list) list.splice(e.at % (list.length + 1), 0, e.id);
  else if (e.kind === 'remove' && list?.length) list.splice(e.at % list.length, 1);
  else if (e.kind === 'reverse' && list) list.reverse();
  else if (e.kind === 'repeat' && list?.length) list.push(list[e.at % list.length]!);
  else if (e.kind === 'drop' && key !== undefined) delete s.relations[key];
  else if (e.kind === 'parent') {
    const ids = Object.keys(s.threads);
    if (ids.length > 0) s.threads[ids[e.pick % ids.length]!]!.parent_id = e.id;
  } else if (e.kind === 'op-id' && s.operations.length > 1) s.operations[e.at % s.operations.length]!.id = s.operations[e.pick % s.operations.length]!.id;
}

describe('checkThreadStore against an oracle written from the rules', () => {
  it('reports each relations item problem, and only those, in order (property)', () => {
    fc.assert(
      fc.property(fc.array(command, { minLength: 5, maxLength: 40 }), fc.array(edit, { minLength: 1, maxLength: 4 }), (commands, edits) => {
        const s = JSON.parse(JSON.stringify(run(commands).store)) as ThreadStore;
        for (const e of edits) apply(s, e);
        const got = checkThreadStore(s)
          .filter((p) => ITEM_CODES.includes(p.code) && /^\/relations\/[^/]+\/[^/]+\/\d+$/.test(p.pointer ?? ''))
          .map((p) => [p.code, p.pointer]);
        expect(got).toEqual(oracle(s));
      }),
      { numRuns: 300 },
    );
  });

  it('names the first position of every repeated operation id (property)', () => {
    fc.assert(
      fc.property(fc.array(command, { minLength: 5, maxLength: 40 }), fc.array(fc.tuple(fc.nat(), fc.nat()), { minLength: 1, maxLength: 4 }), (commands, pairs) => {
        const s = JSON.parse(JSON.stringify(run(commands).store)) as ThreadStore;
        const ops = s.operations;
        fc.pre(ops.length > 1);
        for (const [a, b] of pairs) ops[a % ops.length]!.id = ops[b % ops.length]!.id;
        const want = ops.flatMap((op, i) => {
          const first = ops.findIndex((o) => o.id === op.id);
          return first < i ? [[`/operations/${i}/id`, `/operations/${first}`]] : [];
        });
        const got = checkThreadStore(s)
          .filter((p) => p.code === 'threads.id-duplicate' && p.pointer!.startsWith('/operations/'))
          .map((p) => [p.pointer, /\/operations\/\d+$/.exec(p.message)![0]]);
        expect(got).toEqual(want);
      }),
      { numRuns: 200 },
    );
  });
});
