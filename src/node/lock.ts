import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { type Result, error, fail, ok } from '../problems/index.js';

/** Who holds a lock: enough to tell, on the same host, whether the holder still runs. */
export interface LockOwner {
  pid: number;
  /** Process start time (`proc:<clock ticks>` on Linux, else `ms:<epoch ms>`), to detect pid reuse. */
  start: string;
  host: string;
}

/** The content of a lock file. */
export interface LockRecord extends LockOwner {
  /** Random token naming this acquisition. */
  token: string;
  /** When the lock was taken (ISO 8601). */
  acquired: string;
}

/** Options of {@link acquireLock}. */
export interface LockOptions {
  /** Give up after this many milliseconds (default 30 000). */
  timeoutMs?: number;
  /** Longest pause between attempts, in ms (default 2; pauses are randomized). */
  maxRetryMs?: number;
  /**
   * A lock whose holder cannot be checked (another host, or an unreadable file)
   * is taken over after this age in ms (default 60 000).
   */
  staleMs?: number;
  /** The owner written into the lock (default: this process). Tests inject a dead owner to simulate a crash. */
  owner?: LockOwner;
}

/** A held lock. */
export interface LockHandle {
  readonly path: string;
  readonly record: LockRecord;
  /** True when this acquisition replaced a lock left by a crashed holder. */
  readonly tookOver: boolean;
  /** Releases the lock (only if it is still ours). */
  release(): Promise<void>;
}

let selfStart: string | undefined;

/** Start time of a process, as recorded in lock files; `undefined` when it cannot be read. */
export function processStart(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = fields[19];
    return ticks === undefined ? undefined : `proc:${ticks}`;
  } catch {
    return undefined;
  }
}

/** This process as a lock owner. */
export function currentOwner(): LockOwner {
  selfStart ??= processStart(process.pid) ?? `ms:${Math.round(Date.now() - process.uptime() * 1000)}`;
  return { pid: process.pid, start: selfStart, host: hostname() };
}

/**
 * Whether the holder of a lock is still running: `true` for a live process
 * with the same start time, `false` for a dead pid or a reused one, and
 * `undefined` when it cannot be told (another host).
 */
export function ownerAlive(owner: LockOwner): boolean | undefined {
  if (owner.host !== hostname()) return undefined;
  if (!Number.isInteger(owner.pid) || owner.pid <= 0) return false;
  try {
    process.kill(owner.pid, 0);
  } catch (cause) {
    if ((cause as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  if (owner.start.startsWith('proc:')) {
    const now = processStart(owner.pid);
    if (now !== undefined && now !== owner.start) return false;
  }
  return true;
}

function parseRecord(text: string): LockRecord | undefined {
  try {
    const r = JSON.parse(text) as LockRecord;
    return typeof r.pid === 'number' && typeof r.token === 'string' && typeof r.host === 'string' && typeof r.start === 'string' ? r : undefined;
  } catch {
    return undefined;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function readLock(path: string): { record: LockRecord | undefined; mtimeMs: number } | undefined {
  try {
    const text = readFileSync(path, 'utf8');
    return { record: parseRecord(text), mtimeMs: statSync(path).mtimeMs };
  } catch (cause) {
    if ((cause as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw cause;
  }
}

/**
 * Creates `path` holding `record`; false when it already exists. The file is
 * created with O_EXCL and written at once; a holder that dies between the two
 * leaves an empty lock, which is taken over after `staleMs`.
 */
function createExclusive(path: string, record: LockRecord): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'wx');
  } catch (cause) {
    if ((cause as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw cause;
  }
  try {
    writeSync(fd, JSON.stringify(record) + '\n');
  } finally {
    closeSync(fd);
  }
  return true;
}

function isStale(found: { record: LockRecord | undefined; mtimeMs: number }, staleMs: number): boolean {
  const alive = found.record === undefined ? undefined : ownerAlive(found.record);
  if (alive !== undefined) return !alive;
  return Date.now() - found.mtimeMs > staleMs;
}

/**
 * Takes over a stale lock. A short guard lock (`<lock>.takeover`, created with
 * the same atomic link) makes sure only one contender replaces it; the
 * replacement itself is one atomic rename, so the lock never disappears.
 */
function takeOver(path: string, stale: LockRecord | undefined, record: LockRecord, staleMs: number): boolean {
  const guard = `${path}.takeover`;
  if (!createExclusive(guard, record)) {
    const g = readLock(guard);
    // A contender that crashed inside the guard: clear its guard so others can proceed.
    if (g !== undefined && isStale(g, staleMs)) tryUnlink(guard);
    return false;
  }
  try {
    const now = readLock(path);
    const same = now === undefined ? stale === undefined : now.record?.token === stale?.token;
    if (!same) return false;
    const tmp = `${path}.${record.pid}.${record.token}.tmp`;
    writeFileSync(tmp, JSON.stringify(record) + '\n', { flag: 'wx' });
    renameSync(tmp, path);
    return true;
  } finally {
    tryUnlink(guard);
  }
}

function tryUnlink(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // already gone
  }
}

/**
 * Acquires a cross-process lock file (typically `<ledger>.lock`). The file is
 * created atomically with its content (pid, process start time, host, token);
 * a lock whose holder died (pid gone or reused) is taken over atomically, so
 * a crashed writer never blocks the ledger. Fails with `ledger.lock-timeout`.
 * File calls are synchronous (a few microseconds each) so the lock is held
 * for the least time; waiting between attempts is asynchronous.
 *
 * @example
 * const lock = await acquireLock('memory-bank/decisionLog.md.lock');
 * if (lock.ok) try { ... } finally { await lock.value.release(); }
 */
export async function acquireLock(path: string, options: LockOptions = {}): Promise<Result<LockHandle>> {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const maxRetry = options.maxRetryMs ?? 2;
  const staleMs = options.staleMs ?? 60_000;
  const owner = options.owner ?? currentOwner();
  const deadline = Date.now() + timeoutMs;
  let pause = 1;
  let nextStaleCheck = 0;
  for (;;) {
    const record: LockRecord = { ...owner, token: randomBytes(12).toString('hex'), acquired: new Date().toISOString() };
    let tookOver = false;
    try {
      let got = createExclusive(path, record);
      // Checking the holder costs several system calls; do it at once, then at most every 100 ms.
      if (!got && Date.now() >= nextStaleCheck) {
        nextStaleCheck = Date.now() + 100;
        const found = readLock(path);
        if (found === undefined) continue; // released meanwhile: try again at once
        if (isStale(found, staleMs)) got = tookOver = takeOver(path, found.record, record, staleMs);
      }
      if (got) return ok(handle(path, record, tookOver));
    } catch (cause) {
      return fail([error('ledger.io-error', `cannot lock ${path}: ${(cause as Error).message}`)]);
    }
    if (Date.now() >= deadline) return fail([error('ledger.lock-timeout', `${path} is held by another writer (waited ${timeoutMs} ms)`)]);
    await sleep(pause / 2 + (Math.random() * pause) / 2);
    pause = Math.min(maxRetry, pause * 2);
  }
}

function handle(path: string, record: LockRecord, tookOver: boolean): LockHandle {
  return {
    path,
    record,
    tookOver,
    async release() {
      let now: ReturnType<typeof readLock>;
      try {
        now = readLock(path);
      } catch {
        now = undefined;
      }
      if (now?.record?.token === record.token) tryUnlink(path);
    },
  };
}

/** Runs `fn` while holding the lock at `path`; the lock is released afterwards, also on error. */
export async function withLock<T>(path: string, fn: (lock: LockHandle) => Promise<T>, options?: LockOptions): Promise<Result<T>> {
  const lock = await acquireLock(path, options);
  if (!lock.ok) return lock;
  try {
    return ok(await fn(lock.value));
  } finally {
    await lock.value.release();
  }
}
