import { closeSync, createReadStream, fstatSync, fdatasyncSync, ftruncateSync, openSync, readSync, writeSync } from 'node:fs';
import { type Hasher, ZERO_HASH, sha256Hex } from '../../kernel/canonical/sha256.js';
import { type Appended, type AppendOptions, type EntryDraft, appendToHead, headAfter } from '../../services/ledger/append.js';
import { entryHash, serializeEntry } from '../../formats/memory-bank/entry-hash.js';
import { type LedgerFormatId, isLedgerFormat, ledgerFormatOfFile } from '../../formats/memory-bank/ledgers.js';
import { type VerifyOptions, type VerifySummary, verify } from '../../formats/memory-bank/verify.js';
import { readEntryLine } from '../../formats/memory-bank/ledger-text.js';
import { type Problem, type Result, error, fail, ok } from '../../kernel/problems/index.js';
import { nodeHasher } from './hasher.js';
import { type LockOptions, acquireLock } from './lock.js';

/** The steps of a safe append, in order; a test hook can stop the writer at any of them. */
export type AppendStep = 'locked' | 'tail-read' | 'entry-built' | 'write-started' | 'written' | 'synced' | 'unlocked';

/** Options of the ledger file functions. */
export interface LedgerFileOptions<F extends LedgerFormatId = LedgerFormatId> extends Omit<Partial<AppendOptions<F>>, 'format'> {
  /** Ledger format (`decision-log`, …); inferred from the file name when omitted. */
  format?: F;
  /** Lock options (timeout, stale detection). */
  lock?: LockOptions;
  /**
   * Called before each step of an append; throwing simulates a crash there
   * (lock and bytes left as they are). With a hook the entry is written in
   * two halves, so `write-started` leaves a torn line.
   */
  onStep?: (step: AppendStep) => void;
}

/** A torn last line found on disk. */
export interface TornTail {
  /** Byte offset where the torn line starts. */
  offset: number;
  /** Its length in bytes. */
  length: number;
}

/** What {@link openLedger} finds at the end of a ledger file. */
export interface LedgerFileStatus {
  path: string;
  /** The ledger format, given or inferred from the file name. */
  format?: LedgerFormatId;
  /** File size in bytes (0 when the file does not exist yet). */
  bytes: number;
  /** The torn last line, if any (append refuses to write until `repairLedger`). */
  tornTail?: TornTail;
  /** `ledger.torn-tail` when there is one. */
  problems: Problem[];
}

/** The record `repairLedger` appends to `<ledger>.recovery.jsonl`. */
export interface RecoveryRecord {
  ts: string;
  ledger: string;
  action: 'moved-torn-tail';
  sidecar: string;
  offset: number;
  length: number;
  sha256: string;
}

const WINDOW = 4096;

interface Tail {
  bytes: number;
  /** Text of the last complete entry line, if any. */
  lastEntry?: string;
  /** Bytes after the last newline. */
  rest: Uint8Array;
  restOffset: number;
}

function readTail(fd: number): Tail {
  const size = fstatSync(fd).size;
  let window = WINDOW;
  for (;;) {
    const start = Math.max(0, size - window);
    const buf = new Uint8Array(size - start);
    let got = 0;
    while (got < buf.length) {
      const n = readSync(fd, buf, got, buf.length - got, start + got);
      if (n === 0) break;
      got += n;
    }
    const lastNl = buf.lastIndexOf(10);
    const rest = buf.subarray(lastNl + 1);
    const restOffset = start + lastNl + 1;
    // The last complete line that starts with '{' (blank lines may follow entries).
    let end = lastNl;
    while (end >= 0) {
      const prev = buf.lastIndexOf(10, end - 1);
      if (prev === -1 && start > 0) break; // the line may begin before the window
      const line = buf.subarray(prev + 1, end);
      if (line[0] === 123) return { bytes: size, lastEntry: new TextDecoder().decode(line).replace(/\r$/, ''), rest, restOffset };
      if (prev === -1) return { bytes: size, rest, restOffset };
      end = prev;
    }
    if (start === 0) return { bytes: size, rest, restOffset };
    window *= 4;
  }
}

function writeAll(fd: number, data: Uint8Array): void {
  let done = 0;
  while (done < data.length) done += writeSync(fd, data, done, data.length - done);
}

/**
 * The hash the next entry chains onto. A canonical last line hashes the same
 * in both chain conventions; after one in another form the file is read
 * whole, to keep a raw-line chain in its own convention.
 */
async function chainHead(path: string, last: Record<string, unknown>, lastText: string | undefined, hasher: Hasher): Promise<string> {
  const hash = entryHash(last, hasher);
  if (lastText === undefined || lastText === serializeEntry(last)) return hash;
  // Only the chain is wanted: no format, so no schema or id checks.
  const summary = await verify(createReadStream(path), { hasher, maxProblems: 1 });
  return summary.chain === 'raw-line' ? summary.head : hash;
}

function resolveFormat<F extends LedgerFormatId>(path: string, format: F | undefined): F | undefined {
  return format ?? (ledgerFormatOfFile(path) as F | undefined);
}

/**
 * Appends one entry to a ledger file under its lock (`<path>.lock`): reads
 * only the tail, fills chain, timestamp and id, validates, appends the
 * canonical line and fsyncs. Refuses after a torn last line
 * (`ledger.torn-tail`: run {@link repairLedger} first).
 *
 * @example
 * declare const rationale: string, diff_hash: string;
 * await appendEntry('memory-bank/decisionLog.md', { proposer_agent: 'ReaperOAK', rationale, diff_hash, tests_passed: true },
 *   { format: 'decision-log' });
 */
export async function appendEntry<F extends LedgerFormatId>(path: string, draft: EntryDraft<F>, options: LedgerFileOptions<F> = {}): Promise<Result<Appended<F>>> {
  const format = resolveFormat(path, options.format);
  if (!isLedgerFormat(format)) return fail([error('ledger.unknown-format', `cannot tell the ledger format of ${path}; pass options.format`)]);
  const hasher = options.hasher ?? nodeHasher;
  let crashed = false;
  const step = (s: AppendStep) => {
    if (!options.onStep) return;
    try {
      options.onStep(s);
    } catch (cause) {
      crashed = true;
      throw cause;
    }
  };
  const lock = await acquireLock(`${path}.lock`, options.lock);
  if (!lock.ok) return lock;
  let fd: number | undefined;
  try {
    step('locked');
    fd = openSync(path, 'a+');
    const tail = readTail(fd);
    step('tail-read');
    let prefix = '';
    let last: Record<string, unknown> | undefined;
    let lastText = tail.lastEntry;
    // The next entry chains onto this one's hash: an ambiguous entry is unreadable, so nothing is chained onto it.
    if (tail.lastEntry !== undefined) last = readEntryLine(tail.lastEntry);
    if (tail.rest.length > 0) {
      const restText = new TextDecoder().decode(tail.rest);
      const complete = restText.trimStart().startsWith('{') ? readEntryLine(restText) : undefined;
      if (tornOf(tail) !== undefined)
        return fail([error('ledger.torn-tail', `the ledger ends with a torn line at byte ${tail.restOffset} (an interrupted append); nothing is appended until it is repaired`, { file: path })]);
      if (complete !== undefined) {
        last = complete;
        lastText = restText.replace(/\r$/, '');
      }
      prefix = '\n';
    }
    if (tail.lastEntry !== undefined && last === undefined) return fail([error('ledger.unparseable-line', 'the last entry of the ledger does not parse; verify the ledger', { file: path })]);
    const head = last === undefined ? headAfter(format, [], ZERO_HASH) : headAfter(format, [last], await chainHead(path, last, lastText, hasher));
    const built = appendToHead(head, draft, { ...options, format, hasher });
    if (!built.ok) return built;
    step('entry-built');
    const bytes = new TextEncoder().encode(prefix + built.value.line + '\n');
    if (options.onStep) {
      const cut = Math.max(1, Math.floor(bytes.length / 2));
      writeAll(fd, bytes.subarray(0, cut));
      step('write-started');
      writeAll(fd, bytes.subarray(cut));
    } else {
      writeAll(fd, bytes);
    }
    step('written');
    fdatasyncSync(fd);
    step('synced');
    closeSync(fd);
    fd = undefined;
    await lock.value.release();
    step('unlocked');
    return built;
  } catch (cause) {
    if (crashed) throw cause;
    return fail([error('ledger.io-error', `appending to the ledger failed: ${(cause as NodeJS.ErrnoException).code ?? (cause as Error).message}`, { file: path })]);
  } finally {
    if (fd !== undefined) closeQuietly(fd);
    if (!crashed) await lock.value.release().catch(() => undefined);
  }
}

/** Opens a ledger file for inspection: reports a torn last line (`ledger.torn-tail`) without reading the whole file. */
export async function openLedger(path: string, options: { format?: LedgerFormatId } = {}): Promise<Result<LedgerFileStatus>> {
  const format = resolveFormat(path, options.format);
  const status: LedgerFileStatus = { path, bytes: 0, problems: [], ...(format ? { format } : {}) };
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (cause) {
    if ((cause as NodeJS.ErrnoException).code === 'ENOENT') return ok(status);
    return fail([error('ledger.io-error', `cannot open ${path}: ${(cause as Error).message}`, { file: path })]);
  }
  try {
    const tail = readTail(fd);
    status.bytes = tail.bytes;
    const torn = tornOf(tail);
    if (torn !== undefined) {
      status.tornTail = torn;
      status.problems.push(error('ledger.torn-tail', `the last ${torn.length} bytes (from byte ${torn.offset}) are a torn line`, { file: path }));
    }
    return ok(status);
  } finally {
    closeQuietly(fd);
  }
}

function closeQuietly(fd: number): void {
  try {
    closeSync(fd);
  } catch {
    // already closed
  }
}

/** The torn last line: bytes after the last newline that do not parse as an entry (before the first entry, preamble unless it starts one). */
function tornOf(tail: Tail): TornTail | undefined {
  if (tail.rest.length === 0) return undefined;
  const text = new TextDecoder().decode(tail.rest);
  if (text.trim() === '') return undefined;
  const startsEntry = text.trimStart().startsWith('{');
  if (startsEntry && readEntryLine(text) !== undefined) return undefined;
  if (!startsEntry && tail.lastEntry === undefined) return undefined;
  return { offset: tail.restOffset, length: tail.rest.length };
}

/**
 * Repairs a torn last line without deleting anything: under the ledger lock
 * the torn bytes go to `<path>.torn-<timestamp>`, a record to
 * `<path>.recovery.jsonl` (both fsynced), and only then is the ledger cut
 * back to its last complete line. `undefined`: nothing to repair.
 */
export async function repairLedger(path: string, options: Omit<LedgerFileOptions, 'onStep'> = {}): Promise<Result<RecoveryRecord | undefined>> {
  const hasher = options.hasher ?? nodeHasher;
  const now = options.now ?? (() => new Date());
  const lock = await acquireLock(`${path}.lock`, options.lock);
  if (!lock.ok) return lock;
  try {
    let fd: number;
    try {
      fd = openSync(path, 'r+');
    } catch (cause) {
      if ((cause as NodeJS.ErrnoException).code === 'ENOENT') return ok(undefined);
      throw cause;
    }
    try {
      const tail = readTail(fd);
      const torn = tornOf(tail);
      if (torn === undefined) return ok(undefined);
      const at = now();
      const sidecar = `${path}.torn-${at.toISOString().replace(/[-:]/g, '').replace('.', '')}`;
      writeSynced(sidecar, tail.rest, 'wx');
      const record: RecoveryRecord = {
        ts: at.toISOString(),
        ledger: path.slice(path.lastIndexOf('/') + 1),
        action: 'moved-torn-tail',
        sidecar: sidecar.slice(sidecar.lastIndexOf('/') + 1),
        offset: torn.offset,
        length: torn.length,
        sha256: sha256Hex(tail.rest, hasher),
      };
      writeSynced(`${path}.recovery.jsonl`, new TextEncoder().encode(JSON.stringify(record) + '\n'), 'a');
      ftruncateSync(fd, torn.offset);
      fdatasyncSync(fd);
      return ok(record);
    } finally {
      closeQuietly(fd);
    }
  } catch (cause) {
    return fail([error('ledger.io-error', `repairing ${path} failed: ${(cause as Error).message}`, { file: path })]);
  } finally {
    await lock.value.release();
  }
}

function writeSynced(path: string, data: Uint8Array, flag: 'wx' | 'a'): void {
  const fd = openSync(path, flag);
  try {
    writeAll(fd, data);
    fdatasyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Verifies a ledger file by streaming it, with the native hasher by default and the format from its name when not given. */
export async function verifyLedgerFile(path: string, options: VerifyOptions = {}): Promise<VerifySummary> {
  const opts: VerifyOptions = { hasher: nodeHasher, ...options };
  const format = resolveFormat(path, options.format);
  if (format) opts.format = format;
  return verify(createReadStream(path, { highWaterMark: 1 << 20 }), opts);
}
