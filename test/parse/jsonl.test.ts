import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalize } from '../../src/canonical/index.js';
import { type JsonlItem, parseJsonl, parseJsonlText, serializeJsonl } from '../../src/parse/index.js';

const enc = new TextEncoder();

async function collect(source: Parameters<typeof parseJsonl>[0], options?: Parameters<typeof parseJsonl>[1]): Promise<JsonlItem[]> {
  const out: JsonlItem[] = [];
  for await (const item of parseJsonl(source, options)) out.push(item);
  return out;
}

function summary(items: JsonlItem[]) {
  return items.map((i) => (i.ok ? [i.line, canonicalize(i.value)] : [i.line, i.problem.code]));
}

/** Cuts `data` at the given fractions into chunks. */
function chunk<T extends string | Uint8Array>(data: T, cuts: number[]): T[] {
  const points = [...new Set(cuts.map((c) => Math.floor(c * data.length)))].sort((a, b) => a - b);
  const out: T[] = [];
  let prev = 0;
  for (const p of [...points, data.length]) {
    out.push(data.slice(prev, p) as T);
    prev = p;
  }
  return out;
}

async function* iterate<T>(items: T[]): AsyncGenerator<T> {
  for (const i of items) yield i;
}

describe('parseJsonl', () => {
  it('yields values with 1-based lines, accepts CRLF, skips blank lines', async () => {
    const items = await collect('{"a":1}\r\n\r\n[2]\n"x"\n');
    expect(summary(items)).toEqual([
      [1, '{"a":1}'],
      [3, '[2]'],
      [4, '"x"'],
    ]);
    expect(items[0]).toMatchObject({ ok: true, text: '{"a":1}' });
  });

  it('tells a torn last line from a corrupt middle line', async () => {
    const items = await collect('{"a":1}\n{"b":\n{"c":3}\n{"d":');
    expect(summary(items)).toEqual([
      [1, '{"a":1}'],
      [2, 'jsonl.invalid-json'],
      [3, '{"c":3}'],
      [4, 'jsonl.truncated-line'],
    ]);
    // A last line without a newline that parses is fine.
    expect(summary(await collect('{"a":1}\n{"b":2}'))).toEqual([
      [1, '{"a":1}'],
      [2, '{"b":2}'],
    ]);
  });

  it('reports invalid UTF-8 per line and keeps the other lines', async () => {
    const bytes = new Uint8Array([...enc.encode('{"a":1}\n"'), 0xc3, 0x28, ...enc.encode('"\n{"c":3}\n')]);
    expect(summary(await collect(bytes))).toEqual([
      [1, '{"a":1}'],
      [2, 'input.invalid-utf8'],
      [3, '{"c":3}'],
    ]);
    // A multi-byte character cut at the end of the file is a torn write.
    const torn = new Uint8Array([...enc.encode('{"a":1}\n"'), 0xe2, 0x82]);
    expect(summary(await collect(torn))).toEqual([
      [1, '{"a":1}'],
      [2, 'jsonl.truncated-line'],
    ]);
  });

  it('skips lines over the limit without parsing them, in text, bytes and streams', async () => {
    const long = '"' + 'x'.repeat(200) + '"';
    const text = `1\n${long}\n2\n${long}`;
    const expected = [
      [1, '1'],
      [2, 'jsonl.line-too-long'],
      [3, '2'],
      [4, 'jsonl.line-too-long'],
    ];
    const limits = { maxLineLength: 100 };
    expect(summary(await collect(text, { limits }))).toEqual(expected);
    expect(summary(await collect(enc.encode(text), { limits }))).toEqual(expected);
    expect(summary(await collect(iterate(chunk(enc.encode(text), [0.1, 0.2, 0.3, 0.5, 0.9])), { limits }))).toEqual(expected);
    expect(summary(parseJsonlText(text, { limits }))).toEqual(expected);
  });

  it('reads web ReadableStreams and strips a BOM', async () => {
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(enc.encode('\ufeff{"a":'));
        c.enqueue(enc.encode('1}\n{"b":2}\n'));
        c.close();
      },
    });
    expect(summary(await collect(stream))).toEqual([
      [1, '{"a":1}'],
      [2, '{"b":2}'],
    ]);
  });

  it('turns a failing source into jsonl.read-failed after the lines read so far', async () => {
    async function* broken() {
      yield '{"a":1}\n';
      throw new Error('disk gone');
    }
    expect(summary(await collect(broken()))).toEqual([
      [1, '{"a":1}'],
      [2, 'jsonl.read-failed'],
    ]);
  });

  it('drops forbidden keys with warnings', () => {
    const [item] = parseJsonlText('{"__proto__":{"p":1},"a":{"constructor":1,"b":2}}\n');
    expect(item).toMatchObject({ ok: true, value: { a: { b: 2 } } });
    expect(item!.ok && item!.warnings?.map((w) => w.code)).toEqual(['input.forbidden-key', 'input.forbidden-key']);
    expect(({} as Record<string, unknown>).p).toBeUndefined();
  });

  it('reports blank lines on request', () => {
    expect(summary(parseJsonlText('1\n\n2\n', { blankLines: 'report' }))).toEqual([
      [1, '1'],
      [2, 'jsonl.blank-line'],
      [3, '2'],
    ]);
  });

  it('gives the same items for any chunking of text or bytes (property)', async () => {
    const lineArb = fc.oneof(
      fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v)),
      fc.string({ maxLength: 12 }),
      fc.constant(''),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(lineArb, { maxLength: 8 }),
        fc.constantFrom('\n', '\r\n'),
        fc.boolean(),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 6 }),
        async (lines, eol, endNewline, cuts) => {
          const text = lines.join(eol) + (endNewline ? eol : '');
          const reference = summary(parseJsonlText(text));
          expect(summary(await collect(iterate(chunk(text, cuts))))).toEqual(reference);
          expect(summary(await collect(iterate(chunk(enc.encode(text), cuts))))).toEqual(reference);
          expect(summary(parseJsonlText(enc.encode(text)))).toEqual(reference);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('serializeJsonl', () => {
  it('writes one canonical line per value', () => {
    expect(serializeJsonl([{ b: 1, a: [true, null] }, 'x', 1.5])).toBe('{"a":[true,null],"b":1}\n"x"\n1.5\n');
    expect(serializeJsonl([])).toBe('');
  });

  it('refuses values JSON cannot hold with a MemkitError', () => {
    expect(() => serializeJsonl([1, undefined])).toThrow(/jsonl.not-serializable/);
    expect(() => serializeJsonl([Number.POSITIVE_INFINITY])).toThrow(/jsonl.not-serializable/);
  });

  it('parse(serialize(values)) deep-equals the values (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.jsonValue({ maxDepth: 3 }), { maxLength: 10 }), (values) => {
        const clean = values.map((v) => JSON.parse(JSON.stringify(v, (k, x) => (['__proto__', 'constructor', 'prototype'].includes(k) ? undefined : x))) as unknown);
        const items = parseJsonlText(serializeJsonl(clean));
        expect(items.every((i) => i.ok)).toBe(true);
        expect(items.map((i) => (i.ok ? i.value : undefined))).toEqual(clean.map((v) => (Object.is(v, -0) ? 0 : v)));
      }),
      { numRuns: 300 },
    );
  });
});
