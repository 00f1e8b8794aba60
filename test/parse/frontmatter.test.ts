import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { memoryDocArb } from '../../src/schema/arbitraries/index.js';
import { type FrontmatterOptions, createParseStats, parseFrontmatter, serializeFrontmatter, splitFrontmatter, stringifyFrontmatter, updateFrontmatter } from '../../src/syntax/index.js';
import { MemoryDocFrontmatter } from '../../src/schema/typebox/thunderus.js';
import { docVariantArb } from './generators.js';

const KEY_ORDER = Object.keys(MemoryDocFrontmatter.properties);

function parsed(text: string, options: FrontmatterOptions = {}) {
  const r = parseFrontmatter(text, options);
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

  it('gives the file line of a pointer from the YAML parse: the key of a member, the item of a sequence, the deepest ancestor for a missing one', () => {
    const doc = parsed('---\nid: x\nprovenance:\n  events: []\n---\n');
    expect(doc.lineOf('/provenance/events')).toBe(4);
    const yaml = '# c\nid: x\ntags:\n  - a\n  - b\nprovenance:\n  events: [e1]\n  patches:\n    - p1\n';
    // The same lines whether the fast reader or the yaml package reads it (an anchor sends it to the latter).
    for (const text of [`---\n${yaml}---\nbody\n`, `---\n${yaml}anchored: &a 1\n---\nbody\n`]) {
      const d = parsed(text);
      expect(d.lineOf('/id')).toBe(3);
      expect(d.lineOf('/tags')).toBe(4);
      expect(d.lineOf('/tags/1')).toBe(6);
      expect(d.lineOf('/tags/9')).toBe(4);
      expect(d.lineOf('/provenance/events/0')).toBe(8);
      expect(d.lineOf('/provenance/patches/0')).toBe(10);
      expect(d.lineOf('/provenance/commits')).toBe(7);
      expect(d.lineOf('/title')).toBe(2);
      expect(d.lineOf('')).toBe(2);
      expect(d.lineOf('no-slash')).toBe(2);
    }
    expect(parsed('no frontmatter\n', { optional: true }).lineOf('/id')).toBe(1);
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

// Reported: updating a memory doc's frontmatter prepended a second `---`
// block when the parser failed to recognise the first one (BOM, CRLF,
// trailing spaces on the delimiter, a body with its own `---` lines).
function frontmatterBlocks(text: string): number {
  // Count blocks that open at the very top, as a second prepended block would.
  let count = 0;
  let rest = text;
  while (true) {
    const s = splitFrontmatter(rest);
    if (!('bodyStart' in s)) return count;
    count++;
    rest = s.body;
  }
}

describe('updateFrontmatter never prepends a second frontmatter block', () => {
  it.each([
    ['BOM', '\ufeff---\nid: a\n---\nbody\n'],
    ['CRLF', '---\r\nid: a\r\n---\r\nbody\r\n'],
    ['BOM + CRLF', '\ufeff---\r\nid: a\r\n---\r\nbody\r\n'],
    ['spaces after delimiters', '---  \nid: a\n---\t\nbody\n'],
    ['body with thematic breaks', '---\nid: a\n---\n# T\n\n---\n\ntext\n---\n'],
    ['empty frontmatter', '---\n---\nbody\n'],
    ['no trailing newline', '---\nid: a\n---'],
  ])('keeps exactly one block (%s)', (_name, text) => {
    const r = updateFrontmatter(text, { id: 'b', extra: [1] });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(frontmatterBlocks(r.value)).toBe(1);
    const doc = parseFrontmatter(r.value);
    expect(doc.ok && doc.value.data).toEqual({ id: 'b', extra: [1] });
    expect(doc.ok && doc.value.body).toBe((parseFrontmatter(text) as { value: { body: string } }).value.body);
  });

  it('refuses instead of prepending when the existing block is broken or unclosed', () => {
    for (const text of ['---\nid: [\n---\nbody\n', '---\nid: a\nbody without a closing line\n', '\ufeff---\nid: a: b\n---\n']) {
      const r = updateFrontmatter(text, { id: 'b' }, { createIfMissing: true });
      expect(r.ok).toBe(false);
    }
  });

  it('never adds a block on repeated updates of generated docs (property)', () => {
    fc.assert(
      fc.property(docVariantArb, fc.array(fc.stringMatching(/^[a-z]{1,5}$/), { minLength: 1, maxLength: 4 }), (v, values) => {
        let text = v.text;
        for (const value of values) {
          const r = updateFrontmatter(text, { id: value }, { createIfMissing: true });
          expect(r.ok).toBe(true);
          if (!r.ok) return;
          text = r.value;
        }
        expect(text.split(/\r?\n/).filter((l) => /^---[ \t]*$/.test(l.replace(/^\ufeff/, ''))).length).toBe(v.text.split(/\r?\n/).filter((l) => /^---[ \t]*$/.test(l.replace(/^\ufeff/, ''))).length);
      }),
      { numRuns: 200 },
    );
  });
});

// Reported: a "billion laughs" YAML alias bomb in a frontmatter block
// exhausted memory. memkit caps alias expansion and reports it.
const bomb = [
  '---',
  'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
  'b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]',
  'c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]',
  'd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]',
  'e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]',
  'f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]',
  'g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]',
  'h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]',
  'i: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]',
  '---',
  'body',
].join('\n');

describe('a YAML alias bomb in frontmatter is refused', () => {
  it('is refused with yaml.alias-limit on the first alias line', () => {
    const r = parseFrontmatter(bomb);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems).toMatchObject([{ code: 'yaml.alias-limit', line: 3 }]);
  });

  it('cannot be smuggled in through an update', () => {
    const r = updateFrontmatter(bomb, { a: 1 });
    expect(!r.ok && r.problems[0]!.code).toBe('yaml.alias-limit');
  });

  it('honours maxYamlAliases, and allows a few honest aliases by default', () => {
    const honest = '---\nbase: &b {x: 1}\none: *b\ntwo: *b\n---\n';
    expect(parseFrontmatter(honest).ok).toBe(true);
    const strict = parseFrontmatter(honest, { limits: { maxYamlAliases: 0 } });
    expect(!strict.ok && strict.problems[0]!.code).toBe('yaml.alias-limit');
  });

  it('refuses self-referencing aliases and aliases with no anchor', () => {
    const cycle = parseFrontmatter('---\na: &x [1, *x]\n---\n');
    expect(!cycle.ok && cycle.problems[0]).toMatchObject({ code: 'yaml.alias-cycle', line: 2 });
    expect(updateFrontmatter('---\na: &x [1, *x]\n---\n', { b: 1 }).ok).toBe(false);
    const dangling = parseFrontmatter('---\na: *nowhere\n---\n');
    expect(!dangling.ok && dangling.problems[0]).toMatchObject({ code: 'yaml.syntax', line: 2 });
  });
});

// Reported: one malformed YAML file stalled a whole batch (the parser retried,
// re-scanned or threw). memkit must give each file one bounded parse, report
// the bad one as a Problem and carry on. Asserted by work done, not by time.
const good = (i: number) => stringifyFrontmatter({ id: `fact.n${i}`, title: `Fact ${i}`, tags: ['a', 'b'] }, `# Fact ${i}\n\nBody ${i}.\n`);

const MALFORMED = [
  '---\nid: "unterminated\ntitle: x\n---\n# body\n',
  '---\nid: [1, 2\n---\n# body\n',
  '---\nid: a\nid: b\n---\n',
  '---\n\tid: tab\n---\n',
  '---\nid: a\n' + 'x: ['.repeat(200) + '\n---\n',
  '---\nid: a\nno closing line ever\n' + 'filler line\n'.repeat(500),
  '---\n' + ': : : :\n'.repeat(50) + '---\n',
];

describe('a malformed YAML file does not stall a batch', () => {
  it('parses every file in the batch once, reports the bad ones, never throws', () => {
    const batch = [good(1), ...MALFORMED, good(2)];
    const stats = createParseStats();
    const results = batch.map((text, i) => parseFrontmatter(text, { stats, file: `f${i}.md` }));
    expect(results[0]!.ok).toBe(true);
    expect(results.at(-1)!.ok).toBe(true);
    for (const r of results.slice(1, -1)) {
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.problems[0]!.line).toBeGreaterThanOrEqual(1);
    }
    // At most one YAML parse per file, each over at most that file's text.
    expect(stats.yamlParses).toBeLessThanOrEqual(batch.length);
    expect(stats.yamlChars).toBeLessThanOrEqual(batch.reduce((n, t) => n + t.length, 0));
    expect(stats.markdownParses).toBe(0);
  });

  it('a malformed file costs no more YAML work than a good file of the same size (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.integer({ min: 0, max: 50 }), (junk, n) => {
        const text = '---\n' + junk + '\n' + 'k: v\n'.repeat(n) + '---\nbody\n';
        const stats = createParseStats();
        parseFrontmatter(text, { stats });
        expect(stats.yamlParses).toBeLessThanOrEqual(1);
        expect(stats.yamlChars).toBeLessThanOrEqual(text.length);
      }),
      { numRuns: 300 },
    );
  });

  it('finding the closing line of an unclosed block is one linear scan', () => {
    const stats = createParseStats();
    const r = parseFrontmatter('---\n' + 'line: x\n'.repeat(100_000), { stats });
    expect(!r.ok && r.problems[0]!.code).toBe('frontmatter.unclosed');
    expect(stats.yamlParses).toBe(0);
  });
});
