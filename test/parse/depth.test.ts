// Deep nesting is reported as input.too-deep with the depth and the limit in words,
// never as "Infinity characters", a YAML syntax error or an internal failure.
import { describe, expect, it } from 'vitest';
import { checkDirectory, sourceFromFilePort } from '../../src/engine/index.js';
import { textDepth, tooDeep, valueDepth } from '../../src/syntax/depth.js';
import { DEFAULT_LIMITS, parseFrontmatter } from '../../src/syntax/index.js';
import { memoryFiles } from '../../src/kernel/file-port.js';

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('valueDepth', () => {
  it('counts levels of objects and arrays, scalars as 0', () => {
    expect(valueDepth(1)).toBe(0);
    expect(valueDepth(null)).toBe(0);
    expect(valueDepth({})).toBe(1);
    expect(valueDepth({ a: 1, b: [2] })).toBe(2);
    expect(valueDepth({ a: [[1]], b: {} })).toBe(3);
  });

  it('measures 100,000 levels without overflowing the stack', () => {
    expect(valueDepth(JSON.parse(nested(100_000)))).toBe(100_000);
  });

  it('measures a shared object once and stops at a cycle', () => {
    const leaf = { x: [1] };
    let v: unknown = leaf;
    // 60 levels, each holding the one below twice: a tree walk would take 2^60 steps.
    for (let i = 0; i < 60; i++) v = [v, v];
    expect(valueDepth(v)).toBe(62);
    const loop: Record<string, unknown> = { a: {} };
    (loop.a as Record<string, unknown>).back = loop;
    expect(valueDepth(loop)).toBe(2);
  });
});

describe('textDepth', () => {
  it('finds the deepest bracket and its offset, not counting brackets in strings', () => {
    expect(textDepth('{"a":[[1]]}')).toEqual({ depth: 3, offset: 6 });
    expect(textDepth('{"a":"[[[[\\"[[","b":[]}')).toEqual({ depth: 2, offset: 20 });
    expect(textDepth("v: ['[[[[', [x]] # [[[[[", 'yaml')).toEqual({ depth: 2, offset: 12 });
  });
});

describe('tooDeep', () => {
  it('says the depth and the limit', () => {
    expect(tooDeep('the arguments', 5000, 64)).toMatchObject({ code: 'input.too-deep', severity: 'error', message: 'the arguments nests 5000 levels deep; the limit is 64 levels' });
    expect(tooDeep('line 1', 5000, undefined).message).toMatch(/^line 1 nests 5000 levels deep, deeper than memkit can follow/);
    expect(tooDeep('the YAML', undefined, 64).message).toBe('the YAML nests deeper than the limit of 64 levels');
  });
});

describe('deep nesting in files', () => {
  it('frontmatter nested 1,000 flow levels deep is input.too-deep with its depth and the limit, not a YAML syntax error', () => {
    const r = parseFrontmatter(`---\nid: x\nv: ${nested(1000)}\n---\nbody\n`);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems.map((p) => p.code)).toEqual(['input.too-deep']);
    expect(r.problems[0]!.message).toBe(`the YAML nests 1000 levels deep; the limit is ${DEFAULT_LIMITS.maxYamlDepth} levels`);
    expect(r.problems[0]!.line).toBe(3);
  });

  it('frontmatter nested just past the limit says how deep it is', () => {
    const r = parseFrontmatter(`---\nid: x\nv: ${nested(DEFAULT_LIMITS.maxYamlDepth + 1)}\n---\nbody\n`);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    // The mapping itself is a level: v's value sits below it.
    expect(r.problems[0]!.message).toBe(`the YAML nests ${DEFAULT_LIMITS.maxYamlDepth + 2} levels deep; the limit is ${DEFAULT_LIMITS.maxYamlDepth} levels`);
  });

  it('a ledger line nested 100,000 levels deep is input.too-deep at its line, not check.internal', async () => {
    const line = `{"a":${nested(100_000)}}`;
    const report = await checkDirectory(sourceFromFilePort(memoryFiles({ 'memory-bank/activeContext.md': `${line}\n` })));
    const codes = report.problems.map((p) => p.code);
    expect(codes).not.toContain('check.internal');
    const deep = report.problems.find((p) => p.code === 'input.too-deep');
    expect(deep).toMatchObject({ file: 'memory-bank/activeContext.md', line: 1 });
    expect(deep!.message).toMatch(/^line 1 nests 100001 levels deep, deeper than memkit can follow/);
    expect(report.problems.map((p) => p.message).join('\n')).not.toMatch(/Infinity/);
  });
});
