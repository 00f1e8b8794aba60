import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareWbsIds, isWbsId } from '../../src/wbs/id.js';
import { SortedIds, strictlyIncreasing } from '../../src/wbs/sorted-ids.js';

const id = fc.oneof(
  fc.array(fc.integer({ min: 1, max: 120 }), { minLength: 1, maxLength: 3 }).map((p) => p.join('.')),
  fc.constantFrom('x', '1..2', '0', '01', '1.2.3.4', '__proto__', '', 'b', 'a.1'),
);
const flags = (ids: readonly string[]) => Uint8Array.from(ids, (x) => (isWbsId(x) ? 1 : 0));

describe('SortedIds', () => {
  it('finds every id from any starting hint, and nothing else (property)', () => {
    fc.assert(
      fc.property(fc.uniqueArray(id, { maxLength: 200 }), fc.array(id, { maxLength: 30 }), fc.integer(), (raw, probes, hint) => {
        const ids = [...raw].sort(compareWbsIds);
        const index = new SortedIds(ids, flags(ids));
        const near = ids.length === 0 ? 0 : Math.abs(hint) % ids.length;
        ids.forEach((x, i) => {
          expect(index.get(x, near)).toBe(i);
          expect(index.get(x)).toBe(i);
        });
        for (const p of probes) expect(index.get(p, near)).toBe(ids.indexOf(p));
      }),
    );
  });

  it('takes strictly increasing WBS order only', () => {
    const check = (ids: (string | undefined)[]) => strictlyIncreasing(ids, Uint8Array.from(ids, (x) => (isWbsId(x) ? 1 : 0)));
    expect(check(['1', '1.1', '1.2', '1.10', '2', 'x', 'y'])).toBe(true);
    expect(check([])).toBe(true);
    expect(check(['1', '1'])).toBe(false); // a repeat
    expect(check(['1.10', '1.9'])).toBe(false); // numeric order, not code units
    expect(check(['x', '1'])).toBe(false); // malformed ids sort after well-formed ones
    expect(check(['1', undefined])).toBe(false);
    fc.assert(
      fc.property(fc.array(id, { maxLength: 50 }), (ids) => {
        const expected = ids.every((x, i) => i === 0 || compareWbsIds(ids[i - 1]!, x) < 0);
        expect(check(ids)).toBe(expected);
      }),
    );
  });
});
