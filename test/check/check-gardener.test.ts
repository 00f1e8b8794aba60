import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkDirectory, sourceFromFilePort } from '../../src/engine/index.js';
import { checkCodes } from '../../src/engine/codes.js';
import { gardenerCodes } from '../../src/formats/gardener-config/codes.js';
import { problemCodes } from '../../src/kernel/problems/index.js';
import { schemaCodes } from '../../src/schema/codes.js';
import { memoryFiles } from '../../src/kernel/file-port.js';

const EXAMPLE = readFileSync(join(import.meta.dirname, '..', '..', 'examples', 'agent-memory', '.thunderus', 'memory', 'gardener.toml'), 'utf8');
const PATH = '.thunderus/memory/gardener.toml';
const check = async (text: string) => (await checkDirectory(sourceFromFilePort(memoryFiles({ [PATH]: text })), {})).problems;
/** The 1-based line of `text` that is `start`, or else the first that starts with it. */
const lineOf = (text: string, start: string) => {
  const lines = text.split('\n');
  const exact = lines.indexOf(start);
  return (exact !== -1 ? exact : lines.findIndex((l) => l.startsWith(start))) + 1;
};

describe('gardener.toml', () => {
  it('accepts the example', async () => {
    expect(await check(EXAMPLE)).toEqual([]);
  });

  const cases: [string, (t: string) => string, string, string][] = [
    ['a value under its minimum, in a nested table', (t) => t.replace('recap = 90', 'recap = -1'), 'schema.minimum', 'recap = -1'],
    ['a value outside its enum', (t) => t.replace('"normalized-text"', '"fuzzy"'), 'convention.gardener-config', 'strategy ='],
    ['an unknown top-level key', (t) => `colour = "blue"\n${t}`, 'convention.gardener-config', 'colour ='],
    ['an unknown key in a table', (t) => t.replace('[dedup]\n', '[dedup]\nbogus = 1\n'), 'convention.gardener-config', 'bogus ='],
    ['an array that lacks a required item', (t) => t.replace('"Provenance"', '"Other"'), 'schema.contains', 'required_sections ='],
    ['a bad item of an array (reported at the array)', (t) => t.replace('"recap"]', '"diary"]'), 'schema.enum', 'allowed_kinds ='],
    ['a key given twice (TOML syntax)', (t) => t.replace('max_docs = 500\n', 'max_docs = 500\nmax_docs = 5\n'), 'check.toml-syntax', 'max_docs = 5'],
    ['an unclosed table header (TOML syntax)', (t) => t.replace('[dedup]', '[dedup'), 'check.toml-syntax', '[dedup'],
  ];
  for (const [name, edit, code, line] of cases) {
    it(`reports ${name} at its line`, async () => {
      const text = edit(EXAMPLE);
      const problems = await check(text);
      expect(problems.map((p) => [p.code, p.line])).toEqual([[code, lineOf(text, line)]]);
      expect(problems[0]!.file).toBe(PATH);
    });
  }

  it('turns any text into problems with declared codes and lines inside the file, never a throw (property)', async () => {
    const known = new Set([...Object.keys(checkCodes), ...Object.keys(gardenerCodes), ...Object.keys(problemCodes), ...Object.keys(schemaCodes)]);
    const tomlish = fc.string({
      unit: fc.constantFrom('[', ']', '=', '"', "'", '\n', ' ', '#', 'a', 'size_caps', 'dedup', '.', ',', '1', '-', '{', '}', 'strategy', '\\', 'é', '\u0000'),
      maxLength: 60,
    });
    const edited = fc.tuple(fc.nat(), fc.nat({ max: 20 }), tomlish).map(([at, cut, ins]) => {
      const k = at % (EXAMPLE.length + 1);
      return EXAMPLE.slice(0, k) + ins + EXAMPLE.slice(k + cut);
    });
    await fc.assert(
      fc.asyncProperty(fc.oneof(tomlish, edited), async (text) => {
        const lines = text.split('\n').length;
        for (const p of await check(text)) {
          expect(known.has(p.code), p.code).toBe(true);
          expect(p.line ?? 1).toBeGreaterThanOrEqual(1);
          expect(p.line ?? 1).toBeLessThanOrEqual(lines + 1);
        }
      }),
      { numRuns: 300 },
    );
  });
});
