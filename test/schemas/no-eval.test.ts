// Where `eval` is blocked TypeBox falls back to dynamic checking; memkit must give the same results.
import fc from 'fast-check';
import { Compile } from 'typebox/compile';
import { Settings } from 'typebox/system';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { arbitraryFor } from '../../src/schema/arbitraries/index.js';
import { mutationsOf } from '../arbitraries/mutate.js';
import { samples } from './samples.js';

const fast = await import('../../src/schema/index.js');

describe('validators without code evaluation', () => {
  afterAll(() => Settings.Set({ useAcceleration: true }));

  it('give the same problems as the accelerated ones', async () => {
    // Compile (and cache) the accelerated validators first.
    for (const id of fast.formatIds) fast.validate(id, samples[id]);
    expect(Compile(fast.getFormat('event')!.schema).IsAccelerated()).toBe(true);
    Settings.Set({ useAcceleration: false });
    vi.resetModules();
    const slow = (await import('../../src/schema/index.js')) as typeof fast;
    expect(slow.validate).not.toBe(fast.validate);
    for (const id of fast.formatIds) {
      const schema = fast.getFormat(id)!.schema;
      expect(Compile(schema).IsAccelerated(), id).toBe(false);
      expect(slow.validate(id, samples[id])).toEqual([]);
      fc.assert(
        fc.property(arbitraryFor(id), fc.nat(), (value, pick) => {
          expect(slow.validate(id, value)).toEqual([]);
          const ms = mutationsOf(schema as Record<string, unknown>, value);
          if (ms.length === 0) return;
          const broken = ms[pick % ms.length]!.apply(value);
          expect(slow.validate(id, broken)).toEqual(fast.validate(id, broken));
        }),
        { numRuns: 15 },
      );
    }
    Settings.Set({ useAcceleration: true });
    expect(Compile(fast.getFormat('event')!.schema).IsAccelerated()).toBe(true);
  });
});
