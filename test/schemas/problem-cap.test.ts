// Reported: every schema validation reported at most 8 problems (TypeBox's
// process-wide default error limit) without saying so, and `maxProblems`
// had no effect above 8: 18 artifacts each missing a field gave 8 errors.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkDirectory, sourceFromFilePort } from '../../src/engine/index.js';
import { verifyText } from '../../src/services/ledger/index.js';
import { ProblemCap, TRUNCATED_CODE, error, warning } from '../../src/kernel/problems/index.js';
import { memoryFiles } from '../../src/services/store/index.js';
import { DEFAULT_MAX_PROBLEMS, validate } from '../../src/schema/index.js';

const artifact = (i: number) => ({ path: `dist/a${i}.js`, sha256: 'a'.repeat(64), created_by: 'Forge', phase: 'build', created_at: '2026-02-20T02:00:00Z' });
/** A manifest of `n` artifacts, each missing its `phase`. */
const manifest = (n: number) => ({
  session_id: 's1',
  artifacts: Array.from({ length: n }, (_, i) => {
    const { phase: _phase, ...rest } = artifact(i);
    return rest;
  }),
  dependency_graph: {},
});

describe('schema validation does not cap its problems at 8 silently', () => {
  it('the valid manifest is valid (the fixture is right)', () => {
    expect(validate('artifacts-manifest', { session_id: 's1', artifacts: [artifact(0)], dependency_graph: {} })).toEqual([]);
  });

  it('18 artifacts each missing a field give 18 problems, no notice', () => {
    const problems = validate('artifacts-manifest', manifest(18));
    expect(problems.map((p) => p.code)).toEqual(Array(18).fill('schema.required'));
    expect(new Set(problems.map((p) => p.pointer)).size).toBe(18);
  });

  it('past maxProblems: the first maxProblems, then one problems.truncated counting the rest', () => {
    const problems = validate('artifacts-manifest', manifest(18), { maxProblems: 10 });
    expect(problems).toHaveLength(11);
    expect(problems.slice(0, 10).every((p) => p.code === 'schema.required')).toBe(true);
    const notice = problems[10]!;
    expect(notice.code).toBe(TRUNCATED_CODE);
    expect(notice.severity).toBe('error');
    expect(notice.message).toMatch(/\b8 more problems\b/);
  });

  it('maxProblems above 8 takes effect; the default cap reports its notice too', () => {
    expect(validate('artifacts-manifest', manifest(30), { maxProblems: 30 })).toHaveLength(30);
    const byDefault = validate('artifacts-manifest', manifest(DEFAULT_MAX_PROBLEMS + 7));
    expect(byDefault).toHaveLength(DEFAULT_MAX_PROBLEMS + 1);
    expect(byDefault.at(-1)!.code).toBe(TRUNCATED_CODE);
    expect(byDefault.at(-1)!.message).toMatch(/\b7 more problems\b/);
  });

  it('leaves the TypeBox setting as it found it', async () => {
    const { Settings } = await import('typebox/system');
    const before = Settings.Get().maxErrors;
    validate('artifacts-manifest', manifest(40), { maxProblems: 100 });
    expect(Settings.Get().maxErrors).toBe(before);
  });

  it('property: kept + omitted = found, and the notice has the worst severity left out', () => {
    const problemArb = fc.record({ code: fc.constantFrom('a.b', 'c.d'), severity: fc.constantFrom('error' as const, 'warning' as const), message: fc.string() });
    fc.assert(
      fc.property(fc.array(problemArb, { maxLength: 40 }), fc.nat({ max: 45 }), (found, max) => {
        const cap = new ProblemCap(max);
        cap.addAll(found);
        const out = cap.problems;
        if (found.length <= max) return void expect(out).toEqual(found);
        expect(out).toHaveLength(max + 1);
        expect(out.slice(0, max)).toEqual(found.slice(0, max));
        const notice = out[max]!;
        expect(notice.code).toBe(TRUNCATED_CODE);
        expect(notice.message).toContain(`${found.length - max} more`);
        expect(notice.severity).toBe(found.slice(max).some((p) => p.severity === 'error') ? 'error' : 'warning');
      }),
    );
  });

  it('the notice is live: pushed at the first problem left out, its count and severity kept current', () => {
    // `into` may hold other problems (another file's): only this cap's own count.
    const into = [error('other.file', 'not counted')];
    const cap = new ProblemCap(1, into);
    expect(cap.add(error('x.y', 'kept', { file: 'f', line: 1 }))).toBe(true);
    expect(cap.full).toBe(true);
    expect(cap.add(warning('x.w', 'first left out', { file: 'f', line: 7 }))).toBe(false);
    expect(into).toHaveLength(3);
    expect(into[2]).toMatchObject({ code: TRUNCATED_CODE, severity: 'warning', file: 'f', line: 7 });
    cap.skip(5, 'error', { file: 'f', line: 9 }, true);
    expect(into).toHaveLength(3);
    expect(into[2]).toMatchObject({ severity: 'error', line: 7 });
    expect(into[2]!.message).toMatch(/at least 6 more/);
    expect(cap.omitted).toBe(6);
  });

  it('ledger verification counts what its maxProblems leaves out', () => {
    // 30 lines that are not objects: one ledger problem each.
    const summary = verifyText('[]\n'.repeat(30), { format: 'decision-log', preamble: false, maxProblems: 10 });
    expect(summary.problems).toHaveLength(11);
    const notice = summary.problems.find((p) => p.code === TRUNCATED_CODE)!;
    expect(notice).toMatchObject({ severity: 'error', line: 11 });
    expect(notice.message).toMatch(/\b20 more problems\b/);
  });

  it('the directory checker caps each file on its own, and says so per file', async () => {
    const manifestOf = (n: number) => JSON.stringify(manifest(n), null, 2) + '\n';
    const report = await checkDirectory(sourceFromFilePort(memoryFiles({ 'a/memory-bank/artifacts-manifest.json': manifestOf(18), 'b/memory-bank/artifacts-manifest.json': manifestOf(3) })), {
      maxProblems: 5,
    });
    const of = (file: string) => report.problems.filter((p) => p.file === file);
    const a = of('a/memory-bank/artifacts-manifest.json');
    expect(a.filter((p) => p.code === 'schema.required')).toHaveLength(5);
    const notice = a.find((p) => p.code === TRUNCATED_CODE)!;
    expect(notice.severity).toBe('error');
    expect(notice.line).toBeGreaterThan(1);
    expect(notice.message).toMatch(/\b13 more problems\b/);
    expect(of('b/memory-bank/artifacts-manifest.json').map((p) => p.code)).toEqual(Array(3).fill('schema.required'));
  });

  it('a ledger in a checked directory gets one notice, with verification and the file sharing the cap', async () => {
    const report = await checkDirectory(sourceFromFilePort(memoryFiles({ 'memory-bank/decisionLog.md': '{"x":1}\n'.repeat(30) })), { maxProblems: 10 });
    const mine = report.problems.filter((p) => p.file === 'memory-bank/decisionLog.md');
    expect(mine.filter((p) => p.code === TRUNCATED_CODE)).toHaveLength(1);
    expect(mine.filter((p) => p.code !== TRUNCATED_CODE)).toHaveLength(10);
    expect(mine.find((p) => p.code === TRUNCATED_CODE)!.severity).toBe('error');
  });
});
