import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, linkSync, openSync, readFileSync, readdirSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { type Result, error, fail, ok } from '../../kernel/problems/index.js';

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

/**
 * The steps of taking a lock, as {@link LockOptions.onStep} sees them: a new
 * lock is `temp-created`, `temp-written`, `linked`, `temp-removed`; a
 * takeover creates the guard `<lock>.takeover` by the same steps, then
 * `takeover-written`, `renamed` (over the lock), `guard-removed`.
 */
export type LockStep = 'temp-created' | 'temp-written' | 'linked' | 'temp-removed' | 'takeover-written' | 'renamed' | 'guard-removed';

/** Default of {@link LockOptions.timeoutMs}. */
export const LOCK_TIMEOUT_MS = 30_000;
/** Default of {@link LockOptions.staleMs}: shorter than the default wait, so a lock left by a crash never outlasts it. */
export const LOCK_STALE_MS = 10_000;
/** Age after which a lock with no readable record is stale: memkit's locks appear complete, by one link, so it is a crash. */
export const LOCK_UNREADABLE_STALE_MS = 2_000;

/** Options of {@link acquireLock}. */
export interface LockOptions {
  /** Give up after this many milliseconds (default {@link LOCK_TIMEOUT_MS}, 30 s). */
  timeoutMs?: number;
  /** Longest pause between attempts, in ms (default 2; pauses are randomized). */
  maxRetryMs?: number;
  /**
   * Age in ms after which a lock whose holder cannot be checked (another host)
   * is taken over (default {@link LOCK_STALE_MS}; an unreadable one after
   * {@link LOCK_UNREADABLE_STALE_MS} if shorter). Keep it below `timeoutMs`.
   */
  staleMs?: number;
  /** The owner written into the lock (default: this process). Tests inject a dead owner to simulate a crash. */
  owner?: LockOwner;
  /** Called after each step of taking the lock (crash tests stop the process there). */
  onStep?: (step: LockStep) => void;
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

/** Whether a lock's holder still runs: false for a dead or reused pid, undefined when it cannot be told (another host). */
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

const noStep = (): void => undefined;
const LINK_UNSUPPORTED = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV']);

/** The temp file a lock record is written to first: beside the lock, named by owner and token. */
function tempFor(path: string, record: LockRecord): string {
  return `${path}.${record.pid}.${record.token}.tmp`;
}

/** Writes `record` to a new file `path` (O_EXCL). */
function writeNew(path: string, record: LockRecord, step: (s: LockStep) => void, written: LockStep): void {
  const fd = openSync(path, 'wx');
  try {
    if (written === 'temp-written') step('temp-created');
    writeSync(fd, JSON.stringify(record) + '\n');
  } finally {
    closeSync(fd);
  }
  step(written);
}

/**
 * Creates `path` holding `record`, false when it exists: the record is
 * written to a temp file and hard-linked to `path`, so the lock never exists
 * half written (without hard links: O_EXCL and write).
 */
function createExclusive(path: string, record: LockRecord, step: (s: LockStep) => void = noStep): boolean {
  const tmp = tempFor(path, record);
  writeNew(tmp, record, step, 'temp-written');
  try {
    linkSync(tmp, path);
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code ?? '';
    tryUnlink(tmp);
    if (code === 'EEXIST') return false;
    if (!LINK_UNSUPPORTED.has(code)) throw cause;
    try {
      writeNew(path, record, noStep, 'linked');
    } catch (again) {
      if ((again as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw again;
    }
  }
  step('linked');
  tryUnlink(tmp);
  step('temp-removed');
  return true;
}

/** The one stale rule, for locks, guards and lock temps alike. */
function isStale(found: { record: LockRecord | undefined; mtimeMs: number }, staleMs: number): boolean {
  const alive = found.record === undefined ? undefined : ownerAlive(found.record);
  if (alive !== undefined) return !alive;
  const age = Date.now() - found.mtimeMs;
  return found.record === undefined ? age > Math.min(staleMs, LOCK_UNREADABLE_STALE_MS) : age > staleMs;
}

// `<pid>.<token>.tmp` after `<lock>.`: a lock's temps, and its guard's (`takeover.<pid>.<token>.tmp`).
const TEMP_NAME = /^(?:takeover\.)?\d+\.[0-9a-f]{24}\.tmp$/;

/** Removes the temp files of lock attempts whose record is stale by {@link isStale}; other files are never touched. */
function sweepTemps(path: string, staleMs: number): void {
  const prefix = basename(path) + '.';
  let names: string[];
  try {
    names = readdirSync(dirname(path));
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.startsWith(prefix) || !TEMP_NAME.test(name.slice(prefix.length))) continue;
    const full = join(dirname(path), name);
    try {
      const found = readLock(full);
      if (found !== undefined && isStale(found, staleMs)) tryUnlink(full);
    } catch {
      // unreadable now: left for a later sweep
    }
  }
}

/** Takes over a stale lock: a guard lock (`<lock>.takeover`) lets one contender replace it, by one rename, so the lock never disappears. */
function takeOver(path: string, stale: LockRecord | undefined, record: LockRecord, staleMs: number, step: (s: LockStep) => void): boolean {
  const guard = `${path}.takeover`;
  if (!createExclusive(guard, record, step)) {
    const g = readLock(guard);
    // A contender that crashed inside the guard: clear its guard so others can proceed.
    if (g !== undefined && isStale(g, staleMs)) tryUnlink(guard);
    return false;
  }
  try {
    const now = readLock(path);
    const same = now === undefined ? stale === undefined : now.record?.token === stale?.token;
    if (!same) return false;
    const tmp = tempFor(path, record);
    writeNew(tmp, record, step, 'takeover-written');
    renameSync(tmp, path);
    step('renamed');
    return true;
  } finally {
    tryUnlink(guard);
    step('guard-removed');
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
 * Acquires a cross-process lock file (typically `<ledger>.lock`), created
 * atomically with its owner (pid, start time, host, token). A lock whose
 * holder died is taken over, and one that cannot be checked is stale after
 * `staleMs`, so a writer killed at any step never blocks the ledger. Fails
 * with `ledger.lock-timeout`. File calls are synchronous, to hold the lock
 * for the least time; the waits between attempts are not.
 *
 * @example
 * const lock = await acquireLock('memory-bank/decisionLog.md.lock');
 * if (lock.ok) {
 *   try {
 *     // append to the ledger
 *   } finally {
 *     await lock.value.release();
 *   }
 * }
 */
export async function acquireLock(path: string, options: LockOptions = {}): Promise<Result<LockHandle>> {
  const timeoutMs = options.timeoutMs ?? LOCK_TIMEOUT_MS;
  const maxRetry = options.maxRetryMs ?? 2;
  const staleMs = options.staleMs ?? LOCK_STALE_MS;
  const step = options.onStep ?? noStep;
  const owner = options.owner ?? currentOwner();
  const deadline = Date.now() + timeoutMs;
  let pause = 1;
  let nextStaleCheck = 0;
  for (;;) {
    const record: LockRecord = { ...owner, token: randomBytes(12).toString('hex'), acquired: new Date().toISOString() };
    let tookOver = false;
    try {
      let got = createExclusive(path, record, step);
      // Checking the holder costs several system calls; do it at once, then at most every 100 ms.
      if (!got && Date.now() >= nextStaleCheck) {
        nextStaleCheck = Date.now() + 100;
        const found = readLock(path);
        if (found === undefined) continue; // released meanwhile: try again at once
        if (isStale(found, staleMs)) got = tookOver = takeOver(path, found.record, record, staleMs, step);
      }
      if (got) {
        sweepTemps(path, staleMs);
        return ok(handle(path, record, tookOver));
      }
    } catch (cause) {
      if ((cause as NodeJS.ErrnoException).code === 'ENOENT' && !existsSync(dirname(path)))
        return fail([error('ledger.io-error', `cannot lock ${path}: the directory ${dirname(path)} does not exist`)]);
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
      try {
        if (readLock(path)?.record?.token === record.token) tryUnlink(path);
      } catch {
        // unreadable: not known to be ours, left alone
      }
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
