import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalize, fromHex, hashJson, sha256Hex, toHex, utf8 } from '../../src/kernel/canonical/index.js';

describe('canonicalize (RFC 8785)', () => {
  it('sorts keys by UTF-16 code units and drops no values', () => {
    expect(canonicalize({ b: 1, a: [true, null, 'x'], '\u20ac': 0, '\ud83d\ude00': 1, '\r': 2 })).toBe('{"\\r":2,"a":[true,null,"x"],"b":1,"\u20ac":0,"\ud83d\ude00":1}');
  });

  it('writes numbers in ECMAScript shortest form (RFC 8785 appendix B samples)', () => {
    // biome-ignore lint/correctness/noPrecisionLoss: the RFC 8785 sample is written with more digits than a double holds, on purpose
    expect(canonicalize([1e21, 1e-7, -0, 0.1, 333333333.33333329, 1e30, 4.5, 2e-3, 0.000001])).toBe('[1e+21,1e-7,0,0.1,333333333.3333333,1e+30,4.5,0.002,0.000001]');
  });

  it('rejects values JSON cannot carry', () => {
    expect(() => canonicalize(Number.NaN)).toThrow(TypeError);
    expect(() => canonicalize({ a: Infinity })).toThrow(TypeError);
    expect(() => canonicalize(10n)).toThrow(TypeError);
  });

  it('is invariant under key order and equals JSON.parse round trips', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const c = canonicalize(v);
        expect(canonicalize(JSON.parse(c))).toBe(c);
        expect(JSON.parse(c)).toEqual(JSON.parse(JSON.stringify(v)));
      }),
      { numRuns: 500 },
    );
  });

  it("equals a reference that sorts each object's entries and quotes with JSON.stringify, also when names repeat across objects and strings need escapes", () => {
    // A reference written apart from canonicalize: entries sorted by UTF-16 code units, every piece quoted afresh.
    const reference = (v: unknown): string => {
      if (Array.isArray(v)) return `[${v.map(reference).join(',')}]`;
      if (v !== null && typeof v === 'object')
        return `{${Object.entries(v)
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .map(([k, x]) => `${JSON.stringify(k)}:${reference(x)}`)
          .join(',')}}`;
      return Object.is(v, -0) ? '0' : JSON.stringify(v);
    };
    // Names from a small pool (integer-like ones too), so the same names recur across objects and calls.
    const name = fc.constantFrom('id', 'type', 'a', 'b', '10', '9', '', 'é', '\u0000', '"', 'ab', 'B');
    // Strings mixing characters JSON escapes (quote, backslash, controls) with ones it copies (DEL, U+2028, non-BMP).
    const text = fc.string({ unit: fc.constantFrom('a', 'Z', ' ', '"', '\\', '\n', '\u0000', '\u001f', '\u0020', '\u007f', '\u2028', 'é', '😀') });
    const json = fc.letrec((tie) => ({
      value: fc.oneof({ depthSize: 'small' }, fc.jsonValue({ maxDepth: 0 }), text, tie('object'), fc.array(tie('value'), { maxLength: 4 })),
      object: fc.dictionary(fc.oneof(name, fc.string(), text), tie('value'), { maxKeys: 6 }),
    })).value;
    fc.assert(
      fc.property(fc.array(json, { minLength: 1, maxLength: 4 }), (values) => {
        for (const v of values) expect(canonicalize(v)).toBe(reference(v));
      }),
      { numRuns: 400 },
    );
    expect(() => canonicalize({ ['a\ud800']: 1 })).toThrow(/lone surrogate/);
    expect(() => canonicalize({ ['a\ud800']: 1 })).toThrow(/lone surrogate/);
  });
});

describe('sha256', () => {
  it('matches FIPS 180-4 known answers', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe('248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1');
    expect(sha256Hex('a'.repeat(1_000_000))).toBe('cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0');
  });

  it('agrees with node:crypto on every length around block boundaries and on random bytes', () => {
    for (let n = 0; n < 200; n++) {
      const bytes = new Uint8Array(n).map((_, i) => (i * 31 + n) & 0xff);
      expect(sha256Hex(bytes)).toBe(createHash('sha256').update(bytes).digest('hex'));
    }
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 600 }), (bytes) => {
        expect(sha256Hex(bytes)).toBe(createHash('sha256').update(bytes).digest('hex'));
      }),
    );
  });

  it('hashes JSON through its canonical form', () => {
    expect(hashJson({ b: 2, a: 1 })).toBe(sha256Hex('{"a":1,"b":2}'));
  });

  it('round-trips hex', () => {
    const b = utf8('memkit');
    expect(fromHex(toHex(b))).toEqual(b);
    expect(fromHex('zz')).toBeUndefined();
    expect(fromHex('abc')).toBeUndefined();
  });
});
