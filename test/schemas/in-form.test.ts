// The one-pass check of memkit's forms (dates in its RFC 3339 profile, lowercase hashes,
// ids as memkit writes them) decides most valid values alone: it must never hide a problem.
// Differential: the fast validator and the plain one (schema check, whole check, date walk)
// report the same problems, in the same order, on generated values, on values moved out of
// form field by field, and on values broken in one constraint.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arbitraryFor } from '../../src/schema/arbitraries/index.js';
import { compileValidator, formatIds, getFormat } from '../../src/schema/index.js';
import { compilePlainValidator, compileTally } from '../../src/schema/validate.js';
import { mutationsOf } from '../arbitraries/mutate.js';

/** Ways a string can leave memkit's form while staying valid (or not: both paths must agree either way). */
const EDITS: ((s: string) => string)[] = [
  (s) => s.toUpperCase(),
  (s) => s.slice(0, 1).toUpperCase() + s.slice(1),
  (s) => s.replaceAll('-', '').replaceAll(':', ''), // basic-format date-times
  (s) => s.slice(0, 16), // reduced precision: 2026-02-20T02:00
  (s) => s.replace(/Z$/, '+0200'),
  (s) => s.replace(/Z$/, ''),
  (s) => `${s}!`,
  (s) => s.replace('_', '_#'),
  (s) => ` ${s}`,
  () => 'information disclosure',
  () => 'Lateral movement',
  () => 'A'.repeat(64),
  () => '',
];

/** Every path to a string in `value`. */
function stringPaths(value: unknown, path: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  if (typeof value === 'string') out.push(path);
  else if (Array.isArray(value)) value.forEach((v, i) => stringPaths(v, [...path, i], out));
  else if (typeof value === 'object' && value !== null) for (const [k, v] of Object.entries(value)) stringPaths(v, [...path, k], out);
  return out;
}

function edit(value: unknown, picks: [number, number][]): unknown {
  const copy = structuredClone(value);
  const paths = stringPaths(copy);
  if (paths.length === 0) return copy;
  for (const [p, e] of picks) {
    const path = paths[p % paths.length]!;
    let node = copy as Record<string | number, unknown>;
    for (const k of path.slice(0, -1)) node = node[k] as Record<string | number, unknown>;
    const key = path.at(-1)!;
    node[key] = EDITS[e % EDITS.length]!(node[key] as string);
  }
  return copy;
}

describe('the check of memkit forms and the plain path', () => {
  for (const id of formatIds) {
    it(`${id}: same problems on generated, out-of-form and broken values`, { timeout: 60_000 }, () => {
      const fast = compileValidator(id)!;
      const plain = compilePlainValidator(id)!;
      const tally = compileTally(id)!;
      const schema = getFormat(id)!.schema as Record<string, unknown>;
      const same = (v: unknown) => {
        const expected = plain(v);
        expect(fast(v)).toEqual(expected);
        const t = tally(v);
        if (!t.atLeast) expect(t.problems).toBe(expected.length);
      };
      fc.assert(
        fc.property(arbitraryFor(id), fc.array(fc.tuple(fc.nat(), fc.nat()), { minLength: 1, maxLength: 3 }), fc.nat(), (value, picks, pick) => {
          same(value);
          same(edit(value, picks));
          const ms = mutationsOf(schema, value);
          if (ms.length > 0) same(ms[pick % ms.length]!.apply(value));
        }),
        { numRuns: 60 },
      );
    });
  }

  it('values out of form still get their conventions (lowercase hex, date-time profile, ids, STRIDE)', () => {
    const hash = 'ab'.repeat(32);
    const entry = { id: 'DEC-20260220-001', ts: '20260220T020000Z', proposer_agent: 'a', rationale: 'r', diff_hash: hash.toUpperCase(), tests_passed: true, predecessor_hash: hash };
    expect(compileValidator('decision-log-entry')!(entry).map((p) => [p.code, p.pointer])).toEqual([
      ['convention.lowercase-hex', '/diff_hash'],
      ['convention.date-time-profile', '/ts'],
    ]);
    expect(compileValidator('decision-log-entry')!({ ...entry, ts: '2026-02-20T02:00:00Z', diff_hash: hash })).toEqual([]);
  });
});
