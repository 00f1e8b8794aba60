import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CanonicalizeError, canonicalize, canonicalizeResult, isWellFormed, readJson } from '../../src/kernel/canonical/index.js';

const codes = (r: { problems?: { code: string }[] }) => (r.problems ?? []).map((p) => p.code);

describe('readJson: duplicate property names', () => {
  it('refuses a name used twice, with the pointer and position of the second', () => {
    const r = readJson('{"a":1,"a":2}');
    expect(r.ok).toBe(false);
    expect(r.problems).toEqual([expect.objectContaining({ code: 'json.duplicate-key', severity: 'error', pointer: '/a', line: 1, column: 8 })]);
  });

  it('finds duplicates at any depth and names them by pointer', () => {
    const r = readJson('{"x":[{"b":1},{"b":2,"c":{"d/e":1,"q":[],"d/e":2}}],"y":{"x":1}}');
    expect(r.problems).toEqual([expect.objectContaining({ code: 'json.duplicate-key', pointer: '/x/1/c/d~1e' })]);
  });

  it('compares names after unescaping, and only within one object', () => {
    expect(codes(readJson('{"a":1,"\\u0061":2}'))).toEqual(['json.duplicate-key']);
    expect(codes(readJson('{"__proto__":1,"__proto__":2}'))).toEqual(['json.duplicate-key']);
    expect(readJson('{"a":{"a":1},"b":[{"a":1},{"a":2}]}').ok).toBe(true);
    expect(readJson('{"a\\"":1,"a\\\\":2,"a":"\\":","b":"x\\\\"}').ok).toBe(true);
    expect(readJson('{ "a" : 1 , "b" : "\\"a\\" :" }').ok).toBe(true);
  });

  it('the fast count and the slow search agree: a value written with one name repeated anywhere is refused at that pointer (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), fc.nat(), fc.jsonValue({ maxDepth: 1 }), (value, pick, extra) => {
        const objects: { path: string[]; key: string }[] = [];
        collect(value, [], objects);
        fc.pre(objects.length > 0);
        const target = objects[pick % objects.length]!;
        const text = writeWithDuplicate(value, target.path, JSON.stringify(extra));
        const r = readJson(text);
        expect(r.ok).toBe(false);
        const pointer = '/' + [...target.path, target.key].map((s) => s.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
        expect(r.problems).toContainEqual(expect.objectContaining({ code: 'json.duplicate-key', pointer }));
      }),
      { numRuns: 300 },
    );
  });
});

describe('readJson: lone surrogates', () => {
  it('refuses an escaped lone surrogate in a string or a name, with its pointer', () => {
    expect(readJson('{"a":["x","\\ud800"]}').problems).toEqual([expect.objectContaining({ code: 'json.lone-surrogate', pointer: '/a/1' })]);
    expect(readJson('{"\\udc00":1}').problems).toEqual([expect.objectContaining({ code: 'json.lone-surrogate', pointer: '/\udc00' })]);
    expect(codes(readJson('"\\uDBFF"'))).toEqual(['json.lone-surrogate']);
    expect(codes(readJson('["\\ude00\\ud83d"]'))).toEqual(['json.lone-surrogate']);
  });

  it('refuses a raw lone surrogate in the text', () => {
    expect(codes(readJson('{"a":"\ud800"}'))).toEqual(['json.lone-surrogate']);
  });

  it('accepts pairs, escaped or raw, and text that only looks like an escape', () => {
    expect(readJson('["\\ud83d\\ude00","\ud83d\ude00","\\\\ud800"]')).toEqual({ ok: true, value: ['\ud83d\ude00', '\ud83d\ude00', '\\ud800'] });
  });
});

describe('readJson: forbidden keys', () => {
  const text = '{"a":{"constructor":1,"b":2},"__proto__":{"x":1}}';

  it('keeps them as own data properties by default (JSON.parse semantics)', () => {
    const r = readJson(text);
    expect(r.ok && r.problems).toBeUndefined();
    expect(r.ok && Object.keys(r.value as object)).toEqual(['a', '__proto__']);
    expect(Object.getPrototypeOf(r.ok && r.value)).toBe(Object.prototype);
  });

  it("drops them with input.forbidden-key warnings under 'drop'", () => {
    const r = readJson(text, { forbiddenKeys: 'drop' });
    expect(r).toMatchObject({ ok: true, value: { a: { b: 2 } } });
    expect(Object.keys((r as { value: object }).value)).toEqual(['a']);
    expect(r.problems?.map((p) => [p.code, p.severity, p.pointer]).sort()).toEqual([
      ['input.forbidden-key', 'warning', '/__proto__'],
      ['input.forbidden-key', 'warning', '/a/constructor'],
    ]);
  });

  it("refuses them with json.uncovered-key under 'refuse'", () => {
    const r = readJson('[{"prototype":true}]', { forbiddenKeys: 'refuse' });
    expect(r.ok).toBe(false);
    expect(r.problems).toEqual([expect.objectContaining({ code: 'json.uncovered-key', severity: 'error', pointer: '/0/prototype' })]);
    expect(readJson('{"note":"constructor and prototype"}', { forbiddenKeys: 'refuse' }).ok).toBe(true);
  });

  it('still finds a duplicate hidden inside a dropped key', () => {
    expect(codes(readJson('{"constructor":{"a":1,"a":2}}', { forbiddenKeys: 'drop' }))).toContain('json.duplicate-key');
  });
});

describe('readJson: syntax and limits', () => {
  it('reports a syntax error as input.not-json with its position', () => {
    const r = readJson('{"a":\n  1,}');
    expect(r.ok).toBe(false);
    expect(r.problems![0]).toMatchObject({ code: 'input.not-json', line: 2 });
  });

  it('never throws on deep nesting', { timeout: 30_000 }, () => {
    for (const n of [10_000, 200_000]) {
      const r = readJson('['.repeat(n) + '{"a":1,"a":2}' + ']'.repeat(n));
      expect(r.ok).toBe(false);
      expect(['input.too-deep', 'json.duplicate-key']).toContain(r.problems![0]!.code);
    }
  });

  it('reads what JSON.parse reads when there is nothing to refuse, and canonical text round-trips (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const text = JSON.stringify(v, null, 1);
        const r = readJson(text);
        expect(r).toEqual({ ok: true, value: JSON.parse(text) });
        const c = canonicalize(v);
        const back = readJson(c);
        expect(back.ok && canonicalize(back.value)).toBe(c);
      }),
      { numRuns: 500 },
    );
  });
});

describe('canonicalize: lone surrogates (RFC 8785 §3.2.2.2)', () => {
  it('throws CanonicalizeError (a TypeError) with code json.lone-surrogate, in values and keys', () => {
    for (const v of [{ a: '\ud800' }, { '\udfff': 1 }, ['ok', 'x\ud83d'], '\ude00\ud83d']) {
      expect(() => canonicalize(v)).toThrow(TypeError);
      try {
        canonicalize(v);
      } catch (e) {
        expect(e).toBeInstanceOf(CanonicalizeError);
        expect((e as CanonicalizeError).code).toBe('json.lone-surrogate');
      }
    }
    expect(canonicalize({ '\ud83d\ude00': '\ud83d\ude00' })).toBe('{"\ud83d\ude00":"\ud83d\ude00"}');
  });

  it('canonicalizeResult names the offending value by pointer', () => {
    expect(canonicalizeResult({ b: [1, { c: '\ud800' }], a: 1 })).toEqual({ ok: false, problems: [expect.objectContaining({ code: 'json.lone-surrogate', pointer: '/b/1/c' })] });
    expect(canonicalizeResult({ a: Number.NaN })).toEqual({ ok: false, problems: [expect.objectContaining({ code: 'json.not-json-value', pointer: '/a' })] });
    expect(canonicalizeResult({ a: 1 })).toEqual({ ok: true, value: '{"a":1}' });
  });

  it('isWellFormed agrees with the regex fallback and with UTF-8 round trips (property)', () => {
    const anyUnits = fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 12 }).map((u) => String.fromCharCode(...u));
    fc.assert(
      fc.property(anyUnits, (s) => {
        const roundTrips = new TextDecoder('utf-8', { ignoreBOM: true }).decode(new TextEncoder().encode(s)) === s;
        expect(isWellFormed(s)).toBe(roundTrips);
        expect(!/\p{Cs}/u.test(s)).toBe(roundTrips);
      }),
      { numRuns: 2000 },
    );
  });
});

function collect(v: unknown, path: string[], out: { path: string[]; key: string }[]): void {
  if (v === null || typeof v !== 'object') return;
  if (Array.isArray(v)) return void v.forEach((x, i) => collect(x, [...path, String(i)], out));
  const keys = Object.keys(v);
  if (keys.length > 0) out.push({ path, key: keys[0]! });
  for (const k of keys) collect((v as Record<string, unknown>)[k], [...path, k], out);
}

/** JSON text of `v` where the object at `target` repeats its first name (with `extra` as the value) at its end. */
function writeWithDuplicate(v: unknown, target: string[], extra: string, path: string[] = []): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map((x, i) => writeWithDuplicate(x, target, extra, [...path, String(i)])).join(',')}]`;
  const keys = Object.keys(v);
  const parts = keys.map((k) => `${JSON.stringify(k)}:${writeWithDuplicate((v as Record<string, unknown>)[k], target, extra, [...path, k])}`);
  if (path.length === target.length && path.every((s, i) => s === target[i]) && keys.length > 0) parts.push(`${JSON.stringify(keys[0])} : ${extra}`);
  return `{${parts.join(',')}}`;
}

describe('readJson: hostile input', () => {
  it('a long line of repeated names costs linear time and reports at most 100 problems', { timeout: 30_000 }, () => {
    const text = `{${Array.from({ length: 200_000 }, () => '"a":1').join(',\n')}}`;
    const r = readJson(text);
    expect(r.ok).toBe(false);
    expect(r.problems!.length).toBe(100);
    expect(r.problems![0]).toMatchObject({ code: 'json.duplicate-key', pointer: '/a', line: 2, column: 1 });
  });

  it('many lone surrogates and forbidden keys: capped, never a throw', { timeout: 30_000 }, () => {
    const text = JSON.stringify(Array.from({ length: 50_000 }, (_, i) => ({ ['\ud800' + i]: '\udc00', constructor: i })));
    const r = readJson(text, { forbiddenKeys: 'refuse' });
    expect(r.ok).toBe(false);
    expect(r.problems!.length).toBe(100);
  });
});

describe('canonicalize round trips (properties)', () => {
  it('any JSON value with any well-formed Unicode: canonicalize → readJson → canonicalize is the identity, and the text survives UTF-8', () => {
    fc.assert(
      fc.property(fc.jsonValue({ stringUnit: 'binary', maxDepth: 3 }), (v) => {
        const c = canonicalize(v);
        const back = readJson(new TextDecoder('utf-8', { fatal: true }).decode(new TextEncoder().encode(c)));
        expect(back.ok).toBe(true);
        expect(back.ok && canonicalize(back.value)).toBe(c);
      }),
      { numRuns: 500 },
    );
  });

  it('a lone surrogate put anywhere (a value or a key) is refused by canonicalize and by the reader', () => {
    const lone = fc.integer({ min: 0xd800, max: 0xdfff }).map((u) => String.fromCharCode(u));
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 3 }), lone, fc.nat(), fc.boolean(), (v, half, pick, asKey) => {
        const withLone = plant(v, half, pick, asKey);
        expect(() => canonicalize(withLone)).toThrow(CanonicalizeError);
        expect(canonicalizeResult(withLone).problems?.[0]?.code).toBe('json.lone-surrogate');
        expect(readJson(JSON.stringify(withLone)).problems?.[0]?.code).toBe('json.lone-surrogate');
      }),
      { numRuns: 300 },
    );
  });
});

/** `v` with a lone surrogate planted in the `pick`-th container (as a new key or a new string member), or `v` wrapped when it has none. */
function plant(v: unknown, half: string, pick: number, asKey: boolean): unknown {
  const containers: object[] = [];
  const visit = (x: unknown) => {
    if (x === null || typeof x !== 'object') return;
    containers.push(x);
    for (const y of Object.values(x)) visit(y);
  };
  const copy = JSON.parse(JSON.stringify(v)) as unknown;
  visit(copy);
  const target = containers.length === 0 ? undefined : containers[pick % containers.length]!;
  if (target === undefined) return asKey ? { [`k${half}`]: copy } : [copy, `s${half}`];
  if (Array.isArray(target)) target.push(asKey ? { [`k${half}`]: 1 } : `s${half}`);
  else (target as Record<string, unknown>)[asKey ? `k${half}` : 'zz'] = asKey ? 1 : `s${half}`;
  return copy;
}
