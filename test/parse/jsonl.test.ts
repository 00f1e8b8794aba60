import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalize } from '../../src/kernel/canonical/index.js';
import { type JsonlItem, parseJsonl, parseJsonlText, serializeJsonl } from '../../src/syntax/index.js';
import { parseLedgerText } from '../../src/formats/memory-bank/ledger-text.js';

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

// Reported: a crash mid-append left a partial last line in events.jsonl and
// the reader rejected the whole file (or silently dropped the line as if it
// were corrupt). memkit reports the torn tail as jsonl.truncated-line, keeps
// every earlier line, and tells it apart from corruption in the middle.
async function collectChunks(chunks: (string | Uint8Array)[]): Promise<JsonlItem[]> {
  async function* source() {
    for (const c of chunks) yield c;
  }
  const out: JsonlItem[] = [];
  for await (const item of parseJsonl(source())) out.push(item);
  return out;
}

describe('a torn last JSONL line is reported, not dropped or taken for corruption', () => {
  const events = [
    { v: 1, id: 'evt_1' },
    { v: 1, id: 'evt_2' },
    { v: 1, id: 'evt_3', body: { text: 'ünïcödé ✓' } },
  ];
  const full = serializeJsonl(events);

  it('every cut inside the last record yields the earlier records plus one truncated-line', async () => {
    const bytes = new TextEncoder().encode(full);
    const lastStart = bytes.lastIndexOf(10, bytes.length - 2) + 1;
    for (let cut = lastStart + 1; cut < bytes.length - 1; cut++) {
      const torn = bytes.subarray(0, cut);
      const items = parseJsonlText(torn);
      expect(items.slice(0, 2).map((i) => i.ok && i.value)).toEqual(events.slice(0, 2));
      expect(items).toHaveLength(3);
      expect(items[2]).toMatchObject({ ok: false, line: 3, problem: { code: 'jsonl.truncated-line', line: 3 } });
      // Same through the stream, cut into two chunks anywhere.
      const streamed = await collectChunks([torn.subarray(0, cut >> 1), torn.subarray(cut >> 1)]);
      expect(streamed.map((i) => (i.ok ? 'ok' : i.problem.code))).toEqual(['ok', 'ok', 'jsonl.truncated-line']);
    }
  });

  it('a corrupt middle line is jsonl.invalid-json, not a torn write', () => {
    const text = '{"a":1}\n{"a":\n{"a":3}\n';
    expect(parseJsonlText(text).map((i) => (i.ok ? 'ok' : i.problem.code))).toEqual(['ok', 'jsonl.invalid-json', 'ok']);
  });

  it('a complete last line without a newline is not torn', () => {
    expect(parseJsonlText(full.slice(0, -1)).every((i) => i.ok)).toBe(true);
  });

  it('.md ledgers report the torn tail too', () => {
    const r = parseLedgerText('# Log\n' + full.slice(0, -5));
    expect(r.tornTail?.line).toBe(4);
    expect(r.entries).toHaveLength(2);
    expect(r.problems.map((p) => p.code)).toEqual(['jsonl.truncated-line']);
  });

  it('only the last line can ever be torn (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.jsonValue({ maxDepth: 2 }), { minLength: 1, maxLength: 6 }), fc.nat(), (values, n) => {
        const text = serializeJsonl(values);
        const cut = text.slice(0, n % text.length);
        const items = parseJsonlText(cut);
        const torn = items.filter((i) => !i.ok && i.problem.code === 'jsonl.truncated-line');
        expect(torn.length).toBeLessThanOrEqual(1);
        expect(items.filter((i) => !i.ok && i.problem.code !== 'jsonl.truncated-line')).toEqual([]);
        if (torn.length === 1) expect(torn[0]!.line).toBe(items.at(-1)!.line);
      }),
      { numRuns: 500 },
    );
  });
});
