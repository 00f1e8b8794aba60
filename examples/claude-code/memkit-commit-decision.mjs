#!/usr/bin/env node
// Claude Code PostToolUse hook (matcher "Bash"): after a Bash call that ran `git commit`, records the commit as
// one decision in memory-bank/decisionLog.md through `memkit append` (checked, chained, under the ledger's lock).
// The hook input arrives on stdin as JSON ({ "tool_name": "Bash", "tool_input": { "command": "…" }, "cwd": "…" }).
// Any other command is ignored (exit 0). A refused append exits 2, which Claude Code shows to the agent.
//
// Environment: CLAUDE_PROJECT_DIR (the memory directory; default the hook's cwd), MEMKIT_AGENT (the decision
// log's writer, default ReaperOAK), MEMKIT_LEDGER (default memory-bank/decisionLog.md).
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

let input = {};
try {
  input = JSON.parse(readFileSync(0, 'utf8') || '{}');
} catch {
  process.exit(0); // not a hook call
}
const command = String(input?.tool_input?.command ?? '');
if (!/(^|[;&|(\s])git(\s+-\S+(\s+\S+)?)*\s+commit\b/.test(command)) process.exit(0);

const dir = process.env.CLAUDE_PROJECT_DIR || input.cwd || process.cwd();
const git = (...args) => execFileSync('git', args, { cwd: dir, maxBuffer: 256 * 1024 * 1024 });
let sha;
try {
  sha = git('rev-parse', '--verify', 'HEAD').toString().trim();
} catch {
  process.exit(0); // the commit did not happen (no HEAD yet)
}
const subject = git('log', '-1', '--format=%s', sha).toString().trim();
// diff_hash: SHA-256 of the commit's patch as git prints it.
const diffHash = createHash('sha256')
  .update(git('show', '--format=', '--binary', '--no-color', sha))
  .digest('hex');
const ledger = process.env.MEMKIT_LEDGER || 'memory-bank/decisionLog.md';
const agent = process.env.MEMKIT_AGENT || 'ReaperOAK';
const entry = { proposer_agent: agent, rationale: `commit ${sha}: ${subject}`, diff_hash: diffHash, tests_passed: false };
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const run = spawnSync(npx, ['--no-install', 'memkit', 'append', ledger, '--as', agent, '--dir', dir], { cwd: dir, input: JSON.stringify(entry), encoding: 'utf8' });
process.stdout.write(run.stdout ?? '');
if (run.status !== 0) {
  process.stderr.write(`${run.stdout ?? ''}${run.stderr ?? ''}memkit refused to record commit ${sha} as a decision\n`);
  process.exit(2);
}
