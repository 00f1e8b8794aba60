// The CLI write commands (append, note, task): written and exit 0, refused with the problem and no byte changed
// (exit 1), a denied writer, usage errors (exit 2), and concurrent processes appending to one ledger.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { verifyText } from '../../src/services/ledger/index.js';
import { ROOT, copyExample, readTree, runCli } from './helpers.js';

const run = promisify(execFile);
const copies: { done: () => void }[] = [];
const example = () => {
  const c = copyExample('agent-memory');
  copies.push(c);
  return c.dir;
};
afterEach(() => {
  for (const c of copies.splice(0)) c.done();
});

const decision = (rationale: string, extra: Record<string, unknown> = {}) => JSON.stringify({ proposer_agent: 'ReaperOAK', rationale, diff_hash: 'd'.repeat(64), tests_passed: true, ...extra });
const ledgerLines = (dir: string) => readFileSync(join(dir, 'memory-bank', 'decisionLog.md'), 'utf8');

describe('memkit append', () => {
  it('appends a decision read from stdin with id, ts and chain, and prints the entry, its hash and the checkpoint', async () => {
    const dir = example();
    const before = ledgerLines(dir);
    const r = await runCli(['append', 'memory-bank/decisionLog.md', '--as', 'ReaperOAK', '--format', 'json'], { cwd: dir, stdin: decision('append from a hook') });
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { ok: boolean; entry: Record<string, unknown>; hash: string; checkpoint: { size: number } };
    expect(out.ok).toBe(true);
    expect(out.entry.rationale).toBe('append from a hook');
    expect(out.entry.id).toMatch(/^DEC-\d{8}-\d{3}$/);
    const after = ledgerLines(dir);
    expect(after.startsWith(before)).toBe(true);
    expect(verifyText(after, { format: 'decision-log' }).problems).toEqual([]);
    expect(out.checkpoint.size).toBe(verifyText(after, { format: 'decision-log', checkpointAll: true }).entries);
  });

  it('refuses an entry that would not check clean: exit 1, the problem code, the ledger unchanged', async () => {
    const dir = example();
    const before = readTree(dir);
    const r = await runCli(['append', 'memory-bank/decisionLog.md', '--format', 'json'], { cwd: dir, stdin: decision('bad', { diff_hash: 'nope' }) });
    expect(r.code).toBe(1);
    expect((JSON.parse(r.stdout) as { problems: { code: string }[] }).problems.map((p) => p.code)).toContain('schema.pattern');
    expect(readTree(dir)).toEqual(before);
  });

  it('refuses a writer the policy denies with ledger.writer-denied, nothing written', async () => {
    const dir = example();
    const before = readTree(dir);
    const entry = JSON.stringify({ summary: 'a vision', payload_hash: 'e'.repeat(64), payload_loc: 'payloads/product-vision.json' });
    const r = await runCli(['append', 'memory-bank/productContext.md', '--as', 'Intruder', '--format', 'json'], { cwd: dir, stdin: entry });
    expect(r.code).toBe(1);
    expect((JSON.parse(r.stdout) as { problems: { code: string }[] }).problems.map((p) => p.code)).toContain('ledger.writer-denied');
    expect(readTree(dir)).toEqual(before);
  });

  it('is a usage error without one JSON object on stdin, or for a file outside --dir', async () => {
    const dir = example();
    expect((await runCli(['append', 'memory-bank/decisionLog.md'], { cwd: dir, stdin: 'not json' })).code).toBe(2);
    expect((await runCli(['append', 'memory-bank/decisionLog.md'], { cwd: dir, stdin: '[1]' })).code).toBe(2);
    expect((await runCli(['append', '../elsewhere/decisionLog.md', '--dir', '.'], { cwd: dir, stdin: decision('x') })).code).toBe(2);
  });

  it('4 processes × 10 appends to one ledger: every entry once, the chain valid', async () => {
    const main = join(ROOT, 'dist', 'cli', 'main.js');
    expect(existsSync(main), 'dist/cli/main.js: run npm run build first (npm test does)').toBe(true);
    const dir = example();
    const before = verifyText(ledgerLines(dir), { format: 'decision-log' }).entries;
    const writer = async (w: number) => {
      for (let i = 0; i < 10; i++) {
        const child = run(process.execPath, [main, 'append', 'memory-bank/decisionLog.md', '--as', 'ReaperOAK'], { cwd: dir });
        child.child.stdin?.end(decision(`writer ${w} entry ${i}`));
        await child;
      }
    };
    await Promise.all([0, 1, 2, 3].map(writer));
    const text = ledgerLines(dir);
    const report = verifyText(text, { format: 'decision-log' });
    expect(report.problems).toEqual([]);
    expect(report.entries).toBe(before + 40);
    const rationales = text
      .split('\n')
      .filter((l) => l.includes('"writer '))
      .map((l) => (JSON.parse(l) as { rationale: string }).rationale);
    expect(new Set(rationales).size).toBe(40);
  }, 120_000);
});

describe('memkit note', () => {
  it('creates a doc with the body from stdin, then updates its title keeping the rest', async () => {
    const dir = example();
    const created = await runCli(['note', '.', '--id', 'fact.cli-note', '--kind', 'fact', '--title', 'From the CLI', '--tag', 'cli'], {
      cwd: dir,
      stdin: '# From the CLI\n\nWritten by memkit note.\n',
    });
    expect(created.code, created.stdout).toBe(0);
    const path = join(dir, '.thunderus', 'memory', 'semantic', 'FACTS', 'fact.cli-note.md');
    const first = readFileSync(path, 'utf8');
    expect(first).toContain('Written by memkit note.');
    const updated = await runCli(['note', '.', '--id', 'fact.cli-note', '--title', 'Renamed'], { cwd: dir });
    expect(updated.code, updated.stdout).toBe(0);
    const second = readFileSync(path, 'utf8');
    expect(second).toContain('title: Renamed');
    expect(second).toContain('Written by memkit note.');
    expect((await runCli(['check', '.'], { cwd: dir })).code).toBe(0);
  });

  it('refuses a path outside the docs (exit 1) and an unknown kind (exit 2)', async () => {
    const dir = example();
    const before = readTree(dir);
    const outside = await runCli(['note', '.', '--id', 'fact.out', '--kind', 'fact', '--title', 'Out', '--path', 'notes/out.md', '--format', 'json'], { cwd: dir });
    expect(outside.code).toBe(1);
    expect((JSON.parse(outside.stdout) as { problems: { code: string }[] }).problems[0]?.code).toBe('memory.bad-path');
    expect((await runCli(['note', '.', '--id', 'fact.x', '--kind', 'nonsense', '--title', 'X'], { cwd: dir })).code).toBe(2);
    expect(readTree(dir)).toEqual(before);
  });
});

describe('memkit task', () => {
  it('sets a leaf task done with the roll-up, and refuses to set a parent', async () => {
    const dir = example();
    const index = () => JSON.parse(readFileSync(join(dir, '.claude', 'memory', 'task-index.json'), 'utf8')) as { tasks: { id: string; status: string; children: string[] }[] };
    const leaf = index().tasks.find((t) => t.children.length === 0 && t.status !== 'done')!;
    const set = await runCli(['task', '.', leaf.id, '--status', 'done', '--format', 'json'], { cwd: dir });
    expect(set.code, set.stdout).toBe(0);
    expect(index().tasks.find((t) => t.id === leaf.id)?.status).toBe('done');
    const before = readTree(dir);
    const parent = index().tasks.find((t) => t.children.length > 0)!;
    const refused = await runCli(['task', '.', parent.id, '--status', 'pending', '--format', 'json'], { cwd: dir });
    expect(refused.code).toBe(1);
    expect((JSON.parse(refused.stdout) as { problems: { code: string }[] }).problems[0]?.code).toBe('memory.status-derived');
    expect(readTree(dir)).toEqual(before);
    expect((await runCli(['task', '.', leaf.id, '--status', 'finished'], { cwd: dir })).code).toBe(2);
  });
});

describe('memkit compact and memkit session', () => {
  it('ends a session with the compaction and an idle state, then starts a fresh one; check stays clean', async () => {
    const dir = example();
    const state = () => JSON.parse(readFileSync(join(dir, 'memory-bank', 'workflow-state.json'), 'utf8')) as Record<string, unknown>;
    const ended = await runCli(['session', 'end', '.', '--format', 'json'], { cwd: dir });
    expect(ended.code, ended.stdout).toBe(0);
    const out = JSON.parse(ended.stdout) as { compaction: { first: number; count: number; decision: { entry: { compacts: unknown } } } };
    expect(out.compaction.first).toBe(1);
    expect(out.compaction.count).toBeGreaterThan(0);
    expect(out.compaction.decision.entry.compacts).toMatchObject({ ledger: 'activeContext.md', first: 1 });
    expect(state()).toMatchObject({ session_id: null, started_at: null, current_phase: null, overall_status: 'idle' });
    expect((await runCli(['check', '.'], { cwd: dir })).code).toBe(0);
    // Nothing new to compact: exit 0, nothing appended.
    const log = ledgerLines(dir);
    const again = await runCli(['compact', '.'], { cwd: dir });
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('nothing to compact');
    expect(ledgerLines(dir)).toBe(log);
    const started = await runCli(['session', 'start', '.'], { cwd: dir });
    expect(started.code, started.stdout).toBe(0);
    expect(state()).toMatchObject({ overall_status: 'active', current_phase: 'SPEC', fix_loop_count: 0, blockers: [] });
    expect(String(state().session_id)).toMatch(/^SESSION-\d{8}-\d{6}$/);
    expect((await runCli(['check', '.'], { cwd: dir })).code).toBe(0);
  });

  it('refuses a session change by an agent the policy denies, nothing written; a bad action is a usage error', async () => {
    const dir = example();
    const before = readTree(dir);
    const denied = await runCli(['session', 'start', '.', '--as', 'Intruder', '--format', 'json'], { cwd: dir });
    expect(denied.code).toBe(1);
    expect((JSON.parse(denied.stdout) as { problems: { code: string }[] }).problems.map((p) => p.code)).toContain('ledger.writer-denied');
    const compactDenied = await runCli(['compact', '.', '--as', 'Intruder'], { cwd: dir });
    expect(compactDenied.code).toBe(1);
    expect(readTree(dir)).toEqual(before);
    expect((await runCli(['session', 'pause', '.'], { cwd: dir })).code).toBe(2);
  });
});
