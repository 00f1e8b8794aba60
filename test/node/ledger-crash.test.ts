import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type AppendStep, appendEntry, openLedger, repairLedger, verifyLedgerFile } from '../../src/adapters/node/index.js';
import { currentOwner } from '../../src/adapters/node/lock.js';

const dir = mkdtempSync(join(tmpdir(), 'memkit-crash-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const draft = (n: number) => ({ proposer_agent: 'ReaperOAK', rationale: `decision ${n}`, diff_hash: 'b'.repeat(64), tests_passed: true });
const STEPS: AppendStep[] = ['locked', 'tail-read', 'entry-built', 'write-started', 'written', 'synced', 'unlocked'];
// A pid that no longer runs: the owner a crashed writer leaves in its lock file.
const deadPid = spawnSync(process.execPath, ['-e', '']).pid!;
const deadOwner = { ...currentOwner(), pid: deadPid };

class Crash extends Error {}

async function seed(path: string, n: number): Promise<string> {
  for (let i = 0; i < n; i++) expect((await appendEntry(path, draft(i), { format: 'decision-log' })).ok).toBe(true);
  return readFileSync(path, 'utf8');
}

describe('crash at every step of an append', () => {
  it.each(STEPS)('killed at "%s": the ledger verifies, or its only problem is a torn tail that repair fixes', async (step) => {
    const path = join(dir, `${step}-decisionLog.md`);
    const before = await seed(path, 3);
    await expect(
      appendEntry(path, draft(99), {
        format: 'decision-log',
        lock: { owner: deadOwner },
        onStep: (s) => {
          if (s === step) throw new Crash(s);
        },
      }),
    ).rejects.toBeInstanceOf(Crash);
    // No complete entry was lost.
    expect(readFileSync(path, 'utf8').startsWith(before)).toBe(true);
    const status = await openLedger(path);
    expect(status.ok).toBe(true);
    const first = await verifyLedgerFile(path);
    if (step === 'write-started') {
      expect(first.problems.map((p) => p.code)).toEqual(['ledger.torn-tail']);
      expect(status.ok && status.value.tornTail).toBeTruthy();
      // Append refuses to write after a torn line.
      const refused = await appendEntry(path, draft(5), { format: 'decision-log' });
      expect(refused.ok ? [] : refused.problems.map((p) => p.code)).toEqual(['ledger.torn-tail']);
      const repaired = await repairLedger(path);
      expect(repaired.ok && repaired.value?.action).toBe('moved-torn-tail');
      const rec = repaired.ok ? repaired.value! : undefined;
      // The torn bytes are kept in the sidecar and the recovery is recorded.
      expect(readFileSync(join(dir, rec!.sidecar), 'utf8').length).toBe(rec!.length);
      expect(
        readFileSync(`${path}.recovery.jsonl`, 'utf8')
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l).sidecar),
      ).toEqual([rec!.sidecar]);
      expect(readFileSync(path, 'utf8')).toBe(before);
    } else {
      expect(first.problems).toEqual([]);
      expect(first.entries).toBe(['written', 'synced', 'unlocked'].includes(step) ? 4 : 3);
      expect((await repairLedger(path)).ok).toBe(true);
    }
    // The stale lock of the dead writer does not block the next writer.
    const next = await appendEntry(path, draft(100), { format: 'decision-log', lock: { timeoutMs: 5000 } });
    expect(next.ok).toBe(true);
    const after = await verifyLedgerFile(path);
    expect(after.problems).toEqual([]);
    expect(readFileSync(path, 'utf8').startsWith(before)).toBe(true);
    expect(existsSync(`${path}.lock`)).toBe(false);
  });

  it('a real SIGKILL in the middle of a write leaves a torn tail that repair moves aside; the stale lock is taken over', async () => {
    const path = join(dir, 'killed-decisionLog.md');
    const before = await seed(path, 2);
    const code = await new Promise<number | null>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'test/fixtures/ledger/crash-worker.ts', path, 'write-started'], { stdio: 'ignore' });
      child.on('error', reject);
      child.on('exit', (c, signal) => resolve(signal === 'SIGKILL' ? null : c));
    });
    expect(code).toBeNull();
    expect(existsSync(`${path}.lock`)).toBe(true);
    const s = await openLedger(path);
    expect(s.ok && s.value.problems.map((p) => p.code)).toEqual(['ledger.torn-tail']);
    const r = await repairLedger(path, { lock: { timeoutMs: 5000 } });
    expect(r.ok && r.value !== undefined).toBe(true);
    expect(readFileSync(path, 'utf8')).toBe(before);
    expect(readdirSync(dir).some((f) => f.startsWith('killed-decisionLog.md.torn-'))).toBe(true);
    expect((await appendEntry(path, draft(3), { format: 'decision-log' })).ok).toBe(true);
    const v = await verifyLedgerFile(path);
    expect(v.problems).toEqual([]);
    expect(v.entries).toBe(3);
  });
});
