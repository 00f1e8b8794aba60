import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import { type FormatId, bankFormatOfName, formatById } from '../../../formats/index.js';
import { readFeedbackLogEntries } from '../../../formats/feedback-log/verify.js';
import { type PayloadResolver, ledgerFormatOfFile } from '../../../services/ledger/index.js';
import { type VerifyFileOptions, type VerifyFileSummary, payloadsFrom, verifyLedgerFile } from '../../../services/ledger/verify-file.js';
import { parseLedgerText } from '../../../formats/memory-bank/ledger-text.js';
import { type Problem, error } from '../../../kernel/problems/index.js';
import type { Progress } from '../progress.js';

/** The format reported in `checked` for a ledger path; a hash chain that is no memory bank file is reported as `ledger`. */
export function ledgerFormat(path: string): FormatId | 'ledger' {
  return bankFormatOfName(path) ?? 'ledger';
}

/** Verifies a ledger file ({@link verifyLedgerFile}): JSON Lines ledgers streamed (progress by bytes), a feedback log read whole. */
export async function verifyLedgerPath(abs: string, rel: string, options: VerifyFileOptions, progress: Progress): Promise<VerifyFileSummary> {
  try {
    return await verifyLedgerFile({ path: rel, text: () => readFile(abs, 'utf8'), chunks: () => chunksOf(abs, progress) }, options);
  } catch (cause) {
    // A file stat found but the OS will not let memkit read is a problem with the file.
    if (!isFsError(cause)) throw cause;
    return { entries: 0, head: '0'.repeat(64), chain: 'canonical', preambleLines: 0, problems: [unreadable(cause)], raisedErrors: true };
  }
}

async function* chunksOf(abs: string, progress: Progress): AsyncGenerator<Uint8Array> {
  const total = (await stat(abs)).size;
  let done = 0;
  for await (const chunk of createReadStream(abs, { highWaterMark: 1 << 20 })) {
    done += (chunk as Buffer).length;
    progress.update(done, total);
    yield chunk as Uint8Array;
  }
}

/** A thrown Node file-system error (it has a string `code` such as `EACCES`). */
export const isFsError = (cause: unknown): cause is NodeJS.ErrnoException =>
  typeof (cause as { code?: unknown } | null)?.code === 'string' && typeof (cause as { syscall?: unknown }).syscall === 'string';

/** The `check.unreadable` problem for a file the OS would not let memkit read. */
export function unreadable(cause: NodeJS.ErrnoException): Problem {
  return error('check.unreadable', `cannot read the file: ${cause.code}`);
}

/** Every entry of a ledger file (for proofs), with parse problems. */
export async function ledgerEntries(abs: string, rel: string): Promise<{ entries: { line: number; value: unknown }[]; problems: Problem[] }> {
  let text: string;
  try {
    text = await readFile(abs, 'utf8');
  } catch (cause) {
    if (!isFsError(cause)) throw cause;
    return { entries: [], problems: [unreadable(cause)] };
  }
  const format = ledgerFormatOfFile(rel);
  if (format !== undefined && formatById(format).ledger?.entries === 'yaml-blocks') return readFeedbackLogEntries(text, rel);
  const parsed = parseLedgerText(text, { file: rel });
  return { entries: parsed.entries, problems: parsed.problems };
}

/** Payloads larger than this are not read (their hash is not checked). */
const MAX_PAYLOAD_BYTES = 64 * 1024 * 1024;

/**
 * Resolves payloads for `memkit verify` as `memkit check` does
 * ({@link payloadsFrom}): beside the ledger, then at the root (`rootAbs`
 * when the ledger is inside it, else the ledger's directory); only regular
 * files inside the root are read.
 */
export function payloadResolver(ledgerAbs: string, rootAbs: string): PayloadResolver {
  const rel = relative(rootAbs, ledgerAbs).split(sep).join('/');
  const inside = rel !== '' && !rel.startsWith('../') && rel !== '..' && !isAbsolute(rel);
  const root = inside ? rootAbs : dirname(ledgerAbs);
  const dir = inside && rel.includes('/') ? rel.slice(0, rel.lastIndexOf('/')) : '';
  return payloadsFrom(dir, async (path) => {
    const abs = join(root, ...path.split('/'));
    const info = await stat(abs).catch(() => undefined);
    if (info === undefined || !info.isFile() || info.size > MAX_PAYLOAD_BYTES) return undefined;
    return readFile(abs)
      .then((b) => new Uint8Array(b))
      .catch(() => undefined);
  });
}
