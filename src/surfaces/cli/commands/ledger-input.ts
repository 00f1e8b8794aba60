import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import { type FormatId, bankFormatOfName } from '../../../formats/index.js';
import { readFeedbackLogEntries } from '../../../formats/feedback-log/verify.js';
import { type PayloadResolver, ledgerFormatOfFile } from '../../../services/ledger/index.js';
import { type VerifyFileOptions, type VerifyFileSummary, payloadsFrom, verifyLedgerFile } from '../../../services/ledger/verify-file.js';
import { parseLedgerText } from '../../../formats/memory-bank/ledger-text.js';
import { type Problem, error } from '../../../kernel/problems/index.js';
import type { Progress } from '../progress.js';

/**
 * The file format id reported in `checked` for a ledger path, from the table
 * of formats; a hash chain that is no memory bank file (any JSON Lines ledger
 * `verify` accepts) has no file format and is reported as `ledger`.
 */
export function ledgerFormat(path: string): FormatId | 'ledger' {
  return bankFormatOfName(path) ?? 'ledger';
}

/** `feedback-log.md` holds its entries as Markdown blocks (heading + YAML), not JSON lines. */
const isBlocks = (format: FormatId | undefined) => format === 'feedback-log';

/**
 * Verifies a ledger file through the one verify of a ledger file
 * ({@link verifyLedgerFile}): JSON Lines ledgers are streamed (memory flat
 * in the file size, progress by bytes), `feedback-log.md` is read whole.
 */
export async function verifyLedgerPath(abs: string, rel: string, options: VerifyFileOptions, progress: Progress): Promise<VerifyFileSummary> {
  try {
    return await verifyLedgerFile({ path: rel, text: () => readFile(abs, 'utf8'), chunks: () => chunksOf(abs, progress) }, options);
  } catch (cause) {
    // A file that stat found but cannot be read (permissions, I/O) is a problem with the file, reported like any other.
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
  if (isBlocks(ledgerFormatOfFile(rel))) return readFeedbackLogEntries(text, rel);
  const parsed = parseLedgerText(text, { file: rel });
  return { entries: parsed.entries, problems: parsed.problems };
}

/** Payloads larger than this are not read (their hash is not checked). */
const MAX_PAYLOAD_BYTES = 64 * 1024 * 1024;

/**
 * Resolves `payload_loc` for `memkit verify` as `memkit check` resolves it
 * ({@link payloadsFrom}): beside the ledger, then at the root. The root is
 * `rootAbs` (the working directory) when the ledger is inside it, else the
 * ledger's own directory; nothing outside the root is read, and only
 * regular files. The verifier matches the bytes' hash or their canonical
 * JSON's, as `memkit check` does.
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
    return readFile(abs).then(
      (b) => new Uint8Array(b),
      () => undefined,
    );
  });
}
