import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { sha256Hex } from '../../src/kernel/canonical/sha256.js';
import { append } from '../../src/services/ledger/append.js';

/** The env every git call of the tests gets: no global or system config of the host. */
export const GIT_ENV: Record<string, string> = { GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1', GIT_TERMINAL_PROMPT: '0' };

/** Runs git in `cwd` with the tests' env; returns stdout (throws on a non-zero exit unless `allowFail`). */
export function git(cwd: string, args: string[], allowFail = false): { code: number; out: string } {
  try {
    const out = execFileSync('git', ['-c', 'user.name=memkit test', '-c', 'user.email=test@memkit.invalid', '-c', 'init.defaultBranch=main', '-c', 'commit.gpgsign=false', ...args], {
      cwd,
      env: { ...process.env, ...GIT_ENV },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return { code: 0, out };
  } catch (cause) {
    if (!allowFail) throw cause;
    const e = cause as { status?: number; stdout?: string; stderr?: string };
    return { code: e.status ?? 1, out: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

/** `git init` in `dir`. */
export function initRepo(dir: string): void {
  git(dir, ['init', '-q']);
}

/** Stages everything and commits; returns the commit id. */
export function commitAll(dir: string, message: string): string {
  git(dir, ['add', '-A']);
  git(dir, ['commit', '-q', '--allow-empty', '-m', message]);
  return git(dir, ['rev-parse', 'HEAD']).out.trim();
}

/** Writes files (relative paths) under `dir`. */
export function writeFiles(dir: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
}

export const DECISION_PREAMBLE = '# Decision log\n\n';
const HASH = 'a'.repeat(64);

/** A decisionLog.md built by `append` from rationales, entry i at minute i of 2026-02-20 (UTC), plus `shift` minutes from entry `from` on. */
export function decisionLog(rationales: readonly (string | { rationale: string; diff_hash: string })[], shift = 0, from = 0): string {
  const entries: unknown[] = [];
  let text = DECISION_PREAMBLE;
  rationales.forEach((r, i) => {
    const draft = typeof r === 'string' ? { rationale: r, diff_hash: HASH } : r;
    const a = append(entries, { proposer_agent: 'ReaperOAK', tests_passed: true, ...draft }, { format: 'decision-log', now: () => new Date(Date.UTC(2026, 1, 20, 0, i + (i >= from ? shift : 0))) });
    if (!a.ok) throw new Error(JSON.stringify(a.problems));
    entries.push(a.value.entry);
    text += `${a.value.line}\n`;
  });
  return text;
}

/** A systemPatterns.md whose header hash matches `body`. */
export function systemPatterns(body: string, version = '1.0.0'): string {
  return `---\nversion: ${version}\nhash: ${sha256Hex(body)}\nlocked_by: ReaperOAK\nimmutable: true\n---\n${body}`;
}

/** `rationale`'s draft for a decision backing a change of systemPatterns.md's body (diff_hash of the appended bytes). */
export function backing(rationale: string, appended: string): { rationale: string; diff_hash: string } {
  return { rationale, diff_hash: sha256Hex(appended) };
}
