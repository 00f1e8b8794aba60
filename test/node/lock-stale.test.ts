// #25.6: an empty lock file (its writer died between creating and writing it) blocked appends:
// the default wait was 30 s, but such a lock counted as stale only after 60 s. Now a lock appears
// complete by one hard link, every stale rule is shorter than the default wait, and a writer
// killed (a real SIGKILL) at any step of taking the lock leaves nothing another acquirer waits on.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCK_STALE_MS, LOCK_TIMEOUT_MS, LOCK_UNREADABLE_STALE_MS, type LockStep, acquireLock } from '../../src/adapters/node/index.js';
import { currentOwner } from '../../src/adapters/node/lock.js';
import { ROOT } from '../cli/helpers.js';

const base = mkdtempSync(join(tmpdir(), 'memkit-lock-crash-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));
const deadPid = spawnSync(process.execPath, ['-e', '']).pid!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// The child takes the lock and SIGKILLs itself right after step `kill` (its `n`-th occurrence).
const CHILD = join(base, 'child.mts');
writeFileSync(
  CHILD,
  `import { acquireLock } from ${JSON.stringify(join(ROOT, 'src/adapters/node/lock.ts'))};
const [path, kill, n] = process.argv.slice(2);
let seen = 0;
await acquireLock(path, { timeoutMs: 10_000, onStep: (s) => { if (s === kill && ++seen === Number(n)) process.kill(process.pid, 'SIGKILL'); } });
process.exit(3); // not killed: the step never came
`,
);

function runChild(path: string, kill: LockStep, n: number): Promise<NodeJS.Signals | number | null> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, path, kill, String(n)], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('exit', (code, signal) => resolve(signal ?? code));
  });
}

/** Files a crash left beside the lock (the lock itself excluded). */
const leftovers = (dir: string) => readdirSync(dir).filter((f) => f !== 'a.lock');

describe('a lock left empty or by a killed writer does not block past the default wait', () => {
  it('every stale rule is shorter than the default wait', () => {
    expect(LOCK_STALE_MS).toBeLessThan(LOCK_TIMEOUT_MS);
    expect(LOCK_UNREADABLE_STALE_MS).toBeLessThan(LOCK_TIMEOUT_MS);
  });

  it('an empty lock file, just written, is taken over within the default wait', { timeout: 60_000 }, async () => {
    const dir = join(base, 'empty');
    mkdirSync(dir);
    const path = join(dir, 'a.lock');
    writeFileSync(path, '');
    const r = await acquireLock(path); // default timeout: fails with ledger.lock-timeout if the rules disagree
    expect(r.ok && r.value.tookOver).toBe(true);
    await (r.ok && r.value.release());
    expect(existsSync(path)).toBe(false);
  });

  it('an empty lock with an explicit staleMs above the unreadable rule is still stale after the unreadable rule', { timeout: 30_000 }, async () => {
    const dir = join(base, 'empty-old');
    mkdirSync(dir);
    const path = join(dir, 'a.lock');
    writeFileSync(path, '');
    const old = (Date.now() - LOCK_UNREADABLE_STALE_MS - 1000) / 1000;
    utimesSync(path, old, old);
    const r = await acquireLock(path, { timeoutMs: 1000, staleMs: 60_000 });
    expect(r.ok && r.value.tookOver).toBe(true);
    await (r.ok && r.value.release());
  });

  // [step, occurrence, a dead holder's lock exists first (so the child takes over)]
  const CASES: [LockStep, number, boolean][] = [
    ['temp-created', 1, false],
    ['temp-written', 1, false],
    ['linked', 1, false],
    ['temp-removed', 1, false],
    // taking over a dead holder's lock: the first attempt's temp (its link fails), the guard's
    // four steps (the second temp), then the takeover's
    ['temp-created', 1, true],
    ['temp-written', 1, true],
    ['temp-created', 2, true],
    ['temp-written', 2, true],
    ['linked', 1, true],
    ['temp-removed', 1, true],
    ['takeover-written', 1, true],
    ['renamed', 1, true],
    ['guard-removed', 1, true],
  ];
  it.concurrent.each(CASES)('SIGKILL after "%s" (#%i, takeover: %s): the next acquirer gets the lock within the default wait, and no temp is left', { timeout: 90_000 }, async (step, n, takeover) => {
    const dir = join(base, `${step}-${n}-${takeover}`);
    mkdirSync(dir);
    const path = join(dir, 'a.lock');
    if (takeover) {
      const dead = await acquireLock(path, { owner: { ...currentOwner(), pid: deadPid } });
      expect(dead.ok).toBe(true);
    }
    expect(await runChild(path, step, n)).toBe('SIGKILL');
    const next = await acquireLock(path); // the default wait
    expect(next.ok).toBe(true);
    await (next.ok && next.value.release());
    // Temps of the dead attempt: removed by the next acquisition once stale (an empty one after
    // LOCK_UNREADABLE_STALE_MS); a guard left by the dead child was cleared by the takeover.
    await sleep(LOCK_UNREADABLE_STALE_MS + 200);
    const again = await acquireLock(path, { timeoutMs: 5000 });
    expect(again.ok).toBe(true);
    await (again.ok && again.value.release());
    expect(leftovers(dir)).toEqual([]);
    expect(existsSync(path)).toBe(false);
  });
});
