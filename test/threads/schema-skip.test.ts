// checkThreadStore's schema problems must be exactly the validator's, reported first, and its own rules must add
// none of the schema's codes, on stores near the schema's edges (off-profile dates, hidden keys, bad ids).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Problem } from '../../src/kernel/problems/index.js';
import { validate } from '../../src/schema/validate.js';
import { checkThreadStore } from '../../src/services/threads/index.js';
import { POOL, command, run } from './arbitraries.js';

type Loose = Record<string, unknown>;
const SCHEMA = /^(schema|convention|problems|input)\./;
const VALUES: unknown[] = [null, undefined, 0, '', 'x', 'bad id', '__proto__', [], {}, ['t0'], [1], 'active', 'paused', 'user', 'robot', '1.0', '1.0.0.0', ...POOL];
const DATES = ['20260220T020000Z', '2026-02-30T00:00:00Z', '2026-06-30T23:59:60Z', '2026-02-08T16:00:05+02:00', '2026-02-08t16:00:05z', '2026-02-08T16:00:05.123456Z'];

/** One edit: a field of a thread, operation, relations entry or the root set to a value, hidden, or a date changed. */
const edit = fc.record({
  part: fc.constantFrom('threads', 'operations', 'relations', 'metadata', 'root'),
  pick: fc.nat(),
  field: fc.constantFrom('id', 'title', 'created_at', 'status', 'tags', 'parent_id', 'timestamp', 'operator', 'command', 'params', 'children', 'depends_on', 'version', 'last_updated', 'thread_count'),
  how: fc.constantFrom('set', 'date', 'delete', 'hide'),
  value: fc.constantFrom(...VALUES),
  date: fc.constantFrom(...DATES),
});

function apply(s: Loose, e: { part: string; pick: number; field: string; how: string; value: unknown; date: string }): void {
  const group = e.part === 'root' ? undefined : (s[e.part] as Loose | unknown[]);
  const items = group === undefined ? [s] : Array.isArray(group) ? group : e.part === 'metadata' ? [group] : Object.values(group);
  const target = items[e.pick % Math.max(1, items.length)] as Loose | undefined;
  if (target === undefined || target === null || typeof target !== 'object') return;
  if (e.how === 'delete') delete target[e.field];
  else if (e.how === 'date') target[e.field] = e.date;
  else if (e.how === 'set') target[e.field] = e.value;
  // A key no JSON object has: own but not enumerable, and (for threads and relations) outside the id pattern.
  else Object.defineProperty(group ?? s, e.part === 'threads' || e.part === 'relations' ? 'hidden key' : e.field, { value: e.value, enumerable: false, writable: true, configurable: true });
}

describe('checkThreadStore and the schema validator', () => {
  it('reports exactly the schema problems the validator reports, first (property)', () => {
    fc.assert(
      fc.property(fc.array(command, { minLength: 1, maxLength: 30 }), fc.array(edit, { maxLength: 3 }), (commands, edits) => {
        const s = JSON.parse(JSON.stringify(run(commands).store)) as Loose;
        for (const e of edits) apply(s, e);
        const schema = validate('thread-store', s, { maxProblems: Number.MAX_SAFE_INTEGER });
        const got = checkThreadStore(s);
        expect(got.slice(0, schema.length)).toEqual(schema);
        expect(got.slice(schema.length).filter((p: Problem) => SCHEMA.test(p.code))).toEqual([]);
      }),
      { numRuns: 400 },
    );
  });
});
