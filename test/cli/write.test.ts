// The CLI write commands (append, note, task, compact, session): written and exit 0, refused with the problem and
// no byte changed (exit 1), a denied writer, usage errors (exit 2). Concurrent processes: write-concurrency.test.ts.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compactionRoot } from '../../src/formats/memory-bank/compaction.js';
import { parseLedgerText } from '../../src/formats/memory-bank/ledger-text.js';
import { canonicalize } from '../../src/kernel/canonical/jcs.js';
import { jsHasher, sha256Hex } from '../../src/kernel/canonical/index.js';
import { append, verifyText } from '../../src/services/ledger/index.js';
import { readTree, runCli } from './helpers.js';
import { exampleCopies } from './example-copies.js';

const example = exampleCopies();

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

  it('computes payload_hash from payload_loc, and refuses a payload_loc naming no file (exit 1, nothing written)', async () => {
    const dir = example();
    writeFileSync(join(dir, 'memory-bank', 'payloads', 'vision-v2.json'), '{"vision": "v2"}\n');
    const entry = (loc: string) => JSON.stringify({ summary: 'Product vision v2', payload_loc: loc });
    const r = await runCli(['append', 'memory-bank/productContext.md', '--as', 'ProductManager', '--format', 'json'], { cwd: dir, stdin: entry('payloads/vision-v2.json') });
    expect(r.code, r.stdout).toBe(0);
    expect((JSON.parse(r.stdout) as { entry: { payload_hash: string } }).entry.payload_hash).toBe(sha256Hex(canonicalize({ vision: 'v2' }), jsHasher));
    expect((await runCli(['verify', 'memory-bank/productContext.md'], { cwd: dir })).code).toBe(0);
    const before = readTree(dir);
    const missing = await runCli(['append', 'memory-bank/productContext.md', '--as', 'ProductManager', '--format', 'json'], { cwd: dir, stdin: entry('payloads/gone.json') });
    expect(missing.code).toBe(1);
    expect((JSON.parse(missing.stdout) as { problems: { code: string }[] }).problems[0]?.code).toBe('memory.payload-not-found');
    const outside = await runCli(['append', 'memory-bank/productContext.md', '--as', 'ProductManager', '--format', 'json'], { cwd: dir, stdin: entry('../../../etc/passwd') });
    expect(outside.code).toBe(1);
    expect((JSON.parse(outside.stdout) as { problems: { code: string }[] }).problems[0]?.code).toBe('memory.payload-outside');
    expect(readTree(dir)).toEqual(before);
  });
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

describe('memkit note under the gardener config', () => {
  it('refuses a second core doc (max_docs_per_kind) and a recap without a required section: exit 1, the code, nothing written', async () => {
    const dir = example();
    const before = readTree(dir);
    const core = await runCli(['note', '.', '--id', 'core.second', '--kind', 'core', '--title', 'Second core', '--format', 'json'], { cwd: dir, stdin: '# Second\n\nAnother identity.\n' });
    expect(core.code).toBe(1);
    expect((JSON.parse(core.stdout) as { problems: { code: string }[] }).problems.map((p) => p.code)).toContain('check.gardener-too-many-docs');
    const recap = await runCli(['note', '.', '--id', 'recap.2026-12-02', '--kind', 'recap', '--title', 'Recap', '--format', 'json'], {
      cwd: dir,
      stdin: '# Recap\n\n## Summary\n\nDone.\n\n## Provenance\n\n- evt_0001\n',
    });
    expect(recap.code).toBe(1);
    expect((JSON.parse(recap.stdout) as { problems: { code: string }[] }).problems.map((p) => p.code)).toContain('check.gardener-recap-section-missing');
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

  it('--deliverables-exist records whether the deliverables exist, warning on each missing one', async () => {
    const dir = example();
    const entity = join(dir, '.claude', 'memory', 'tasks', '1.2.1.json');
    const results = () => (JSON.parse(readFileSync(entity, 'utf8')) as { validationResults?: { deliverablesExist?: boolean } }).validationResults;
    const missing = await runCli(['task', '.', '1.2.1', '--deliverables-exist', '--format', 'json'], { cwd: dir });
    expect(missing.code, missing.stdout).toBe(0);
    const problems = (JSON.parse(missing.stdout) as { problems: { code: string; severity: string; pointer?: string }[] }).problems;
    expect(problems).toContainEqual(expect.objectContaining({ code: 'wbs.deliverable-missing', severity: 'warning', pointer: '/deliverables/0' }));
    expect(results()?.deliverablesExist).toBe(false);
    mkdirSync(join(dir, 'src', 'ui'), { recursive: true });
    writeFileSync(join(dir, 'src', 'ui', 'SearchBox.tsx'), 'export {};\n');
    const present = await runCli(['task', '.', '1.2.1', '--deliverables-exist', '--format', 'json'], { cwd: dir });
    expect(present.code, present.stdout).toBe(0);
    expect(results()?.deliverablesExist).toBe(true);
    expect((JSON.parse(present.stdout) as { problems: { code: string }[] }).problems.map((p) => p.code)).not.toContain('wbs.deliverable-missing');
    expect((await runCli(['check', '.'], { cwd: dir })).code).toBe(0);
    // A path out of the directory is never looked up, and counts as missing.
    const task = JSON.parse(readFileSync(entity, 'utf8')) as Record<string, unknown>;
    writeFileSync(entity, `${JSON.stringify({ ...task, deliverables: ['../outside.txt'] }, null, 2)}\n`);
    writeFileSync(join(dir, '..', 'outside.txt'), 'x\n');
    expect((await runCli(['task', '.', '1.2.1', '--deliverables-exist'], { cwd: dir })).code).toBe(0);
    expect(results()?.deliverablesExist).toBe(false);
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

  it('compact: one decision whose recorded hashes verify against the active context; a forged active-context entry afterwards fails check', async () => {
    const dir = example();
    const activePath = join(dir, 'memory-bank', 'activeContext.md');
    const active = parseLedgerText(readFileSync(activePath, 'utf8'));
    const r = await runCli(['compact', '.', '--format', 'json'], { cwd: dir });
    expect(r.code, r.stdout).toBe(0);
    const decision = (JSON.parse(r.stdout) as { decision: { entry: Record<string, unknown> } }).decision.entry;
    expect(decision.compacts).toEqual({ ledger: 'activeContext.md', first: 1, count: active.entries.length });
    expect(decision.diff_hash).toBe(compactionRoot(active.entries.map((e) => e.value)));
    expect((await runCli(['check', '.'], { cwd: dir })).code).toBe(0);
    // One summary rewritten and every predecessor_hash recomputed: the chain verifies, the compaction does not.
    let entries: unknown[] = [];
    for (const [i, e] of active.entries.entries()) {
      const { predecessor_hash: _p, ...draft } = e.value as Record<string, unknown>;
      if (i === 0) draft.summary_128 = 'Something that did not happen.';
      const next = append(entries, draft as never, { format: 'active-context', now: () => new Date(String(draft.ts)) });
      if (!next.ok) throw new Error(JSON.stringify(next.problems));
      entries = [...entries, next.value.entry];
    }
    writeFileSync(activePath, active.preamble + entries.map((e) => `${JSON.stringify(e)}\n`).join(''));
    expect((await runCli(['verify', 'memory-bank/activeContext.md'], { cwd: dir })).code).toBe(0);
    const checked = await runCli(['check', '.', '--format', 'json'], { cwd: dir });
    expect(checked.code).toBe(1);
    expect((JSON.parse(checked.stdout) as { problems: { code: string }[] }).problems.map((p) => p.code)).toContain('ledger.compaction-mismatch');
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
