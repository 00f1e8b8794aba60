// Reported: a "billion laughs" YAML alias bomb in a frontmatter block
// exhausted memory. memkit caps alias expansion and reports it.
import { describe, expect, it } from 'vitest';
import { parseFrontmatter, updateFrontmatter } from '../../src/parse/index.js';

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

describe('regression: YAML alias bomb', () => {
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
