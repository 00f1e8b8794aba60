// #25.7: a crash during `wbs repair --apply` left up to thousands of stray `*.json.tmp` files, or a
// half-applied plan (index updated, task files not). Now the write is journaled: a child process
// applying a plan is killed (a real SIGKILL) after step k of N, for every k; the next `wbs` command
// then finds the old state or the new one, never a mix, and no temp file of memkit's.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { nodeFiles } from '../../src/adapters/node/index.js';
import { JOURNAL_FILE, applyPlan, completeJournal, loadWbs, repairPlan } from '../../src/services/wbs/index.js';
import { ROOT, runCli } from '../cli/helpers.js';

const base = mkdtempSync(join(tmpdir(), 'memkit-wbs-crash-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

const N_FEATURES = 5;
const entry = (id: string, status: string, children: string[] = []) => ({
  id,
  type: id.includes('.') ? 'feature' : 'epic',
  status,
  parent: id.includes('.') ? '1' : null,
  children,
  dependencies: [],
});

/** A memory whose repair replaces the index and tasks/1.json (roll-up) and creates four missing entity files. */
function seed(dir: string): void {
  const mem = join(dir, '.claude', 'memory');
  mkdirSync(join(mem, 'tasks'), { recursive: true });
  const kids = Array.from({ length: N_FEATURES }, (_, i) => `1.${i + 1}`);
  const index = { version: '1.0.0', tasks: [entry('1', 'pending', kids), ...kids.map((k) => entry(k, 'done'))] };
  writeFileSync(join(mem, 'task-index.json'), JSON.stringify(index, null, 2) + '\n');
  for (const t of index.tasks.slice(0, 2)) writeFileSync(join(mem, 'tasks', `${t.id}.json`), JSON.stringify(t, null, 2) + '\n');
  writeFileSync(join(mem, 'notes.md'), 'a user file\n');
  writeFileSync(join(mem, 'tasks', '1.2.json.tmp'), 'a user file that looks like an old temp\n');
}

/** Every file under .claude/memory: relative path → content. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const mem = join(dir, '.claude', 'memory');
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const full = join(d, e.name);
      if (e.isDirectory()) walk(full);
      else out[relative(mem, full)] = readFileSync(full, 'utf8');
    }
  };
  walk(mem);
  return out;
}

// The child applies the repair plan and SIGKILLs itself right after step `kill` number `k`. Step
// `port-rename` is inside the port's own atomic write of the k-th staged temp: its temp is fsynced
// but not yet renamed.
const CHILD = join(base, 'child.mts');
writeFileSync(
  CHILD,
  `import { nodeFs } from ${JSON.stringify(join(ROOT, 'src/adapters/node/atomic-write.ts'))};
import { nodeFiles } from ${JSON.stringify(join(ROOT, 'src/adapters/node/fs-port.ts'))};
import { applyPlan, loadWbs, repairPlan } from ${JSON.stringify(join(ROOT, 'src/services/wbs/index.ts'))};
const [dir, kill, k] = process.argv.slice(2);
const die = () => process.kill(process.pid, 'SIGKILL');
let portRenames = 0;
const fs = { ...nodeFs, rename: async (a, b) => { if (kill === 'port-rename' && b.includes('.wbs-tmp') && ++portRenames === Number(k)) die(); return nodeFs.rename(a, b); } };
const files = nodeFiles(dir, { extensions: null, fs });
const loaded = await loadWbs(files);
const plan = repairPlan(loaded.index, loaded.tasks);
await applyPlan(plan, files, { onStep: (s, n) => { if (s === kill && n === Number(k)) die(); } });
process.exit(3); // not killed: the step never came
`,
);

function runChild(dir: string, kill: string, k: number): Promise<NodeJS.Signals | number | null> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, dir, kill, String(k)], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('exit', (code, signal) => resolve(signal ?? code));
  });
}

let n = 0;
const fresh = () => {
  const dir = join(base, `m${n++}`);
  seed(dir);
  return dir;
};

/** The state before and after the plan, made without a crash. */
async function states(): Promise<{ before: Record<string, string>; after: Record<string, string>; files: number }> {
  const dir = fresh();
  const before = snapshot(dir);
  const files = nodeFiles(dir, { extensions: null });
  const loaded = await loadWbs(files);
  const plan = repairPlan(loaded.index, loaded.tasks);
  const r = await applyPlan(plan, files);
  expect(r.ok && r.value.problems).toEqual([]);
  return { before, after: snapshot(dir), files: plan.patches.length };
}

describe('wbs repair --apply killed at every write step', () => {
  it('crash cases: old or new state, no stray temps, check reports the pending journal', { timeout: 300_000 }, async () => {
    const { before, after, files: N } = await states();
    expect(N).toBe(2 + N_FEATURES - 1); // index, tasks/1.json, four created entity files
    // [step, k, the state the next command must leave]
    const cases: [string, number, 'old' | 'new'][] = [['journal-written', 0, 'old']];
    for (let k = 1; k <= N; k++) cases.push(['port-rename', k, 'old'], ['staged', k, k === N ? 'new' : 'old']);
    for (let k = 1; k <= N; k++) cases.push(['renamed', k, 'new']);
    cases.push(['journal-removed', 0, 'new']);
    const results = await Promise.all(
      cases.map(async ([step, k, want]) => {
        const dir = fresh();
        const signal = await runChild(dir, step, k);
        return { step, k, want, dir, signal, crashed: snapshot(dir) };
      }),
    );
    for (const { step, k, want, dir, signal, crashed } of results) {
      const at = `${step} ${k}`;
      expect(signal, at).toBe('SIGKILL');
      const pending = existsSync(join(dir, '.claude', 'memory', JOURNAL_FILE));
      expect(pending, at).toBe(step !== 'journal-removed');
      // check only reports
      const check = await runCli(['check', dir, '--format', 'json']);
      const codes = (JSON.parse(check.stdout) as { problems: { code: string; severity: string }[] }).problems.filter((p) => p.code === 'wbs.pending-journal');
      expect(
        codes.map((p) => p.severity),
        at,
      ).toEqual(pending ? ['warning'] : []);
      expect(snapshot(dir), at).toEqual(crashed);
      // the next wbs command completes or undoes the write
      const next = await runCli(['wbs', 'ready', dir, '--format', 'json']);
      expect(next.code, `${at}: ${next.stderr}`).toBe(0);
      expect(snapshot(dir), at).toEqual(want === 'old' ? before : after);
    }
  });

  it('a forged journal naming a user file is refused and nothing is touched', { timeout: 60_000 }, async () => {
    const dir = fresh();
    const mem = join(dir, '.claude', 'memory');
    const token = 'ab'.repeat(16);
    const journal = { memkit: 'wbs-journal', version: 1, token, files: [{ file: 'task-index.json', temp: 'notes.md', before: null, after: '0'.repeat(64) }] };
    writeFileSync(join(mem, JOURNAL_FILE), JSON.stringify(journal));
    const was = snapshot(dir);
    const r = await runCli(['wbs', 'ready', dir, '--format', 'json']);
    expect(r.code).toBe(1);
    expect((JSON.parse(r.stdout) as { problems: { code: string }[] }).problems.map((p) => p.code)).toEqual(['wbs.journal-invalid']);
    expect(snapshot(dir)).toEqual(was);
  });

  it('a file changed after the crash: the journal is kept and the conflict reported, nothing overwritten', { timeout: 60_000 }, async () => {
    const dir = fresh();
    expect(await runChild(dir, 'renamed', 1)).toBe('SIGKILL');
    const other = join(dir, '.claude', 'memory', 'tasks', '1.json');
    writeFileSync(other, '{"id":"1","type":"epic","status":"pending","edited":true}\n');
    const was = snapshot(dir);
    const r = await runCli(['wbs', 'ready', dir, '--format', 'json']);
    expect((JSON.parse(r.stdout) as { problems: { code: string }[] }).problems.map((p) => p.code)).toEqual(['wbs.journal-conflict']);
    expect(snapshot(dir)).toEqual(was);
  });

  it('applyPlan completes a pending journal itself before applying', { timeout: 60_000 }, async () => {
    const dir = fresh();
    expect(await runChild(dir, 'staged', 1)).toBe('SIGKILL');
    const files = nodeFiles(dir, { extensions: null });
    const loaded = await loadWbs(files);
    const r = await applyPlan(repairPlan(loaded.index, loaded.tasks), files);
    expect(r.ok && r.value.recovered.action).toBe('rolled-back');
    expect(existsSync(join(dir, '.claude', 'memory', JOURNAL_FILE))).toBe(false);
    expect(Object.keys(snapshot(dir)).filter((f) => f.includes('wbs-tmp') || f.includes('memkit-tmp'))).toEqual([]);
  });
});

describe('a port that dies mid-plan, at scale (in process)', () => {
  it('3,000 files: after the port stops at any operation, completing the journal leaves the old or the new state and no temp', { timeout: 120_000 }, async () => {
    const { memoryFiles } = await import('../../src/kernel/file-port.js');
    const M = 3000;
    const kids = Array.from({ length: M }, (_, i) => `1.${i + 1}`);
    const index = { version: '1.0.0', tasks: [entry('1', 'pending', kids), ...kids.map((k) => entry(k, 'done'))] };
    const initial: Record<string, string> = { '.claude/memory/task-index.json': JSON.stringify(index, null, 2) + '\n', '.claude/memory/tasks/1.json': JSON.stringify(index.tasks[0], null, 2) + '\n' };
    const loaded = await loadWbs(memoryFiles(initial));
    const plan = repairPlan(loaded.index, loaded.tasks);
    expect(plan.patches.length).toBe(M + 2);
    const good = memoryFiles(initial);
    expect((await applyPlan(plan, good)).ok).toBe(true);
    const after = good.snapshot();
    const before = memoryFiles(initial).snapshot();
    // A port that works for `limit` operations, then fails every call: a crash as the disk sees it.
    const dying = (inner: ReturnType<typeof memoryFiles>, limit: number) => {
      let ops = 0;
      const gate =
        <A extends unknown[], R>(f: (...a: A) => Promise<R>) =>
        async (...a: A): Promise<R> => {
          if (++ops > limit) throw new Error('process died');
          return f(...a);
        };
      return { port: { read: gate(inner.read), write: gate(inner.write), rename: gate(inner.rename), remove: gate(inner.remove), list: gate(inner.list) }, ops: () => ops };
    };
    const dry = dying(memoryFiles(initial), Number.MAX_SAFE_INTEGER);
    await applyPlan(plan, dry.port);
    const total = dry.ops();
    const stops = [1, 2, 3, 4, M, M + 3, M + 4, 2 * M, 2 * M + 5, 2 * M + 6, 2 * M + 7, 3 * M, total - 3, total - 2, total - 1];
    for (const stop of stops) {
      const disk = memoryFiles(initial);
      await applyPlan(plan, dying(disk, stop).port); // fails, or (stopped in the re-check after the write) reports read problems
      const done = await completeJournal(disk);
      expect(done.ok, `stop ${stop}`).toBe(true);
      const now = disk.snapshot();
      const same = (a: Map<string, Uint8Array>, b: Map<string, Uint8Array>) => a.size === b.size && [...a].every(([k, v]) => Buffer.from(v).equals(Buffer.from(b.get(k) ?? [])));
      expect(same(now, before) || same(now, after), `stop ${stop}`).toBe(true);
      expect(
        [...now.keys()].filter((k) => k.includes('wbs-tmp') || k.endsWith(JOURNAL_FILE)),
        `stop ${stop}`,
      ).toEqual([]);
    }
  });
});
