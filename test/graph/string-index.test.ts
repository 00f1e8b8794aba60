import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { StringIndex } from '../../src/graph/string-index.js';

describe('StringIndex', () => {
  it('agrees with a Map: first position wins, absent keys are -1', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 6 }), { maxLength: 300 }), fc.array(fc.string({ maxLength: 6 }), { maxLength: 50 }), (keys, probes) => {
        const index = new StringIndex(keys.length, (i) => keys[i]);
        const map = new Map<string, number>();
        keys.forEach((k, i) => {
          expect(index.add(k, i)).toBe(map.get(k) ?? -1);
          if (!map.has(k)) map.set(k, i);
        });
        for (const k of [...keys, ...probes]) expect(index.get(k)).toBe(map.get(k) ?? -1);
      }),
    );
  });

  it('falls back to a Map when probe runs grow long, with the same answers', () => {
    const keys = Array.from({ length: 2000 }, (_, i) => `k${i % 1500}`);
    const index = new StringIndex(keys.length, (i) => keys[i], 0);
    keys.forEach((k, i) => expect(index.add(k, i)).toBe(i < 1500 ? -1 : i - 1500));
    expect(index.get('k1499')).toBe(1499);
    expect(index.get('k1500')).toBe(-1);
  });

  it('holds 200,000 keys', () => {
    const keys = Array.from({ length: 200_000 }, (_, i) => `${i % 1000}.${Math.floor(i / 1000)}`);
    const index = new StringIndex(keys.length, (i) => keys[i]);
    keys.forEach((k, i) => expect(index.add(k, i)).toBe(-1));
    expect(index.get('999.199')).toBe(199_999);
    expect(index.get('1000.0')).toBe(-1);
  });
});
