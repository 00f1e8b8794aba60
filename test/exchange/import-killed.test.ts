import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportBundle, recoverStaging } from '../../src/services/exchange/index.js';
import { nodeFiles } from '../../src/adapters/node/index.js';
import { memoryFiles } from '../../src/kernel/file-port.js';
import { ROOT, readTree as tree, runCli, tempDir } from '../cli/helpers.js';

// A real SIGKILL of a child process at chosen steps of the import's write
// pass (staging, commit, clean-up). What is left must be a state the next
// import resolves: after recovery the directory holds exactly what it held
// before, or exactly the completed import; never a mix, never a leftover.

const WORKER = join(ROOT, 'test/fixtures/exchange/crash/import-worker.ts');
const doc = (updated: string, body: string) => `---\nid: x\nupdated: ${updated}\n---\n${body}\n`;
const SOURCE: Record<string, string> = {};
for (let i = 0; i < 6; i++) SOURCE[`m/d${i % 2}/doc${i}.md`] = doc('2026-03-01T00:00:00Z', `new ${i}`);
const OLD: Record<string, string> = { 'm/d0/doc0.md': doc('2026-01-01T00:00:00Z', 'old 0'), 'm/d1/doc3.md': doc('2026-01-01T00:00:00Z', 'old 3'), 'keep.md': 'mine\n' };

function prepare(dir: string): void {
  mkdirSync(dir);
  for (const [p, c] of Object.entries(OLD)) {
    mkdirSync(join(dir, p, '..'), { recursive: true });
    writeFileSync(join(dir, p), c);
  }
}

/** Runs the worker; with `stop`, kills it with SIGKILL once it paused after that step. Returns the steps it printed. */
function runWorker(bundle: string, dir: string, stop: number): Promise<{ steps: string[]; killed: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', WORKER, bundle, dir, String(stop)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    let killed = false;
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (!killed && out.includes('\npaused\n')) {
        killed = true;
        child.kill('SIGKILL');
      }
    });
    child.on('error', reject);
    child.on('exit', (_code, signal) => {
      const steps = out.split('\n').filter((l) => l.startsWith('step '));
      if (!killed && !out.includes('\ndone\n')) reject(new Error(`worker ended without finishing: ${out}`));
      else resolve({ steps, killed: killed && signal === 'SIGKILL' });
    });
  });
}

/** Exports SOURCE into `dir/b.ndjson` and returns its path. */
async function writeBundle(dir: string): Promise<string> {
  const r = await exportBundle({ files: memoryFiles(SOURCE) }, { agentId: 'a', env: { now: () => '2026-03-02T00:00:00Z' } });
  if (!r.ok) throw new Error('export failed');
  const bundle = join(dir, 'b.ndjson');
  writeFileSync(bundle, await r.value.text());
  return bundle;
}

describe('an import killed mid-write leaves nothing new or the whole import', () => {
  it('SIGKILL at steps across staging, commit and clean-up: the next import finds nothing new or the whole import', { timeout: 240_000 }, async () => {
    const t = tempDir();
    try {
      const bundle = await writeBundle(t.dir);

      // A full run, to learn the steps and the finished state.
      const full = join(t.dir, 'full');
      prepare(full);
      const before = tree(full);
      const { steps } = await runWorker(bundle, full, 0);
      const after = tree(full);
      expect(after).not.toEqual(before);
      const commitAt = steps.findIndex((s) => / -> (?!.*\.memkit-staging-)/.test(s) && s.includes('.memkit-staging-') && s.includes('/new/')) + 1;
      // The step that renames committed.json into place: from it on, the import stands.
      const committedAt = steps.findIndex((s) => /^step \d+ rename .*\/committed\.json$/.test(s)) + 1;
      expect(commitAt).toBeGreaterThan(1);
      expect(committedAt).toBeGreaterThan(commitAt);
      // Kill points: first staged write, mid staging, first and middle commit moves, just before and after committed.json, mid clean-up.
      const points = [...new Set([1, Math.floor(commitAt / 2), commitAt, Math.floor((commitAt + committedAt) / 2), committedAt - 1, committedAt, committedAt + 3])].filter(
        (k) => k >= 1 && k < steps.length,
      );
      const outcomes: string[] = [];
      for (const k of points) {
        const dir = join(t.dir, `kill-${k}`);
        prepare(dir);
        const run = await runWorker(bundle, dir, k);
        expect(run.killed, `step ${k}`).toBe(true);
        // A leftover is only ever inside the staging directory, which export ignores.
        expect(
          Object.keys(tree(dir)).filter((p) => !p.startsWith('.memkit-staging-') && !(p in before) && !(p in after)),
          `step ${k}`,
        ).toEqual([]);
        // What the next import does first: recover. Then the directory is exactly before or exactly after.
        const recovered = await recoverStaging(nodeFiles(dir, { extensions: null }));
        const state = tree(dir);
        const same = JSON.stringify(state) === JSON.stringify(before) ? 'before' : JSON.stringify(state) === JSON.stringify(after) ? 'after' : 'mixed';
        expect(same, `step ${k}: ${steps[k - 1]} (${recovered.map((x) => x.action).join(', ')})\n${JSON.stringify(state, null, 1)}`).not.toBe('mixed');
        outcomes.push(`${k}:${same}`);
        expect(recovered.length, `step ${k}`).toBeLessThanOrEqual(1);
        // And the import run again completes it.
        const again = await runCli(['import', bundle, dir, '--policy', 'overwrite-older']);
        expect(again.code, again.stdout + again.stderr).toBe(0);
        expect(tree(dir), `step ${k}`).toEqual(after);
      }
      // Killed before committed.json: rolled back; at or after it: the import stands.
      expect(outcomes.some((o) => o.endsWith('before')) && outcomes.some((o) => o.endsWith('after'))).toBe(true);
      for (const o of outcomes) {
        const [k, s] = o.split(':');
        expect(s, o).toBe(Number(k) < committedAt ? 'before' : 'after');
      }
    } finally {
      t.done();
    }
  });
});

describe('an import killed mid-write: the next memkit import recovers it', () => {
  it('the next memkit import rolls back an interrupted commit, says so, and completes', { timeout: 120_000 }, async () => {
    const t = tempDir();
    try {
      const bundle = await writeBundle(t.dir);
      const dir = join(t.dir, 'mem');
      prepare(dir);
      // Kill in the middle of the commit moves (found by a dry run above: well past staging).
      const full = join(t.dir, 'full');
      prepare(full);
      const { steps } = await runWorker(bundle, full, 0);
      const firstMove = steps.findIndex((s) => /\/new\/.* -> (?!.*\.memkit-staging-)/.test(s)) + 1;
      expect(firstMove).toBeGreaterThan(0);
      expect((await runWorker(bundle, dir, firstMove + 1)).killed).toBe(true);
      const again = await runCli(['import', bundle, dir, '--policy', 'overwrite-older', '--format', 'json']);
      expect(again.code, again.stdout).toBe(0);
      expect((JSON.parse(again.stdout) as { problems: { code: string }[] }).problems.map((p) => p.code)).toContain('exchange.recovered-import');
      expect(tree(dir)).toEqual(tree(full));
    } finally {
      t.done();
    }
  });
});
