import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireLock, withLock } from '../../src/adapters/node/index.js';
import { currentOwner, ownerAlive } from '../../src/adapters/node/lock.js';

const dir = mkdtempSync(join(tmpdir(), 'memkit-lock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const deadPid = spawnSync(process.execPath, ['-e', '']).pid!;

describe('cross-process lock', () => {
  it('is exclusive: a second acquirer waits until the first releases', async () => {
    const path = join(dir, 'a.lock');
    const first = await acquireLock(path);
    expect(first.ok).toBe(true);
    const record = JSON.parse(readFileSync(path, 'utf8'));
    expect(record).toMatchObject({ pid: process.pid, host: hostname() });
    let second = false;
    const waiting = acquireLock(path, { timeoutMs: 5000 }).then((r) => {
      second = true;
      return r;
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(second).toBe(false);
    await (first.ok && first.value.release());
    const got = await waiting;
    expect(got.ok).toBe(true);
    await (got.ok && got.value.release());
    expect(existsSync(path)).toBe(false);
  });

  it('times out while a live holder keeps it', async () => {
    const path = join(dir, 'b.lock');
    const held = await acquireLock(path);
    const r = await acquireLock(path, { timeoutMs: 100 });
    expect(!r.ok && r.problems[0]!.code).toBe('ledger.lock-timeout');
    await (held.ok && held.value.release());
  });

  it('takes over the lock of a dead holder (pid gone or reused)', async () => {
    expect(ownerAlive(currentOwner())).toBe(true);
    expect(ownerAlive({ ...currentOwner(), pid: deadPid })).toBe(false);
    expect(ownerAlive({ ...currentOwner(), start: 'proc:1' })).toBe(false);
    expect(ownerAlive({ ...currentOwner(), host: 'elsewhere' })).toBeUndefined();
    const path = join(dir, 'c.lock');
    const crashed = await acquireLock(path, { owner: { ...currentOwner(), pid: deadPid } });
    expect(crashed.ok).toBe(true); // never released: the holder "crashed"
    const next = await acquireLock(path, { timeoutMs: 2000 });
    expect(next.ok && next.value.tookOver).toBe(true);
    await (next.ok && next.value.release());
    // The crashed holder's late release does not remove someone else's lock.
    const third = await acquireLock(path);
    await (crashed.ok && crashed.value.release());
    expect(existsSync(path)).toBe(true);
    await (third.ok && third.value.release());
  });

  it('takes over a foreign-host lock only after staleMs, and never touches files that are not its temps', async () => {
    const path = join(dir, 'f.lock');
    writeFileSync(path, JSON.stringify({ ...currentOwner(), host: 'elsewhere', token: 'x', acquired: new Date().toISOString() }));
    const bystanders = [`${path}.notes.tmp`, `${path}.123.tmp`, join(dir, 'f.lock-other.1.aaaaaaaaaaaaaaaaaaaaaaaa.tmp')];
    for (const b of bystanders) writeFileSync(b, '');
    const old = (Date.now() - 120_000) / 1000;
    for (const b of bystanders) utimesSync(b, old, old);
    expect((await acquireLock(path, { timeoutMs: 50 })).ok).toBe(false);
    utimesSync(path, old, old);
    const r = await acquireLock(path, { timeoutMs: 2000 });
    expect(r.ok && r.value.tookOver).toBe(true);
    await (r.ok && r.value.release());
    for (const b of bystanders) expect(existsSync(b)).toBe(true);
  });

  it('takes over an unreadable lock only after staleMs or the unreadable rule, whichever is shorter', async () => {
    const path = join(dir, 'd.lock');
    writeFileSync(path, '');
    const young = await acquireLock(path, { timeoutMs: 50, staleMs: 60_000 });
    expect(young.ok).toBe(false);
    const old = (Date.now() - 120_000) / 1000;
    utimesSync(path, old, old);
    const r = await acquireLock(path, { timeoutMs: 2000, staleMs: 60_000 });
    expect(r.ok && r.value.tookOver).toBe(true);
    await (r.ok && r.value.release());
  });

  it('withLock releases on error', async () => {
    const path = join(dir, 'e.lock');
    await expect(
      withLock(path, async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(existsSync(path)).toBe(false);
    expect(await withLock(path, async () => 42)).toEqual({ ok: true, value: 42 });
  });
});
