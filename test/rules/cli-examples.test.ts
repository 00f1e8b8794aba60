// The rule examples through `memkit check` itself (in-process, from src): each fail/ example's code
// with the table's severity per profile and exit 1 when an error is reported; each pass/ example
// without the code, exit 0. Examples with a base/ revision need git; checkAgainstBase runs them in
// rule-table.test.ts.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RULES } from '../../src/surfaces/all-codes.js';
import { runCli } from '../cli/helpers.js';

const ruleFor = (code: string) => RULES.get(code);

const EXAMPLES = join(import.meta.dirname, '..', 'fixtures', 'rules');
const codes = readdirSync(EXAMPLES, { withFileTypes: true })
  .filter((e) => e.isDirectory() && !existsSync(join(EXAMPLES, e.name, 'base')))
  .map((e) => e.name)
  .sort();

interface Report {
  problems: { code: string; severity: string }[];
}

async function check(dir: string, profile: 'spec' | 'strict'): Promise<{ exit: number; report: Report }> {
  const r = await runCli(['check', dir, '--format', 'json', '--profile', profile]);
  expect(r.code, r.stderr).not.toBe(2);
  return { exit: r.code, report: JSON.parse(r.stdout) as Report };
}

describe('rule examples through memkit check', () => {
  it.each(codes)('%s', { timeout: 30_000 }, async (code) => {
    const rule = ruleFor(code)!;
    for (const profile of ['spec', 'strict'] as const) {
      const want = rule.source === 'convention' ? (profile === 'strict' ? 'error' : 'warning') : rule.severity;
      const fail = await check(join(EXAMPLES, code, 'fail'), profile);
      expect(fail.report.problems.filter((p) => p.code === code).map((p) => p.severity)).toContain(want);
      expect(fail.exit).toBe(fail.report.problems.some((p) => p.severity === 'error') ? 1 : 0);
    }
    if (existsSync(join(EXAMPLES, code, 'pass'))) {
      const pass = await check(join(EXAMPLES, code, 'pass'), 'strict');
      expect(pass.report.problems.filter((p) => p.code === code)).toEqual([]);
      expect(pass.exit).toBe(0);
    }
  });
});
