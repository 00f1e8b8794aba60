import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareWbsIds, isWbsId, parseWbsId, typeForDepth, wbsIdError, wbsParent } from '../../src/services/wbs/index.js';

const wbsId = fc.array(fc.integer({ min: 1, max: 120 }), { minLength: 1, maxLength: 3 }).map((p) => p.join('.'));

describe('WBS ids', () => {
  it('parses ids into parts, depth, parent and type', () => {
    const r = parseWbsId('1.10.2');
    expect(r).toEqual({ ok: true, value: { id: '1.10.2', parts: [1, 10, 2], depth: 3, parent: '1.10', type: 'task' } });
    expect(parseWbsId('7')).toMatchObject({ ok: true, value: { parent: null, type: 'epic' } });
    expect(typeForDepth(2)).toBe('feature');
    expect(typeForDepth(4)).toBeUndefined();
  });

  it('reports malformed ids with wbs.id-malformed', () => {
    for (const bad of ['', '0', '01', '1.0', '1..2', '1.', '.1', 'a', '1.2.3.4', '1.x', ' 1', '1e3', '-1', 1, null]) {
      expect(isWbsId(bad), String(bad)).toBe(false);
      expect(wbsIdError(bad)).toBeTypeOf('string');
      const r = parseWbsId(bad);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.problems[0]!.code).toBe('wbs.id-malformed');
    }
  });

  it('orders numerically, 1.10 after 1.9, parents before children', () => {
    expect(['1.10', '2', '1.9', '1', '1.1.1', '10', '1.1'].sort(compareWbsIds)).toEqual(['1', '1.1', '1.1.1', '1.9', '1.10', '2', '10']);
    fc.assert(
      fc.property(wbsId, wbsId, (a, b) => {
        const pa = a.split('.').map(Number);
        const pb = b.split('.').map(Number);
        let expected = 0;
        for (let i = 0; i < Math.max(pa.length, pb.length) && expected === 0; i++) {
          if (pa[i] === undefined) expected = -1;
          else if (pb[i] === undefined) expected = 1;
          else expected = Math.sign(pa[i]! - pb[i]!);
        }
        expect(Math.sign(compareWbsIds(a, b)) || 0).toBe(expected);
        expect(Math.sign(compareWbsIds(b, a)) || 0).toBe(-expected || 0);
        if (a.includes('.')) expect(compareWbsIds(wbsParent(a)!, a)).toBeLessThan(0);
      }),
      { numRuns: 300 },
    );
  });

  it('round-trips parse and parent derivation for every well-formed id', () => {
    fc.assert(
      fc.property(wbsId, (id) => {
        const r = parseWbsId(id);
        expect(r.ok).toBe(true);
        if (r.ok) {
          expect(r.value.parts.join('.')).toBe(id);
          expect(r.value.parent).toBe(wbsParent(id));
        }
      }),
      { numRuns: 200 },
    );
  });
});
