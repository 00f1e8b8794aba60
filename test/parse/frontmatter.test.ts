import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { memoryDocArb } from '../../src/arbitraries/index.js';
import { createParseStats, parseFrontmatter, serializeFrontmatter, stringifyFrontmatter, updateFrontmatter } from '../../src/parse/index.js';
import { MemoryDocFrontmatter } from '../../src/schemas/index.js';
import { docVariantArb } from './generators.js';

const KEY_ORDER = Object.keys(MemoryDocFrontmatter.properties);

function parsed(text: string) {
  const r = parseFrontmatter(text);
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r.value;
}

describe('parseFrontmatter', () => {
  it('reads data, body, body line, headings and body text', () => {
    const doc = parsed('---\nid: fact.x\ntags: [a, b]\n---\n# Title\n\nSome *text* and `code`.\n\nSub\n---\n\n```\n# not a heading\n```\n');
    expect(doc.data).toEqual({ id: 'fact.x', tags: ['a', 'b'] });
    expect(doc.bodyLine).toBe(5);
    expect(doc.body.startsWith('# Title\n')).toBe(true);
    expect(doc.headings()).toEqual([
      { depth: 1, text: 'Title', line: 5 },
      { depth: 2, text: 'Sub', line: 9 },
    ]);
    expect(doc.bodyText()).toContain('Some text and code.');
    expect(doc.bodyText()).not.toContain('*');
  });

  it('computes headings and body text lazily, once', () => {
    const stats = createParseStats();
    // Inline HTML is outside the plain subset the fast scanner takes, so micromark runs (once).
    const r = parseFrontmatter('---\na: 1\n---\n# <b>H</b>\n', { stats });
    expect(stats).toEqual({ yamlParses: 1, yamlChars: 5, markdownParses: 0 });
    if (!r.ok) throw new Error();
    r.value.headings();
    r.value.bodyText();
    r.value.headings();
    expect(stats.markdownParses).toBe(1);
  });

  it('reads a plain body without micromark, with the same headings and text', () => {
    const stats = createParseStats();
    const r = parseFrontmatter('---\na: 1\n---\n# H\n\nText `x`.\n', { stats });
    if (!r.ok) throw new Error();
    expect(r.value.headings()).toEqual([{ depth: 1, text: 'H', line: 4 }]);
    expect(r.value.bodyText()).toBe('H\nText x.');
    expect(stats).toEqual({ yamlParses: 1, yamlChars: 5, markdownParses: 0 });
  });

  it('excludes the closing line newline from the body (CRLF too) and keeps a BOM aside', () => {
    const doc = parsed('\ufeff---\r\na: 1\r\n---\r\nbody\r\n');
    expect(doc.body).toBe('body\r\n');
    expect(doc.bom).toBe('\ufeff');
    expect(doc.eol).toBe('\r\n');
    expect(doc.data).toEqual({ a: 1 });
    expect(parsed('---\na: 1\n---').body).toBe('');
  });

  it.each([
    ['no frontmatter', '# Title\n', 'frontmatter.missing', 1],
    ['unclosed', '---\na: 1\n', 'frontmatter.unclosed', 1],
    ['duplicate key', '---\na: 1\nb: 2\na: 3\n---\n', 'yaml.duplicate-key', 4],
    ['unknown tag', '---\na: 1\nb: !secret x\n---\n', 'yaml.unknown-tag', 3],
    ['syntax error', '---\na: 1\nb: [1, 2\nc: 3\n---\n', 'yaml.syntax', undefined],
    ['not a mapping', '---\n- a\n- b\n---\n', 'frontmatter.not-a-mapping', 2],
    ['scalar', '---\njust text\n---\n', 'frontmatter.not-a-mapping', 2],
    ['two documents', '---\na: 1\n...\nb: 2\n---\n', 'yaml.syntax', undefined],
  ])('reports %s with a file line', (_name, text, code, line) => {
    const r = parseFrontmatter(text, { file: 'docs/x.md' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems[0]!.code).toBe(code);
    expect(r.problems[0]!.file).toBe('docs/x.md');
    expect(r.problems[0]!.line).toBeGreaterThanOrEqual(1);
    if (line !== undefined) expect(r.problems[0]!.line).toBe(line);
  });

  it('positions YAML errors in the file, after a BOM and CRLF lines', () => {
    const r = parseFrontmatter('\ufeff---\r\n# c\r\nx: 1\r\nx: 2\r\n---\r\n');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems[0]).toMatchObject({ code: 'yaml.duplicate-key', line: 4, column: 1 });
  });

  it('accepts an empty frontmatter and an optional one', () => {
    expect(parsed('---\n---\nbody').data).toEqual({});
    const r = parseFrontmatter('# only body\n', { optional: true });
    expect(r.ok && r.value.hasFrontmatter).toBe(false);
    expect(r.ok && r.value.body).toBe('# only body\n');
  });

  it('drops __proto__, constructor and prototype keys with warnings; no prototype is touched', () => {
    const r = parseFrontmatter('---\n__proto__:\n  polluted: yes\nnested:\n  constructor: {prototype: {x: 1}}\n  ok: 1\n---\n');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.data).toEqual({ nested: { ok: 1 } });
    expect(Object.getPrototypeOf(r.value.data)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(r.problems?.map((p) => [p.code, p.line])).toEqual([
      ['input.forbidden-key', 2],
      ['input.forbidden-key', 5],
      ['input.forbidden-key', 5],
    ]);
  });

  it('enforces the file size and depth limits', () => {
    const big = parseFrontmatter('---\na: 1\n---\n' + 'x'.repeat(100), { limits: { maxFileBytes: 50 } });
    expect(!big.ok && big.problems[0]!.code).toBe('input.too-large');
    const deep = parseFrontmatter('---\na: ' + '['.repeat(80) + ']'.repeat(80) + '\n---\n');
    expect(!deep.ok && deep.problems[0]!.code).toBe('input.too-deep');
    const shallow = parseFrontmatter('---\na: [[[1]]]\n---\n', { limits: { maxYamlDepth: 3 } });
    expect(!shallow.ok && shallow.problems[0]!.code).toBe('input.too-deep');
  });

  it('serialize(parse(text)) === text for generated variations (CRLF, BOM, comments, trailing spaces)', () => {
    fc.assert(
      fc.property(docVariantArb, (v) => {
        const doc = parsed(v.text);
        expect(serializeFrontmatter(doc)).toBe(v.text);
        expect(doc.data).toEqual(v.data);
        expect(doc.body).toBe(v.body);
        expect(doc.headings().map((h) => ({ depth: h.depth, text: h.text }))).toEqual(v.headings);
        for (const h of doc.headings()) {
          const fileLine = v.text.split('\n')[h.line - 1]!;
          expect(fileLine.includes(h.text)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('stringifyFrontmatter', () => {
  it('writes keys in schema order, deterministically', () => {
    const a = stringifyFrontmatter({ title: 'T', kind: 'fact', id: 'x' }, '# T\n', { keyOrder: KEY_ORDER });
    expect(a).toBe('---\nid: x\ntitle: T\nkind: fact\n---\n# T\n');
    expect(stringifyFrontmatter({ kind: 'fact', id: 'x', title: 'T' }, '# T\n', { keyOrder: KEY_ORDER })).toBe(a);
  });

  it('parse(stringify(x)) deep-equals x for generated memory docs', () => {
    fc.assert(
      fc.property(memoryDocArb, fc.string({ maxLength: 60 }), fc.constantFrom<'\n' | '\r\n'>('\n', '\r\n'), (data, body, eol) => {
        const text = stringifyFrontmatter(data, body, { keyOrder: KEY_ORDER, eol });
        const doc = parsed(text);
        expect(doc.data).toEqual(data);
        expect(Object.keys(doc.data)).toEqual(KEY_ORDER.filter((k) => k in data));
        expect(doc.body).toBe(body);
        expect(serializeFrontmatter(doc)).toBe(text);
      }),
      { numRuns: 300 },
    );
  });

  it('parse(stringify(x)) deep-equals x for arbitrary JSON mappings', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 6 }), (data) => {
        const clean = JSON.parse(JSON.stringify(data, (k, v) => (['__proto__', 'constructor', 'prototype'].includes(k) ? undefined : v)));
        const doc = parsed(stringifyFrontmatter(clean, ''));
        expect(doc.data).toEqual(clean);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses values YAML cannot hold', () => {
    expect(() => stringifyFrontmatter({ f: () => 1 }, '')).toThrow(/not-serializable|cannot be written/);
    expect(() => stringifyFrontmatter({ n: Number.NaN }, '')).toThrow();
  });
});

describe('updateFrontmatter', () => {
  const original = '\ufeff---\r\n# top comment\r\nid: a # keep me\r\ntags: [x, y]\r\nnested:\r\n  k: 1\r\n  # inner\r\ntitle:   "Spaced"\r\n---\r\n# Body\r\n\r\ntext ---\r\n';

  it('changes only the named keys and keeps comments, order, spacing and the body', () => {
    const r = updateFrontmatter(original, { id: 'b', tags: ['z'] });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value).toBe(original.replace('id: a #', 'id: b #').replace('[x, y]', '[z]'));
  });

  it('deletes keys given undefined and appends new keys at the end', () => {
    const r = updateFrontmatter(original, { nested: undefined, fresh: { a: [1, 2] } });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value).toBe(original.replace('nested:\r\n  k: 1\r\n  # inner\r\n', '').replace('"Spaced"\r\n', '"Spaced"\r\nfresh:\r\n  a:\r\n    - 1\r\n    - 2\r\n'));
  });

  it('refuses and leaves the text alone when the YAML does not parse', () => {
    const bad = '---\na: [1\nb: 2\n---\nbody\n';
    const r = updateFrontmatter(bad, { a: 2 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems[0]!.code).toBe('yaml.syntax');
  });

  it('refuses a file without frontmatter unless asked to create one', () => {
    const r = updateFrontmatter('# Title\n', { id: 'x' });
    expect(!r.ok && r.problems[0]!.code).toBe('frontmatter.missing');
    const c = updateFrontmatter('\ufeff# Title\n', { id: 'x' }, { createIfMissing: true });
    expect(c.ok && c.value).toBe('\ufeff---\nid: x\n---\n# Title\n');
  });

  it('keeps every untouched byte for generated docs and patches', () => {
    fc.assert(
      fc.property(docVariantArb, fc.dictionary(fc.stringMatching(/^[a-z]{1,6}$/), fc.option(fc.jsonValue({ maxDepth: 2 }), { nil: undefined }), { maxKeys: 3 }), (v, patch) => {
        for (const k of ['constructor', 'prototype']) delete patch[k];
        const r = updateFrontmatter(v.text, patch);
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        const doc = parsed(r.value);
        const expected: Record<string, unknown> = { ...v.data };
        for (const [k, val] of Object.entries(patch)) {
          if (val === undefined) delete expected[k];
          else expected[k] = JSON.parse(JSON.stringify(val), (key, x) => (['__proto__', 'constructor', 'prototype'].includes(key) ? undefined : x));
        }
        expect(doc.data).toEqual(expected);
        expect(doc.body).toBe(v.body);
        expect(doc.bom + doc.open).toBe(v.text.slice(0, doc.bom.length + doc.open.length));
        // Untouched keys keep their exact source lines.
        for (const line of v.text.split(/\r?\n/).slice(1)) {
          const key = /^([a-z0-9]+):/.exec(line)?.[1];
          if (key && !(key in patch) && key !== 'items') expect(r.value).toContain(line);
          if (line === '---') break;
        }
        if (Object.keys(patch).length === 0) expect(r.value).toBe(v.text);
      }),
      { numRuns: 300 },
    );
  });
});
