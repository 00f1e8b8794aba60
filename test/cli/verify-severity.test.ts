// `memkit verify` gives each problem the severity `memkit check` gives it: the rule table's
// conventions rated by the profile (`--profile`, else the config's, else `spec`) and the config's
// per-rule settings over them.
import { cpSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Problem } from '../../src/kernel/problems/index.js';
import { ROOT, runCli, tempDir } from './helpers.js';

const FEEDBACK = 'memory-bank/feedback-log.md';
const dirs: { done: () => void }[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) d.done();
});

function ruleExample(example: string): string {
  const t = tempDir();
  dirs.push(t);
  cpSync(join(ROOT, 'test', 'fixtures', 'rules', example), t.dir, { recursive: true });
  return t.dir;
}

const rated = (problems: Problem[]) => problems.map((p) => `${p.code}|${p.severity}|${p.line}`).sort();

async function verifyJson(dir: string, args: string[] = []): Promise<{ code: number; problems: Problem[]; stderr: string }> {
  const r = await runCli(['verify', FEEDBACK, '--format', 'json', ...args], { cwd: dir });
  return { code: r.code, problems: r.code === 2 ? [] : (JSON.parse(r.stdout) as { problems: Problem[] }).problems, stderr: r.stderr };
}

async function checkJson(dir: string, args: string[] = []): Promise<Problem[]> {
  const r = await runCli(['check', '.', '--format', 'json', ...args], { cwd: dir });
  return (JSON.parse(r.stdout) as { problems: Problem[] }).problems.filter((p) => p.file === FEEDBACK);
}

describe('memkit verify rates feedback-log conventions as memkit check does (they were errors in verify, warnings in check)', () => {
  it.each(['feedback-log.bad-heading', 'feedback-log.field-conflict', 'feedback-log.missing-block', 'feedback-log.unexpected-text'])(
    '%s: a warning under the default profile (exit 0), an error under --profile strict (exit 1), as in check',
    async (code) => {
      const dir = ruleExample(`${code}/fail`);
      const spec = await verifyJson(dir);
      expect(spec.code).toBe(0);
      expect(spec.problems.map((p) => p.code)).toContain(code);
      expect(spec.problems.every((p) => p.severity === 'warning')).toBe(true);
      expect(rated(spec.problems)).toEqual(rated(await checkJson(dir)));

      const strict = await verifyJson(dir, ['--profile', 'strict']);
      expect(strict.code).toBe(1);
      expect(strict.problems.find((p) => p.code === code)?.severity).toBe('error');
      expect(rated(strict.problems)).toEqual(rated(await checkJson(dir, ['--profile', 'strict'])));
    },
  );

  it("the working directory's config applies: its profile, its rules, and --profile over its profile", async () => {
    const dir = ruleExample('feedback-log.bad-heading/fail');
    writeFileSync(join(dir, 'memkit.config.json'), JSON.stringify({ profile: 'strict' }));
    expect((await verifyJson(dir)).code).toBe(1);
    expect((await verifyJson(dir, ['--profile', 'spec'])).code).toBe(0);
    writeFileSync(join(dir, 'memkit.config.json'), JSON.stringify({ profile: 'strict', rules: { 'feedback-log.bad-heading': 'off' } }));
    const off = await verifyJson(dir);
    expect(off.code).toBe(0);
    expect(off.problems).toEqual([]);
    expect(rated(off.problems)).toEqual(rated(await checkJson(dir)));
  });

  it('--config FILE is read instead; a config that cannot be used and an unknown profile are usage errors', async () => {
    const dir = ruleExample('feedback-log.bad-heading/fail');
    writeFileSync(join(dir, 'strict.json'), JSON.stringify({ profile: 'strict' }));
    expect((await verifyJson(dir, ['--config', 'strict.json'])).code).toBe(1);
    const lax = await verifyJson(dir, ['--profile', 'lax']);
    expect(lax.code).toBe(2);
    expect(lax.stderr).toContain('--profile must be spec or strict');
    writeFileSync(join(dir, 'memkit.config.json'), '{"profile": "lax"}');
    const bad = await verifyJson(dir);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('memkit.config.json');
  });
});
