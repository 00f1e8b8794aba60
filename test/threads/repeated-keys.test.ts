import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RepeatedKeys } from '../../src/threads/repeated-keys.js';

/** The pairs (item, first item with its key) that a Map of first uses gives. */
function expected(keys: readonly (string | undefined)[]): number[] {
  const first = new Map<string, number>();
  const out: number[] = [];
  keys.forEach((k, i) => {
    if (k === undefined) return;
    const f = first.get(k);
    if (f === undefined) first.set(k, i);
    else out.push(i, f);
  });
  return out;
}

function found(keys: readonly (string | undefined)[]): number[] {
  const r = new RepeatedKeys(keys.length);
  const maybe = new Set<number>();
  keys.forEach((k, i) => {
    if (k !== undefined && r.add(i, k)) maybe.add(i);
  });
  const pairs = [...r.repeats((i) => keys[i])];
  // Only an item that `add` said may repeat does.
  for (let k = 0; k < pairs.length; k += 2) expect(maybe.has(pairs[k]!)).toBe(true);
  return pairs;
}

describe('RepeatedKeys', () => {
  it('finds every repeat with the first use, as a Map does', () => {
    const key = fc.oneof(fc.constantFrom('a', 'b', '__proto__', ''), fc.string({ maxLength: 3 }), fc.constant(undefined));
    fc.assert(
      fc.property(fc.array(key, { maxLength: 300 }), (keys) => {
        expect(found(keys)).toEqual(expected(keys));
      }),
      { numRuns: 300 },
    );
  });

  it('is exact when many keys share bits', () => {
    // 20,000 keys over a bitset of about 160,000 bits: thousands of shared bits, few real repeats.
    const keys = Array.from({ length: 20_000 }, (_, i) => (i % 997 === 5 ? `k${i - 1}` : `k${i}`));
    expect(found(keys)).toEqual(expected(keys));
  });

  it('reports nothing when no key repeats, and every item when one key does', () => {
    expect(found(['x', 'y', 'z'])).toEqual([]);
    expect(found(['x', 'x', 'x'])).toEqual([1, 0, 2, 0]);
  });
});

describe('RepeatedKeys with colliding hashes', () => {
  it('is exact when distinct keys share their full hash', () => {
    // A hash of the length alone: every key of a length collides with every other.
    const key = fc.oneof(fc.constantFrom('a', 'b', 'ab', 'ba', ''), fc.string({ maxLength: 3 }));
    fc.assert(
      fc.property(fc.array(key, { maxLength: 200 }), (keys) => {
        const r = new RepeatedKeys(keys.length, (k) => k.length);
        keys.forEach((k, i) => r.add(i, k));
        expect([...r.repeats((i) => keys[i])]).toEqual(expected(keys));
      }),
      { numRuns: 200 },
    );
  });
});
