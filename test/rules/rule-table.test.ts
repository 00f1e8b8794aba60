// The rule table: every rule's source quotes its seed, and each example directory
// under test/fixtures/rules/<code>/ reports its code as the table says, per profile.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDirectory } from '../../src/check/index.js';
import { RULES, ruleFor } from '../../src/check/rules.js';
import { effectiveSeverity } from '../../src/check/profile.js';
import { nodeCheckSource } from '../../src/node/check-source.js';
import { RULES_DOC, renderRulesDoc } from '../../scripts/emit-rules-doc.js';
import { isFormatId } from '../../src/formats/index.js';

const ROOT = join(import.meta.dirname, '..', '..');
const EXAMPLES = join(ROOT, 'test', 'fixtures', 'rules');
const SEEDS = join(ROOT, 'test', 'fixtures', 'seeds');

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();
const seedLines = new Map<string, string[]>();
function linesOf(seed: string): string[] {
  let lines = seedLines.get(seed);
  if (lines === undefined) {
    lines = readFileSync(join(SEEDS, seed), 'utf8').split(/\r?\n/).map(collapse);
    seedLines.set(seed, lines);
  }
  return lines;
}

const examples = readdirSync(EXAMPLES, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort();

describe('rule table', () => {
  it('every seed rule quotes a line of its seed word for word (whitespace collapsed)', () => {
    const bad: string[] = [];
    for (const rule of RULES.values()) {
      const s = rule.source;
      if (typeof s !== 'object') continue;
      const quote = collapse(s.quote);
      if (quote === '' || !linesOf(s.seed).some((l) => l.includes(quote))) bad.push(`${rule.code}: "${s.quote}" is not in ${s.seed}`);
    }
    expect(bad).toEqual([]);
  });

  it('docs/rules.md equals a fresh emit (run `npm run docs:rules`)', () => {
    expect(readFileSync(RULES_DOC, 'utf8')).toBe(renderRulesDoc());
  });

  it('the quote check can fail', () => {
    expect(linesOf('memory-bank-schema.md').some((l) => l.includes('REQUIRE: Every append stores predecessor_hash (chain integrity)'))).toBe(true);
    expect(linesOf('memory-bank-schema.md').some((l) => l.includes('REQUIRE: Every append stores the hash of nothing'))).toBe(false);
  });

  it('every rule names its source (seed line, convention or operational)', () => {
    const missing = [...RULES.values()].filter((r) => r.source === undefined).map((r) => r.code);
    expect(missing, `rules without a source:\n  ${missing.join('\n  ')}`).toEqual([]);
  });

  it('every format a rule names is a format id of the table of formats', () => {
    const bad = [...RULES.values()].flatMap((r) =>
      (r.format === undefined ? [] : typeof r.format === 'string' ? [r.format] : [...r.format]).filter((f) => !isFormatId(f)).map((f) => `${r.code}: ${f}`),
    );
    expect(bad).toEqual([]);
  });

  it('profiles: spec keeps seed severities and caps conventions at warning; strict makes conventions errors; config wins', () => {
    const convention = [...RULES.values()].find((r) => r.source === 'convention');
    const seed = [...RULES.values()].find((r) => typeof r.source === 'object' && r.severity === 'error');
    if (convention) {
      expect(effectiveSeverity({ code: convention.code, severity: 'error' }, { profile: 'spec' })).toBe('warning');
      expect(effectiveSeverity({ code: convention.code, severity: 'warning' }, { profile: 'strict' })).toBe('error');
      expect(effectiveSeverity({ code: convention.code, severity: 'warning' }, { profile: 'strict', rules: { [convention.code]: 'warn' } })).toBe('warning');
    }
    if (seed) {
      expect(effectiveSeverity({ code: seed.code, severity: 'error' }, { profile: 'spec' })).toBe('error');
      expect(effectiveSeverity({ code: seed.code, severity: 'error' }, { profile: 'strict', rules: { [seed.code]: 'off' } })).toBe('off');
    }
    expect(effectiveSeverity({ code: 'no.such-code', severity: 'warning' }, { profile: 'strict' })).toBe('warning');
  });

  it('has rule examples', () => {
    expect(examples.length).toBeGreaterThanOrEqual(5);
    for (const code of examples) expect(ruleFor(code), `test/fixtures/rules/${code} names no declared code`).toBeDefined();
  });

  it.each(['spec', 'strict'] as const)('what the checker reports under %s has the table severity (examples/broken and every rule example)', async (profile) => {
    const dirs = [join(ROOT, 'examples', 'broken'), join(ROOT, 'examples', 'agent-memory'), ...examples.flatMap((c) => ['fail', 'pass'].map((k) => join(EXAMPLES, c, k)).filter((d) => existsSync(d)))];
    const off: string[] = [];
    let seen = 0;
    for (const dir of dirs) {
      const report = await checkDirectory(nodeCheckSource(dir), { profile, config: null });
      for (const p of report.problems) {
        const rule = ruleFor(p.code);
        // A notice takes the worst severity it left out, not its own.
        if (p.code === 'problems.truncated') continue;
        seen++;
        const want = rule?.source === 'convention' ? (profile === 'strict' ? 'error' : 'warning') : rule?.severity;
        if (p.severity !== want) off.push(`${dir.slice(ROOT.length + 1)}: ${p.code} reported as ${p.severity}, the table says ${want}`);
      }
    }
    expect(seen).toBeGreaterThan(30);
    expect(off).toEqual([]);
  });

  describe.each(examples)('%s', (code) => {
    const dir = join(EXAMPLES, code);
    const rule = ruleFor(code);

    it('fail/ reports it with the table severity (spec) and as an error under strict when a convention', async () => {
      expect(rule).toBeDefined();
      const spec = await checkDirectory(nodeCheckSource(join(dir, 'fail')), { config: null });
      const found = spec.problems.filter((p) => p.code === code);
      expect(found.length, JSON.stringify(spec.problems, null, 1)).toBeGreaterThan(0);
      const expected = rule!.source === 'convention' ? 'warning' : rule!.severity;
      expect(found.map((p) => p.severity)).toContain(expected);
      const strict = await checkDirectory(nodeCheckSource(join(dir, 'fail')), { config: null, profile: 'strict' });
      const strictFound = strict.problems.filter((p) => p.code === code);
      expect(strictFound.length).toBeGreaterThan(0);
      if (rule!.source === 'convention') expect(strictFound.every((p) => p.severity === 'error')).toBe(true);
      else expect(strictFound.map((p) => p.severity)).toEqual(found.map((p) => p.severity));
    });

    it.runIf(existsSync(join(dir, 'pass')))('pass/ does not report it', async () => {
      for (const profile of ['spec', 'strict'] as const) {
        const report = await checkDirectory(nodeCheckSource(join(dir, 'pass')), { config: null, profile });
        expect(report.problems.filter((p) => p.code === code)).toEqual([]);
      }
    });
  });
});
