// Small generators for the parser tests: memory-doc text with the variations
// real files have (CRLF, BOM, comments, trailing spaces, setext headings).
import fc from 'fast-check';

const WORD = fc.stringMatching(/^[a-z][a-z0-9]{0,8}$/);
const LINE_TEXT = fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ,.]{0,30}$/).map((s) => s.trimEnd());

/** A YAML scalar source and the value it parses to. */
const scalar: fc.Arbitrary<[string, unknown]> = fc.oneof(
  WORD.filter((w) => !['true', 'false', 'null', 'yes', 'no', 'on', 'off', 'nan', 'inf'].includes(w) && !/^[0-9]/.test(w)).map((w) => [w, w] as [string, unknown]),
  fc.integer({ min: -1000, max: 1000 }).map((n) => [String(n), n] as [string, unknown]),
  fc.boolean().map((b) => [String(b), b] as [string, unknown]),
  fc.constant(['null', null] as [string, unknown]),
  fc.string({ maxLength: 20 }).map((s) => [JSON.stringify(s), s] as [string, unknown]),
);

export interface DocVariant {
  text: string;
  data: Record<string, unknown>;
  body: string;
  headings: { depth: number; text: string }[];
}

/** A frontmatter Markdown file with known data, body and headings. */
export const docVariantArb: fc.Arbitrary<DocVariant> = fc
  .record({
    keys: fc.uniqueArray(
      WORD.filter((w) => !['constructor', 'prototype'].includes(w)),
      { minLength: 0, maxLength: 6 },
    ),
    values: fc.array(scalar, { minLength: 6, maxLength: 6 }),
    listKey: fc.option(fc.array(WORD, { maxLength: 3 }), { nil: undefined }),
    comments: fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
    trailing: fc.array(fc.constantFrom('', ' ', '  ', '\t'), { minLength: 8, maxLength: 8 }),
    crlf: fc.boolean(),
    bom: fc.boolean(),
    sections: fc.array(
      fc.record({
        depth: fc.integer({ min: 1, max: 6 }),
        title: LINE_TEXT,
        setext: fc.boolean(),
        para: fc.option(LINE_TEXT, { nil: undefined }),
        code: fc.boolean(),
      }),
      { maxLength: 4 },
    ),
    endNewline: fc.boolean(),
  })
  .map((g) => {
    const eol = g.crlf ? '\r\n' : '\n';
    const yaml: string[] = [];
    const data: Record<string, unknown> = {};
    if (g.comments[7]) yaml.push('# leading comment');
    g.keys.forEach((k, i) => {
      const [src, value] = g.values[i]!;
      data[k] = value;
      yaml.push(`${k}: ${src}${g.comments[i] ? ' # note ' + i : ''}${g.trailing[i]}`);
    });
    if (g.listKey !== undefined && !('items' in data)) {
      data.items = g.listKey;
      yaml.push(g.listKey.length === 0 ? 'items: []' : 'items:');
      for (const w of g.listKey) yaml.push(`  - ${w}`);
    }
    const headings: { depth: number; text: string }[] = [];
    const body: string[] = [];
    for (const s of g.sections) {
      if (s.setext && s.depth <= 2) {
        body.push(s.title, s.depth === 1 ? '=====' : '-----');
      } else {
        body.push(`${'#'.repeat(s.depth)} ${s.title}`);
      }
      headings.push({ depth: s.setext && s.depth <= 2 ? s.depth : s.depth, text: s.title });
      body.push('');
      if (s.para) body.push(s.para, '');
      if (s.code) body.push('```', '# not a heading', '```', '');
    }
    const bodyText = body.join(eol) + (g.endNewline || body.length === 0 ? '' : 'tail');
    const text = (g.bom ? '\ufeff' : '') + ['---', ...yaml, '---'].join(eol) + eol + bodyText;
    return { text, data, body: bodyText, headings };
  });
