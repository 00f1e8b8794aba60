// memkit check --profile and the config file (memkit.config.json / --config): profiles,
// per-rule severities, writer rosters, lockedBy, ignore globs, and bad configs as usage errors.
import { execFileSync } from 'node:child_process';
import { cpSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT, runCli, tempDir } from './helpers.js';

const RULES = join(ROOT, 'test', 'fixtures', 'rules');
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

/** A temporary copy of a rule example directory (`<code>/fail` or `/pass`). */
function example(path: string): string {
  const t = tempDir();
  cleanups.push(t.done);
  const dir = join(t.dir, 'mem');
  cpSync(join(RULES, path), dir, { recursive: true });
  return dir;
}

interface JsonReport {
  ok: boolean;
  checked: { file: string; format: string }[];
  problems: { code: string; severity: string; file?: string; line?: number; pointer?: string }[];
}

async function check(dir: string, ...args: string[]): Promise<{ code: number; report: JsonReport }> {
  const r = await runCli(['check', dir, '--format', 'json', ...args]);
  expect(r.code, r.stderr).not.toBe(2);
  return { code: r.code, report: JSON.parse(r.stdout) as JsonReport };
}
const severities = (report: JsonReport, code: string) => report.problems.filter((p) => p.code === code).map((p) => p.severity);
const config = (dir: string, value: unknown) => writeFileSync(join(dir, 'memkit.config.json'), typeof value === 'string' ? value : JSON.stringify(value, null, 2));

describe('memkit check --profile', () => {
  it('strict turns a convention warning into an error (exit 1); spec keeps it a warning (exit 0)', async () => {
    const dir = example('check.manifest-absolute-path/fail');
    const spec = await check(dir);
    expect(severities(spec.report, 'check.manifest-absolute-path')).toEqual(['warning']);
    expect(spec.code).toBe(0);
    const strict = await check(dir, '--profile', 'strict');
    expect(severities(strict.report, 'check.manifest-absolute-path')).toEqual(['error']);
    expect(strict.code).toBe(1);
    expect(strict.report.ok).toBe(false);
  });

  it('a seed rule is an error in both profiles', async () => {
    const dir = example('ledger.predecessor-mismatch/fail');
    for (const profile of ['spec', 'strict']) expect(severities((await check(dir, '--profile', profile)).report, 'ledger.predecessor-mismatch')).toEqual(['error']);
  });

  it('an unknown profile is a usage error', async () => {
    const r = await runCli(['check', example('check.manifest-absolute-path/pass'), '--profile', 'lax']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--profile/);
  });

  it('the config profile applies, and --profile wins over it', async () => {
    const dir = example('check.manifest-absolute-path/fail');
    config(dir, { profile: 'strict' });
    expect((await check(dir)).code).toBe(1);
    expect((await check(dir, '--profile', 'spec')).code).toBe(0);
  });
});

describe('memkit.config.json', () => {
  it('rules: "off" drops a seed rule, "error" raises a convention, "warn" lowers an error', async () => {
    const chain = example('ledger.predecessor-mismatch/fail');
    config(chain, { rules: { 'ledger.predecessor-mismatch': 'off' } });
    expect(severities((await check(chain)).report, 'ledger.predecessor-mismatch')).toEqual([]);
    config(chain, { rules: { 'ledger.predecessor-mismatch': 'warn' } });
    const warned = await check(chain);
    expect(severities(warned.report, 'ledger.predecessor-mismatch')).toEqual(['warning']);
    const manifest = example('check.manifest-absolute-path/fail');
    config(manifest, { $schema: '../schemas/memkit-config.schema.json', rules: { 'check.manifest-absolute-path': 'error' } });
    const raised = await check(manifest);
    expect(severities(raised.report, 'check.manifest-absolute-path')).toEqual(['error']);
    expect(raised.code).toBe(1);
  });

  it('memoryBank.writers overrides the seed roster of a file', async () => {
    const denied = example('ledger.writer-denied/fail');
    expect(severities((await check(denied)).report, 'ledger.writer-denied')).toEqual(['error']);
    config(denied, { memoryBank: { writers: { 'productContext.md': ['ProductManager', 'Intern'] } } });
    expect(severities((await check(denied)).report, 'ledger.writer-denied')).toEqual([]);
    // The other way round: a roster without the seed's writer denies it.
    const allowed = example('ledger.writer-denied/pass');
    expect(severities((await check(allowed)).report, 'ledger.writer-denied')).toEqual([]);
    config(allowed, { memoryBank: { writers: { 'productContext.md': ['Planner'] } } });
    expect(severities((await check(allowed)).report, 'ledger.writer-denied')).toEqual(['error']);
  });

  it("--config FILE is used instead of the directory's own", async () => {
    const dir = example('ledger.writer-denied/fail');
    config(dir, { rules: { 'ledger.writer-denied': 'error' } });
    const t = tempDir();
    cleanups.push(t.done);
    const other = join(t.dir, 'team.json');
    writeFileSync(other, JSON.stringify({ memoryBank: { writers: { 'productContext.md': ['ProductManager', 'Intern'] } } }));
    expect(severities((await check(dir, '--config', other)).report, 'ledger.writer-denied')).toEqual([]);
  });

  it('memoryBank.lockedBy replaces ReaperOAK in the systemPatterns.md header', async () => {
    const t = tempDir();
    cleanups.push(t.done);
    const dir = join(t.dir, 'mem');
    cpSync(join(ROOT, 'examples', 'agent-memory', 'memory-bank'), join(dir, 'memory-bank'), { recursive: true });
    const sp = join(dir, 'memory-bank', 'systemPatterns.md');
    writeFileSync(sp, readFileSync(sp, 'utf8').replace('locked_by: ReaperOAK', 'locked_by: Architect'));
    const lockedProblems = (r: JsonReport) => r.problems.filter((p) => p.pointer?.endsWith('/locked_by'));
    expect(lockedProblems((await check(dir)).report).map((p) => p.severity)).toContain('error');
    config(dir, { memoryBank: { lockedBy: 'Architect' } });
    expect(lockedProblems((await check(dir)).report)).toEqual([]);
    config(dir, { memoryBank: { lockedBy: 'Someone' } });
    expect(lockedProblems((await check(dir)).report).map((p) => p.severity)).toEqual(['error']);
  });

  it('ignore globs leave paths out of the check; the config file itself is never reported', async () => {
    const dir = example('check.duplicate-doc-id/fail');
    expect(severities((await check(dir)).report, 'check.duplicate-doc-id')).toEqual(['error']);
    config(dir, { ignore: ['.thunderus/memory/procedural/**'] });
    const { report } = await check(dir);
    expect(severities(report, 'check.duplicate-doc-id')).toEqual([]);
    expect(report.checked.map((c) => c.file)).not.toContain('.thunderus/memory/procedural/PLAYBOOKS/release.md');
    expect(report.checked.map((c) => c.file)).not.toContain('memkit.config.json');
    expect(report.problems.filter((p) => p.file === 'memkit.config.json')).toEqual([]);
  });

  it.each([
    ['a syntax error', '{\n  "profile": "strict",\n  "rules": {,\n}\n', 3],
    ['a schema error', '{\n  "profile": "strict",\n  "rules": {},\n  "ignore": "*.tmp"\n}\n', 4],
    ['an unknown key', '{\n  "profile": "strict",\n  "colour": true\n}\n', 3],
    ['a bad severity', '{\n  "rules": {\n    "ledger.writer-denied": "fatal"\n  }\n}\n', 3],
    ['an unknown rule code', '{\n  "rules": {\n    "ledger.writer-denid": "off"\n  }\n}\n', 3],
    ['a duplicate key', '{\n  "profile": "spec",\n  "profile": "strict"\n}\n', 3],
  ])('%s is a usage error (exit 2) naming its line', async (_, text, line) => {
    const dir = example('ledger.writer-denied/pass');
    config(dir, text);
    const r = await runCli(['check', dir]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(new RegExp(`memkit\\.config\\.json:${line}(:\\d+)?: `));
    // The same file named with --config.
    const viaOption = await runCli(['check', example('ledger.writer-denied/pass'), '--config', join(dir, 'memkit.config.json')]);
    expect(viaOption.code).toBe(2);
    expect(viaOption.stderr).toMatch(new RegExp(`memkit\\.config\\.json:${line}(:\\d+)?: `));
  });

  it('a missing --config file is a usage error', async () => {
    const r = await runCli(['check', example('ledger.writer-denied/pass'), '--config', '/nonexistent/memkit.config.json']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/config/);
  });
});

describe('SARIF rules come from the rule table', () => {
  it('each rule carries its source, format and fix; results follow the profile', async () => {
    const dir = example('check.manifest-absolute-path/fail');
    const r = await runCli(['check', dir, '--format', 'sarif', '--profile', 'strict']);
    expect(r.code).toBe(1);
    const run = JSON.parse(r.stdout).runs[0];
    const rule = run.tool.driver.rules.find((x: { id: string }) => x.id === 'check.manifest-absolute-path');
    expect(rule.properties).toEqual({ source: 'convention', format: 'memory-manifest' });
    expect(rule.defaultConfiguration.level).toBe('warning');
    expect(rule.help.text).toMatch(/convention/);
    expect(run.results.find((x: { ruleId: string }) => x.ruleId === 'check.manifest-absolute-path').level).toBe('error');
    const chain = await runCli(['check', example('ledger.predecessor-mismatch/fail'), '--format', 'sarif']);
    const seedRule = JSON.parse(chain.stdout).runs[0].tool.driver.rules.find((x: { id: string }) => x.id === 'ledger.predecessor-mismatch');
    expect(seedRule.properties.source).toEqual({ spec: 'Memory Bank schema', quote: expect.stringContaining('predecessor_hash') });
    expect(seedRule.properties.format).toContain('decision-log');
  });
});

describe('reading the config file safely', () => {
  it("a symbolic link as the directory's config is a usage error; a device or FIFO is refused without hanging", { timeout: 30_000 }, async () => {
    const dir = example('ledger.writer-denied/pass');
    symlinkSync('/dev/zero', join(dir, 'memkit.config.json'));
    const r = await runCli(['check', dir]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/symbolic link/);
    const dev = await runCli(['check', dir, '--config', '/dev/zero']);
    expect(dev.code).toBe(2);
    expect(dev.stderr).toMatch(/not a regular file/);
    const fifo = join(example('ledger.writer-denied/pass'), 'memkit.config.json');
    execFileSync('mkfifo', [fifo]);
    const f = await runCli(['check', join(fifo, '..')]);
    expect(f.code).toBe(2);
    expect(f.stderr).toMatch(/not a regular file/);
  });
});
