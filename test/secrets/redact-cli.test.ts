// memkit redact on a copy of the example memory: the secret goes, verify and an earlier checkpoint still pass,
// --base accepts the redaction and nothing else, and a file git tracks gets the history advice.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { nodeMemoryOptions } from '../../src/adapters/node/open-memory.js';
import { openMemory } from '../../src/handle/index.js';
import { findSecrets } from '../../src/kernel/secrets/index.js';
import { copyExample, readTree, runCli } from '../cli/helpers.js';

const TOKEN = 'ghp_aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5';
const FINGERPRINT = findSecrets(TOKEN)[0]!.fingerprint;
const LOG = 'memory-bank/decisionLog.md';

const open: { done(): void }[] = [];
afterEach(() => {
  for (const x of open.splice(0)) x.done();
});

const git = (dir: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', '-c', 'commit.gpgsign=false', ...args], { cwd: dir, stdio: 'pipe' }).toString();

/** A copy of the example memory whose decision log holds a token on its last line (stored as a write allowing it), committed to git. */
async function leaked(): Promise<{ dir: string; line: number }> {
  const ex = copyExample('agent-memory');
  open.push(ex);
  const memory = openMemory({ ...nodeMemoryOptions(ex.dir), allowSecrets: [FINGERPRINT] });
  const r = await memory.append(LOG, { proposer_agent: 'ReaperOAK', rationale: `deploy with ${TOKEN}`, diff_hash: 'a'.repeat(64), tests_passed: true });
  expect(r.ok).toBe(true);
  const lines = readFileSync(join(ex.dir, LOG), 'utf8').split('\n');
  git(ex.dir, 'init', '-q');
  git(ex.dir, 'add', '-A');
  git(ex.dir, 'commit', '-q', '-m', 'memory');
  return { dir: ex.dir, line: lines.length - 1 };
}

describe('memkit redact', () => {
  it('removes the secret, keeps verify and an earlier checkpoint passing, and advises on git history', async () => {
    const { dir, line } = await leaked();
    const file = join(dir, LOG);
    const check = await runCli(['check', dir, '--format', 'json']);
    const found = (JSON.parse(check.stdout) as { problems: { code: string; line: number }[] }).problems.filter((p) => p.code === 'secret.detected');
    expect(found.map((p) => p.line)).toEqual([line]);
    const cp = await runCli(['checkpoint', file, '--origin', 'example/decisionLog']);
    expect(cp.code).toBe(0);
    writeFileSync(join(dir, '..', 'old.checkpoint'), cp.stdout);
    const r = await runCli(['redact', file, '--line', String(line), '--reason', 'a token was pasted', '--as', 'ReaperOAK']);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toContain('tracked by git');
    expect(r.stdout).toContain('git filter-repo');
    const after = readFileSync(file, 'utf8');
    expect(after).not.toContain(TOKEN);
    expect((await runCli(['verify', file])).code).toBe(0);
    expect((await runCli(['verify', file, '--checkpoint', join(dir, '..', 'old.checkpoint')])).code).toBe(0);
    const clean = await runCli(['check', dir, '--format', 'json']);
    expect(clean.code, clean.stdout).toBe(0);
    // --base accepts the redaction (an entry become its tombstone, plus the record appended)...
    const base = await runCli(['check', dir, '--base', 'HEAD', '--format', 'json']);
    expect(base.code, base.stdout).toBe(0);
    // ...and still reports any other edit.
    writeFileSync(file, after.replace('"tests_passed":true', '"tests_passed":false'));
    const edited = await runCli(['check', dir, '--base', 'HEAD', '--format', 'json']);
    expect((JSON.parse(edited.stdout) as { problems: { code: string }[] }).problems.map((p) => p.code)).toContain('ledger.entry-edited');
  });

  it('refuses a writer the policy does not allow, a line with no entry, and bad flags, changing nothing', async () => {
    const { dir, line } = await leaked();
    const file = join(dir, LOG);
    const before = readTree(dir);
    const denied = await runCli(['redact', file, '--line', String(line), '--reason', 'r', '--as', 'Backend', '--format', 'json']);
    expect(denied.code).toBe(1);
    expect(denied.stdout).toContain('ledger.writer-denied');
    const noEntry = await runCli(['redact', file, '--line', '1', '--reason', 'r', '--as', 'ReaperOAK', '--format', 'json']);
    expect(noEntry.code).toBe(1);
    expect(noEntry.stdout).toContain('ledger.redact-refused');
    const leaky = await runCli(['redact', file, '--line', String(line), '--reason', `was ${TOKEN}`, '--as', 'ReaperOAK', '--format', 'json']);
    expect(leaky.code).toBe(1);
    expect(leaky.stdout).toContain('secret.detected');
    expect(leaky.stdout).not.toContain(TOKEN);
    expect((await runCli(['redact', file, '--line', 'x', '--reason', 'r', '--as', 'ReaperOAK'])).code).toBe(2);
    expect((await runCli(['redact', file, '--line', '3', '--as', 'ReaperOAK'])).code).toBe(2);
    expect((await runCli(['redact', file, '--line', '3', '--reason', 'r', '--as', 'ReaperOAK', '--allow-secret', TOKEN])).code).toBe(2);
    expect(readTree(dir)).toEqual(before);
  });
});
