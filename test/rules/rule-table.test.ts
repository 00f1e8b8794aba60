// The rule table: every rule's source quotes its seed, and each example directory
// under test/fixtures/rules/<code>/ reports its code as the table says, per profile.
// Every seed or convention rule of a format has an example that fails and one that
// passes, but for the few in NO_EXAMPLE, each with the reason.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDirectory } from '../../src/engine/index.js';
import { RULES } from '../../src/surfaces/all-codes.js';
import { effectiveSeverity } from '../../src/engine/profile.js';
import { nodeCheckSource } from '../../src/adapters/node/check-source.js';
import { RULES_DOC, renderRulesDoc } from '../../scripts/emit-rules-doc.js';
import { isFormatId } from '../../src/formats/index.js';
import { checkExample, exampleCodes, exampleDir } from './examples.js';

const ruleFor = (code: string) => RULES.get(code);

const ROOT = join(import.meta.dirname, '..', '..');
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

/**
 * Rules of a format that no example directory can show, and why. Keep it short:
 * every other seed or convention rule of a format has `<code>/fail/` and `<code>/pass/`.
 */
const NO_EXAMPLE: Readonly<Record<string, string>> = {
  'ledger-text.non-entry-line': "the text parser's code; the ledger verifier the checker runs reports such a line as ledger.unparseable-line",
  'ledger-text.not-an-object': 'only a line starting with `{` is read as an entry, and such a line that parses is an object: a defensive check files cannot reach',
  'ledger.not-an-object': 'as ledger-text.not-an-object for JSON Lines ledgers; a feedback-log block that is not a mapping is frontmatter.not-a-mapping',
  'ledger.truncated': 'needs a checkpoint recorded earlier (`memkit verify --checkpoint`); the directory checker reads none',
  'ledger.checkpoint-mismatch': 'needs a checkpoint recorded earlier (`memkit verify --checkpoint`); the directory checker reads none',
  'ledger.append-only': "the writer policy of a write (`memkit ledger append`, the library's checkWrite), not a property of files",
  'ledger.delete-denied': "the writer policy of a write (`memkit ledger append`, the library's checkWrite), not a property of files",
  'ledger.immutable': "the writer policy of a write (`memkit ledger append`, the library's checkWrite), not a property of files",
  'wbs.deliverable-missing':
    "the format records whether deliverables exist (validationResults.deliverablesExist) rather than requiring it, and they are the project's paths, which a memory directory need not hold: `memkit check` does not look them up; the library's checkWbsFiles does",
  'exchange.missing-manifest': 'a file is a bundle to the checker only when its first line names superagents_export; `memkit import` and `memkit verify` report a bundle without one',
  'exchange.no-migration': 'every schema version from 1 to the current one has a migration (a version below 1 is schema.minimum), so no file reaches it',
  'exchange.thread-store-version':
    'the version check before a migration (migrateThreadStore, checkThreadStoreVersion): the checker reports a missing or non-SemVer version with the thread rules, and reads any SemVer version as the format allows',
  'exchange.thread-store-version-alias': "the version check before a migration (migrateThreadStore, checkThreadStoreVersion); the checker's rule for this is threads.version-two-part",
  ...Object.fromEntries(
    ['exchange.thread-store-too-new', 'exchange.thread-store-field-too-new', 'exchange.thread-store-field-removed', 'exchange.thread-store-missing-field'].map((code) => [
      code,
      "memkit's own thread-store lineage, held before a migration (migrateThreadStore, checkThreadStoreVersion): the seed fixes no version's content, so the checker holds a store of any version to the seed's shape (a version bump that does not match the change is threads.version-bump, under --base)",
    ]),
  ),
  'store.duplicate-doc-id': "the search index's code (`memkit index`); the checker reports the same fact as check.duplicate-doc-id",
  'store.manifest-invalid': "the search index's manifest reader (`memkit index`); the checker reports the manifest's schema problems",
  'store.manifest-missing-doc': "the search index's code (`memkit index`); the checker reports the same fact as check.manifest-missing-doc",
  'store.manifest-absolute-path': "the search index's code (`memkit index`); the checker reports the same fact as check.manifest-absolute-path",
  'store.manifest-unlisted-doc': "the search index's code (`memkit index`); the checker reports the same fact as check.manifest-unlisted-doc",
  'store.manifest-stale': "the search index's code (`memkit index`); the checker reports the same fact as check.manifest-stale",
  'store.manifest-order': "the search index's manifest writer (`memkit index`); the checker does not compare manifest order",
  'git.merge-history-changed': 'the git merge driver (`memkit merge-driver`) reports it while merging, not a check of files',
};

const examples = exampleCodes();

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

  it('every seed or convention rule of a format has a fail and a pass example, or a reason in NO_EXAMPLE', () => {
    const missing: string[] = [];
    for (const r of RULES.values()) {
      if (r.format === undefined || (r.source !== 'convention' && typeof r.source !== 'object')) continue;
      const has = examples.includes(r.code) && ['fail', 'pass'].every((k) => existsSync(join(exampleDir(r.code), k)));
      if (!has && NO_EXAMPLE[r.code] === undefined) missing.push(r.code);
    }
    expect(missing, `rules without test/fixtures/rules/<code>/{fail,pass}/:\n  ${missing.join('\n  ')}`).toEqual([]);
  });

  it('NO_EXAMPLE names only rules of a format that have no example', () => {
    const bad = Object.keys(NO_EXAMPLE).filter((code) => ruleFor(code)?.format === undefined || ruleFor(code)?.source === 'operational' || examples.includes(code));
    expect(bad).toEqual([]);
  });

  it('has rule examples', () => {
    expect(examples.length).toBeGreaterThanOrEqual(5);
    for (const code of examples) expect(ruleFor(code), `the example of ${code} names no declared code`).toBeDefined();
  });

  it.each(['spec', 'strict'] as const)('what the checker reports under %s has the table severity (examples/broken and every rule example)', async (profile) => {
    type Run = [dir: string, check: () => ReturnType<typeof checkDirectory>];
    const runs: Run[] = [
      ...['broken', 'agent-memory'].map((e): Run => [join(ROOT, 'examples', e), () => checkDirectory(nodeCheckSource(join(ROOT, 'examples', e)), { profile, config: null })]),
      ...examples.flatMap((c) =>
        (['fail', 'pass'] as const).filter((k) => existsSync(join(exampleDir(c), k))).map((k): Run => [join(exampleDir(c), k), () => checkExample(exampleDir(c), k, profile)]),
      ),
    ];
    const off: string[] = [];
    let seen = 0;
    for (const [dir, run] of runs) {
      const report = await run();
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
    const dir = exampleDir(code);
    const rule = ruleFor(code);

    it('fail/ reports it with the table severity (spec) and as an error under strict when a convention', async () => {
      expect(rule).toBeDefined();
      const spec = await checkExample(dir, 'fail', 'spec');
      const found = spec.problems.filter((p) => p.code === code);
      expect(found.length, JSON.stringify(spec.problems, null, 1)).toBeGreaterThan(0);
      const expected = rule!.source === 'convention' ? 'warning' : rule!.severity;
      expect(found.map((p) => p.severity)).toContain(expected);
      const strict = await checkExample(dir, 'fail', 'strict');
      const strictFound = strict.problems.filter((p) => p.code === code);
      expect(strictFound.length).toBeGreaterThan(0);
      if (rule!.source === 'convention') expect(strictFound.every((p) => p.severity === 'error')).toBe(true);
      else expect(strictFound.map((p) => p.severity)).toEqual(found.map((p) => p.severity));
    });

    it.runIf(existsSync(join(dir, 'pass')))('pass/ does not report it, and reports no error under either profile', async () => {
      for (const profile of ['spec', 'strict'] as const) {
        const report = await checkExample(dir, 'pass', profile);
        expect(report.problems.filter((p) => p.code === code)).toEqual([]);
        expect(
          report.problems.filter((p) => p.severity === 'error'),
          JSON.stringify(report.problems, null, 1),
        ).toEqual([]);
      }
    });
  });
});
