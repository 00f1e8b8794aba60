// Differential tests of the fast frontmatter reader: whenever it accepts a text, its value
// equals what the `yaml` package gives with memkit's options, and `yaml` reports no problem.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { type YamlRows, fastYamlMap, rowAt } from '../../src/syntax/fast-yaml.js';
import { YAML_OPTIONS, documentRowAt } from '../../src/syntax/yaml-block.js';
import { stringifyFrontmatter } from '../../src/syntax/frontmatter.js';

function reference(yaml: string): { clean: boolean; value: unknown } {
  const doc = parseDocument(yaml, YAML_OPTIONS);
  if (doc.errors.length > 0 || doc.warnings.length > 0) return { clean: false, value: undefined };
  try {
    return { clean: true, value: doc.toJS({ maxAliasCount: 100 }) };
  } catch {
    return { clean: false, value: undefined };
  }
}

const KEYS = ['id', 'title', 'tags', 'kind', 'a', 'a_b', 'a-b', 'x1', 'true', 'Null', 'null', 'on', 'yes', '__proto__', 'constructor', 'toString', 'a b', '"q"', '1', '-a', '? a', 'é'];
const SCALARS = [
  'x',
  'x y',
  'x  y',
  'fact.a-b',
  'http://h/p?q=1',
  'a:b',
  'a#b',
  '1',
  '0',
  '12',
  '012',
  '-1',
  '+1',
  '1.5',
  '.5',
  '1e3',
  '0x1F',
  '0o7',
  '.inf',
  '-.inf',
  '.nan',
  '1_000',
  '9007199254740993',
  '123456789012345',
  '2026-01-02',
  '2026-01-02T03:04:05Z',
  '~',
  'null',
  'Null',
  'NULL',
  'nUll',
  'true',
  'True',
  'TRUE',
  'tRue',
  'false',
  'yes',
  'no',
  'on',
  'y',
  '"a"',
  '"a b"',
  '""',
  '"a\\"b"',
  '"a\\nb"',
  '"a',
  "'a'",
  "''",
  "'it''s'",
  "'a'b'",
  "'a",
  '"a" x',
  "'a' # c",
  '[a, b]',
  '[]',
  '[ ]',
  '[a,b]',
  '["a", \'b\']',
  '["a, b"]',
  '[a, [b]]',
  '[a,]',
  '[1, true, null, 2026-01-02]',
  '[a: b]',
  '{}',
  '{a: 1}',
  '{ }',
  'a #c',
  'a # c',
  '#c',
  '&x a',
  '*x',
  '!!str 1',
  '!t a',
  '|',
  '|-',
  '>',
  '@x',
  '`x`',
  '%x',
  '?x',
  ':x',
  '-x',
  '- x',
  ',x',
  'a,b',
  'a: b',
  '[a, b] # c',
  '[a, b]# c',
  '"a #b"',
  '"a" # c',
  '"a"  #c',
  '"a"#c',
  'a  # c',
  "'a''#' # c",
  "'a' #",
  '# c',
  'x # c # d',
  '"a # c',
  'a:',
  'é😀',
  '\u2028',
  '\u0085',
  '\ufeff',
  '\u00a0x',
  'x\u00a0',
  '{a}',
  'a]',
  'a}',
  '…',
];
const INDENTS = ['', '', '', '  ', '  ', '    ', ' ', '   '];

const entry = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .tuple(fc.constantFrom(...INDENTS), fc.constantFrom(...KEYS), fc.constantFrom(': ', ': ', ':', ':  ', ' : '), fc.constantFrom(...SCALARS))
      .map(([i, k, sep, v]) => `${i}${k}${sep}${v}`),
  },
  { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...INDENTS), fc.constantFrom(...KEYS)).map(([i, k]) => `${i}${k}:`) },
  { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...INDENTS), fc.constantFrom(...SCALARS)).map(([i, v]) => `${i}- ${v}`) },
  { weight: 1, arbitrary: fc.constantFrom('', '# comment', '  # indented comment', '---', '...', '%YAML 1.2', '-', 'key: v ', 'key:\tv', 'key: a\r') },
);

// Mostly the subset, with a risky scalar, key or indentation here and there.
const SAFE_KEYS = ['id', 'title', 'tags', 'kind', 'a_b', 'a-b', 'x1'];
const SAFE_SCALARS = ['x # note', '"q" # note', 'x', 'x y', 'fact.a-b', 'a:b', '12', '0', 'true', 'null', '~', '2026-01-02T03:04:05Z', '"a b"', "'it''s'", '[a, b]', '[]', '{}', 'é😀'];
const key = fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...SAFE_KEYS) }, { weight: 1, arbitrary: fc.constantFrom(...KEYS) });
const value = fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...SAFE_SCALARS) }, { weight: 1, arbitrary: fc.constantFrom(...SCALARS) });
const seqLines = (indent: string) => fc.array(value, { minLength: 1, maxLength: 3 }).map((vs) => vs.map((v) => `${indent}- ${v}`));
const nested = fc.array(
  fc.oneof(
    fc.tuple(key, value).map(([k, v]) => [`  ${k}: ${v}`]),
    fc.tuple(key, seqLines('    ')).map(([k, ls]) => [`  ${k}:`, ...ls]),
  ),
  { minLength: 1, maxLength: 3 },
);
const structured = fc
  .array(
    fc.oneof(
      { weight: 4, arbitrary: fc.tuple(key, value).map(([k, v]) => [`${k}: ${v}`]) },
      { weight: 2, arbitrary: fc.tuple(key, seqLines('  ')).map(([k, ls]) => [`${k}:`, ...ls]) },
      { weight: 2, arbitrary: fc.tuple(key, nested).map(([k, ls]) => [`${k}:`, ...ls.flat()]) },
      { weight: 1, arbitrary: entry.map((l) => [l]) },
    ),
    { minLength: 1, maxLength: 8 },
  )
  .map((groups) => `${groups.flat().join('\n')}\n`);

const yamlText = fc.tuple(fc.array(entry, { maxLength: 10 }), fc.boolean()).map(([ls, nl]) => ls.join('\n') + (nl ? '\n' : ''));

// Frontmatter as memkit writes it for memory docs (stringifyFrontmatter): the reader must accept it.
const word = fc.stringMatching(/^[a-z][a-z0-9_-]{0,8}$/);
const plainValue = fc.oneof(word, fc.integer({ min: 0, max: 10_000 }), fc.boolean(), fc.constant(null), fc.constant('2026-01-02T03:04:05Z'), fc.string({ maxLength: 12 }));
const memoryData = fc.record({
  id: word.map((w) => `fact.${w}`),
  title: fc.string({ maxLength: 30 }),
  tags: fc.array(word, { maxLength: 4 }),
  updated: fc.constant('2026-02-03T04:05:06Z'),
  extra: plainValue,
  provenance: fc.record({ events: fc.array(word, { maxLength: 3 }), commits: fc.array(fc.stringMatching(/^[0-9a-f]{40}$/), { maxLength: 2 }) }),
  verification: fc.record({ last_verified_commit: fc.constant(null), status: fc.constantFrom('verified', 'stale') }),
});

/** Every pointer's tokens into a value, the root's included. */
function paths(value: unknown, path: string[] = []): string[][] {
  const out = [path];
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...paths(v, [...path, String(i)])));
  else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) out.push(...paths(v, [...path, k]));
  return out;
}

describe('fastYamlMap', () => {
  it('equals yaml on every text it accepts (generated YAML)', () => {
    fc.assert(
      fc.property(fc.oneof(yamlText, structured), (yaml) => {
        const fast = fastYamlMap(yaml, 64);
        if (fast === undefined) return;
        const ref = reference(yaml);
        expect(ref.clean, yaml).toBe(true);
        expect(fast).toStrictEqual(ref.value);
      }),
      { numRuns: Number(process.env.FAST_RUNS ?? 3000) },
    );
  });

  it('records every key and item on the row the yaml parse puts it, and the deepest one found for a missing pointer (generated YAML)', () => {
    fc.assert(
      fc.property(fc.oneof(yamlText, structured), fc.constantFrom('missing', '0', '7'), (yaml, extra) => {
        const rows: YamlRows = { rows: {} };
        const fast = fastYamlMap(yaml, 64, rows);
        if (fast === undefined) return;
        const doc = parseDocument(yaml, YAML_OPTIONS);
        for (const path of paths(fast)) {
          expect(rowAt(rows, path), `${yaml} ${path.join('/')}`).toBe(documentRowAt(doc, yaml, path));
          expect(rowAt(rows, [...path, extra])).toBe(documentRowAt(doc, yaml, [...path, extra]));
        }
      }),
      { numRuns: Number(process.env.FAST_RUNS ?? 3000) },
    );
  });

  it('accepts a good share of the generated texts (the comparison above is not vacuous)', () => {
    const accepted = fc.sample(fc.oneof(yamlText, structured), { numRuns: 2000, seed: 1 }).filter((y) => fastYamlMap(y, 64) !== undefined && y.trim() !== '');
    expect(accepted.length).toBeGreaterThan(100);
    expect(accepted.some((y) => /\n {2,}- /.test(y) && /^\w+:$/m.test(y))).toBe(true);
  });

  it('reads the frontmatter memkit writes, as yaml does', () => {
    fc.assert(
      fc.property(memoryData, (data) => {
        const text = stringifyFrontmatter(data, '');
        const yaml = text.slice(4, -4);
        const ref = reference(yaml);
        const fast = fastYamlMap(yaml, 64);
        if (fast !== undefined) expect(fast).toStrictEqual(ref.value);
        // Titles with quotes, escapes or odd characters may be refused; the plain ones are not.
        if (/^[a-z ]*$/.test(data.title) && typeof data.extra !== 'string') expect(fast, yaml).toBeDefined();
      }),
      { numRuns: 1000 },
    );
  });

  it('refuses what it cannot be sure about, and data deeper than the limit', () => {
    for (const yaml of ['a: &x 1\nb: *x\n', 'a: !!str 1\n', 'a: |\n  x\n', 'a: x\n  y\n', 'a: 1\na: 2\n', '__proto__: 1\n', 'a: "\\u0041"\n', 'a: # c\n', 'a:\n- x\n', 'a: 012\n', '']) {
      expect(fastYamlMap(yaml, 64), yaml).toBeUndefined();
    }
    for (const odd of ['a: \ud800\n', 'a: \udc00x\n', 'a: x\u0085\n', 'a: \u0007\n']) expect(fastYamlMap(odd, 64)).toBeUndefined();
    expect(fastYamlMap('a: 😀 é\n', 64)).toEqual({ a: '😀 é' });
    expect(fastYamlMap('a:\n  b: [1]\n', 3)).toEqual({ a: { b: [1] } });
    expect(fastYamlMap('a:\n  b: [1]\n', 2)).toBeUndefined();
    expect(fastYamlMap('a:\n  b: []\n', 2)).toBeUndefined();
  });
});
