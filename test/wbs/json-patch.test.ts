import { describe, expect, it } from 'vitest';
import { applyJsonPatch } from '../../src/services/wbs/index.js';

describe('applyJsonPatch (RFC 6902)', () => {
  it('applies the RFC 6902 appendix examples', () => {
    expect(applyJsonPatch({ foo: 'bar' }, [{ op: 'add', path: '/baz', value: 'qux' }])).toEqual({ ok: true, value: { foo: 'bar', baz: 'qux' } });
    expect(applyJsonPatch({ foo: ['bar', 'baz'] }, [{ op: 'add', path: '/foo/1', value: 'qux' }])).toEqual({ ok: true, value: { foo: ['bar', 'qux', 'baz'] } });
    expect(applyJsonPatch({ foo: ['bar', 'qux', 'baz'] }, [{ op: 'remove', path: '/foo/1' }])).toEqual({ ok: true, value: { foo: ['bar', 'baz'] } });
    expect(applyJsonPatch({ baz: 'qux', foo: 'bar' }, [{ op: 'replace', path: '/baz', value: 'boo' }])).toEqual({ ok: true, value: { baz: 'boo', foo: 'bar' } });
    expect(applyJsonPatch({ foo: { bar: 'baz', waldo: 'fred' }, qux: { corge: 'grault' } }, [{ op: 'move', from: '/foo/waldo', path: '/qux/thud' }])).toEqual({
      ok: true,
      value: { foo: { bar: 'baz' }, qux: { corge: 'grault', thud: 'fred' } },
    });
    expect(applyJsonPatch({ foo: ['all', 'grass', 'cows', 'eat'] }, [{ op: 'move', from: '/foo/1', path: '/foo/3' }])).toEqual({ ok: true, value: { foo: ['all', 'cows', 'eat', 'grass'] } });
    expect(applyJsonPatch({ foo: 1 }, [{ op: 'copy', from: '/foo', path: '/bar' }])).toEqual({ ok: true, value: { foo: 1, bar: 1 } });
    expect(applyJsonPatch({ foo: [1] }, [{ op: 'add', path: '/foo/-', value: 2 }])).toEqual({ ok: true, value: { foo: [1, 2] } });
    expect(applyJsonPatch({ a: 1 }, [{ op: 'replace', path: '', value: [1] }])).toEqual({ ok: true, value: [1] });
  });

  it('fails the whole patch on a failing operation and never changes the input', () => {
    const doc = { baz: 'qux', foo: ['a', 2, 'c'] };
    for (const patch of [
      [{ op: 'test', path: '/baz', value: 'bar' }],
      [{ op: 'remove', path: '/missing' }],
      [{ op: 'add', path: '/foo/9', value: 1 }],
      [{ op: 'add', path: '/a/b', value: 1 }],
      [{ op: 'replace', path: '/nope', value: 1 }],
      [{ op: 'move', from: '/foo', path: '/foo/0' }],
      [{ op: 'add', path: 'no-slash', value: 1 }],
      [{ op: 'frobnicate', path: '/x' }],
    ]) {
      const r = applyJsonPatch(doc, [{ op: 'add', path: '/new', value: 1 }, ...(patch as never[])]);
      expect(r.ok, JSON.stringify(patch)).toBe(false);
      if (!r.ok) expect(r.problems[0]!).toMatchObject({ code: 'wbs.patch-failed', pointer: '/1' });
    }
    expect(doc).toEqual({ baz: 'qux', foo: ['a', 2, 'c'] });
    expect(applyJsonPatch(doc, [{ op: 'test', path: '/foo', value: ['a', 2, 'c'] }]).ok).toBe(true);
  });

  it('keeps a __proto__ token an own property', () => {
    const r = applyJsonPatch({}, [{ op: 'add', path: '/__proto__', value: { polluted: true } }]);
    expect(r.ok).toBe(true);
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
    if (r.ok) expect(Object.hasOwn(r.value as object, '__proto__')).toBe(true);
  });
});
