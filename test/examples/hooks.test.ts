// The hooks users paste, run as they ship: examples/claude-code/settings.json's commands (and its commit hook
// script) and examples/git/pre-commit, in a temporary git repository holding the example memory, with the built
// CLI as `npx --no-install memkit` finds it. A hook that refuses exits non-zero and changes nothing.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../cli/helpers.js';
import { snapshotCli } from '../cli/write-built.js';

const EXAMPLES = join(ROOT, 'examples');
const settings = JSON.parse(readFileSync(join(EXAMPLES, 'claude-code', 'settings.json'), 'utf8')) as {
  hooks: Record<string, { matcher?: string; hooks: { type: string; command: string }[] }[]>;
};

/** The one command of the `event` hook whose matcher is `matcher` (none: the hook without a matcher). */
function hookCommand(event: string, matcher?: string): string {
  const group = settings.hooks[event]?.find((g) => g.matcher === matcher || (matcher !== undefined && g.matcher?.split('|').includes(matcher)));
  const command = group?.hooks.find((h) => h.type === 'command')?.command;
  if (command === undefined) throw new Error(`settings.json has no ${event} hook for ${matcher ?? 'every matcher'}`);
  return command;
}

let cli: ReturnType<typeof snapshotCli>;
beforeAll(() => {
  cli = snapshotCli();
});
afterAll(() => cli?.done());
const repos: string[] = [];
afterEach(() => {
  for (const r of repos.splice(0)) rmSync(r, { recursive: true, force: true });
});

/** A git repository holding examples/agent-memory, the commit hook script where the README puts it, and memkit in node_modules/.bin; one commit. */
function repository(): string {
  const dir = mkdtempSync(join(tmpdir(), 'memkit-hooks-'));
  repos.push(dir);
  cpSync(join(EXAMPLES, 'agent-memory'), dir, { recursive: true });
  mkdirSync(join(dir, '.claude', 'hooks'), { recursive: true });
  cpSync(join(EXAMPLES, 'claude-code', 'memkit-commit-decision.mjs'), join(dir, '.claude', 'hooks', 'memkit-commit-decision.mjs'));
  mkdirSync(join(dir, 'node_modules', '.bin'), { recursive: true });
  symlinkSync(cli.main, join(dir, 'node_modules', '.bin', 'memkit'));
  writeFileSync(join(dir, 'package.json'), '{ "name": "hooks-test", "private": true }\n');
  writeFileSync(join(dir, '.gitignore'), 'node_modules/\n');
  git(dir, 'init', '-q', '-b', 'main');
  git(dir, 'add', '.');
  git(dir, 'commit', '-q', '-m', 'memory');
  return dir;
}

const GIT_ENV = { GIT_AUTHOR_NAME: 'Test', GIT_AUTHOR_EMAIL: 'test@example.com', GIT_COMMITTER_NAME: 'Test', GIT_COMMITTER_EMAIL: 'test@example.com', GIT_CONFIG_NOSYSTEM: '1', HOME: tmpdir() };
const git = (dir: string, ...args: string[]) => execFileSync('git', args, { cwd: dir, env: { ...process.env, ...GIT_ENV }, encoding: 'utf8' });

/** Runs a hook command as Claude Code does: through the shell, the hook input on stdin, CLAUDE_PROJECT_DIR set. */
function hook(dir: string, command: string, input: Record<string, unknown>, env: Record<string, string> = {}) {
  const r = spawnSync('sh', ['-c', command], { cwd: dir, input: JSON.stringify({ cwd: dir, ...input }), encoding: 'utf8', env: { ...process.env, ...GIT_ENV, CLAUDE_PROJECT_DIR: dir, ...env } });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}

const read = (dir: string, path: string) => readFileSync(join(dir, path), 'utf8');
const LOG = 'memory-bank/decisionLog.md';
const STATE = 'memory-bank/workflow-state.json';
const lastEntry = (dir: string) => JSON.parse(read(dir, LOG).trimEnd().split('\n').pop()!) as Record<string, unknown>;
const memkit = (dir: string, ...args: string[]) => spawnSync(process.execPath, [cli.main, ...args], { cwd: dir, encoding: 'utf8' });
/** The decision log with the first entry's rationale rewritten: history edited, which check and the pre-commit hook refuse. */
const tamper = (dir: string) => writeFileSync(join(dir, LOG), read(dir, LOG).replace(/"rationale":"[^"]*"/, '"rationale":"rewritten later"'));

describe('examples/claude-code/settings.json', () => {
  it('SessionStart (startup): checks the memory, then starts a session; a broken ledger stops it with a non-zero exit', { timeout: 60_000 }, () => {
    const dir = repository();
    const started = hook(dir, hookCommand('SessionStart', 'startup'), { hook_event_name: 'SessionStart', source: 'startup' });
    expect(started.code, started.out).toBe(0);
    expect(JSON.parse(read(dir, STATE))).toMatchObject({ overall_status: 'active', current_phase: 'SPEC' });

    const resumed = hook(dir, hookCommand('SessionStart', 'resume'), { hook_event_name: 'SessionStart', source: 'resume' });
    expect(resumed.code, resumed.out).toBe(0);

    const broken = repository();
    tamper(broken);
    const state = read(broken, STATE);
    const refused = hook(broken, hookCommand('SessionStart', 'startup'), { hook_event_name: 'SessionStart', source: 'startup' });
    expect(refused.code).not.toBe(0);
    expect(refused.out).toContain('ledger.');
    expect(read(broken, STATE)).toBe(state);
  });

  it('PostToolUse (Bash): a git commit becomes one chained decision; other commands add nothing; a denied writer exits 2', { timeout: 60_000 }, () => {
    const dir = repository();
    const command = hookCommand('PostToolUse', 'Bash');
    writeFileSync(join(dir, 'NOTES.md'), '# Notes\n');
    git(dir, 'add', 'NOTES.md');
    git(dir, 'commit', '-q', '-m', 'add the notes');
    const sha = git(dir, 'rev-parse', 'HEAD').trim();

    const before = read(dir, LOG);
    const ignored = hook(dir, command, { hook_event_name: 'PostToolUse', tool_name: 'Bash', tool_input: { command: 'git status' } });
    expect(ignored.code, ignored.out).toBe(0);
    expect(read(dir, LOG)).toBe(before);

    const recorded = hook(dir, command, { hook_event_name: 'PostToolUse', tool_name: 'Bash', tool_input: { command: 'git add NOTES.md && git commit -m "add the notes"' } });
    expect(recorded.code, recorded.out).toBe(0);
    const decision = lastEntry(dir);
    expect(decision).toMatchObject({ proposer_agent: 'ReaperOAK', rationale: `commit ${sha}: add the notes`, tests_passed: false });
    const patch = execFileSync('git', ['show', '--format=', '--binary', '--no-color', sha], { cwd: dir });
    expect(decision.diff_hash).toBe(createHash('sha256').update(patch).digest('hex'));
    expect(read(dir, LOG).startsWith(before)).toBe(true);
    expect(memkit(dir, 'verify', LOG).status).toBe(0);

    const after = read(dir, LOG);
    const denied = hook(dir, command, { tool_name: 'Bash', tool_input: { command: 'git commit -m again' } }, { MEMKIT_AGENT: 'Intruder' });
    expect(denied.code).toBe(2);
    expect(denied.out).toContain('ledger.writer-denied');
    expect(read(dir, LOG)).toBe(after);
  });

  it('SessionEnd: compacts the active context into one decision and resets the state to idle; check stays clean', { timeout: 60_000 }, () => {
    const dir = repository();
    const ended = hook(dir, hookCommand('SessionEnd'), { hook_event_name: 'SessionEnd', reason: 'exit' });
    expect(ended.code, ended.out).toBe(0);
    expect(lastEntry(dir).compacts).toMatchObject({ ledger: 'activeContext.md', first: 1 });
    expect(JSON.parse(read(dir, STATE))).toMatchObject({ overall_status: 'idle', session_id: null });
    expect(memkit(dir, 'check', '.').status).toBe(0);
  });
});

describe('examples/git/pre-commit', () => {
  it('lets a commit of appended entries through and refuses one that rewrites a ledger entry (no commit made)', { timeout: 60_000 }, () => {
    const dir = repository();
    const hookPath = join(dir, '.git', 'hooks', 'pre-commit');
    cpSync(join(EXAMPLES, 'git', 'pre-commit'), hookPath);
    chmodSync(hookPath, 0o755);
    const entry = JSON.stringify({ proposer_agent: 'ReaperOAK', rationale: 'an appended decision', diff_hash: 'a'.repeat(64), tests_passed: true });
    const appended = spawnSync(process.execPath, [cli.main, 'append', LOG, '--as', 'ReaperOAK'], { cwd: dir, input: entry, encoding: 'utf8' });
    expect(appended.status, appended.stdout).toBe(0);
    git(dir, 'commit', '-q', '-am', 'append a decision');
    const head = git(dir, 'rev-parse', 'HEAD').trim();

    tamper(dir);
    const refused = spawnSync('git', ['commit', '-q', '-am', 'rewrite history'], { cwd: dir, encoding: 'utf8', env: { ...process.env, ...GIT_ENV } });
    expect(refused.status).not.toBe(0);
    expect(`${refused.stdout}${refused.stderr}`).toContain('ledger.');
    expect(git(dir, 'rev-parse', 'HEAD').trim()).toBe(head);
  });
});
