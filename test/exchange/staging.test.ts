import { describe, expect, it } from 'vitest';
import { STAGE_IN_FLIGHT, startStaging } from '../../src/services/exchange/staging.js';
import { type FilePort, memoryFiles } from '../../src/kernel/file-port.js';

const enc = new TextEncoder();

/** A memory port whose writes take a few ticks, counting how many run at once; the write of `failPath` fails. */
function slow(base: FilePort & { snapshot(): Map<string, Uint8Array> }, failPath?: string) {
  let running = 0;
  const state = { max: 0 };
  const port: FilePort = {
    ...base,
    async write(p, d) {
      running++;
      state.max = Math.max(state.max, running);
      try {
        await new Promise((r) => setTimeout(r, 1));
        if (failPath !== undefined && p.endsWith(`/new/${failPath}`)) throw Object.assign(new Error('injected'), { code: 'EIO' });
        await base.write(p, d);
      } finally {
        running--;
      }
    },
  };
  return { port, state };
}

describe('staging: overlapping staged writes', () => {
  it('keeps at most STAGE_IN_FLIGHT writes running, and commits every file', async () => {
    const base = memoryFiles({ 'keep.md': 'mine\n' });
    const { port, state } = slow(base);
    const s = await startStaging(port);
    for (let i = 0; i < 40; i++) await s.stage(`d/n${i}.md`, enc.encode(`${i}\n`));
    const out = await s.commit();
    expect(out.cause).toBeUndefined();
    expect(state.max).toBeGreaterThan(1);
    expect(state.max).toBeLessThanOrEqual(STAGE_IN_FLIGHT);
    expect([...base.snapshot().keys()].sort()).toEqual(['keep.md', ...Array.from({ length: 40 }, (_, i) => `d/n${i}.md`)].sort());
  });

  it('a failed staged write surfaces (at a later stage, settle or commit) and nothing outside the staging directory changes', async () => {
    for (const at of [0, 5, 39]) {
      const base = memoryFiles({ 'keep.md': 'mine\n' });
      const { port } = slow(base, `d/n${at}.md`);
      const s = await startStaging(port);
      let threw = false;
      try {
        for (let i = 0; i < 40; i++) await s.stage(`d/n${i}.md`, enc.encode(`${i}\n`));
        await s.settle();
      } catch {
        threw = true;
      }
      expect(threw, `failing write ${at}`).toBe(true);
      const out = await s.commit();
      expect(out.cause, `failing write ${at}`).toBeDefined();
      expect(out.unrestored).toEqual([]);
      await s.discard();
      expect([...base.snapshot().keys()], `failing write ${at}`).toEqual(['keep.md']);
    }
  });
});
