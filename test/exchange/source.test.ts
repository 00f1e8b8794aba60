import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { memorySpool, openSource, sliceText, spoolInput } from '../../src/services/exchange/source.js';
import { iterateChunks } from '../../src/syntax/chunks.js';

const enc = new TextEncoder();

async function bytesOf(chunks: ReturnType<typeof openSource>): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for await (const c of iterateChunks(chunks)) parts.push(typeof c === 'string' ? enc.encode(c) : c);
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** `text` cut at the given points (any UTF-16 index, so surrogate pairs may be split). */
function cut(text: string, points: number[]): string[] {
  const at = [...new Set(points.map((p) => p % (text.length + 1)))].sort((a, b) => a - b);
  const out: string[] = [];
  let from = 0;
  for (const p of at) {
    out.push(text.slice(from, p));
    from = p;
  }
  out.push(text.slice(from));
  return out;
}

// Text with astral characters (surrogate pairs), so cuts fall inside them.
const text = fc.string({ unit: fc.oneof(fc.constantFrom('a', '\n', '{', '"', 'é', '😀', '𝄞', '中'), fc.string({ unit: 'grapheme', maxLength: 1 })), maxLength: 40 });

describe('spoolInput', () => {
  it('spools string chunks cut anywhere, even inside a surrogate pair, to the UTF-8 of the whole text (property)', async () => {
    await fc.assert(
      fc.asyncProperty(text, fc.array(fc.nat(), { maxLength: 6 }), fc.boolean(), async (t, points, asAsync) => {
        const parts = cut(t, points);
        const chunks = asAsync
          ? (async function* () {
              yield* parts;
            })()
          : parts;
        const source = await spoolInput(chunks, memorySpool());
        expect(await bytesOf(openSource(source))).toEqual(enc.encode(t));
        // Re-readable: a second read gives the same bytes.
        expect(await bytesOf(openSource(source))).toEqual(enc.encode(t));
      }),
      { numRuns: 500 },
    );
  });

  it('spools byte chunks and mixed chunks unchanged', async () => {
    const source = await spoolInput([enc.encode('{"a":'), '1}', enc.encode('\n')], memorySpool());
    expect(new TextDecoder().decode(await bytesOf(openSource(source)))).toBe('{"a":1}\n');
  });
});

describe('sliceText', () => {
  it('slices long text without cutting a surrogate pair, and the slices join to the text', () => {
    const big = 'x'.repeat((1 << 20) - 1) + '😀' + 'y'.repeat(10);
    const slices = [...sliceText(big)];
    expect(slices.join('')).toBe(big);
    for (const s of slices) {
      const last = s.charCodeAt(s.length - 1);
      expect(last >= 0xd800 && last <= 0xdbff).toBe(false);
    }
  });
});
