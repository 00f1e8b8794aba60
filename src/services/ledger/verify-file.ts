import { feedbackLog } from '../../formats/index.js';
import { verifyFeedbackLog } from '../../formats/feedback-log/verify.js';
import { type LedgerFormatId, ledgerFormatOfFile } from '../../formats/memory-bank/ledgers.js';
import { type PayloadResolver, type VerifyOptions, type VerifySummary, verify } from '../../formats/memory-bank/verify.js';
import { payloadCandidates } from '../../formats/product-context/payload.js';
import type { Problem } from '../../kernel/problems/index.js';
import type { JsonlSource } from '../../syntax/jsonl.js';

/** A ledger file to verify: its path, and its bytes whole or streamed. */
export interface LedgerFile {
  /** The path problems name; its name gives the format, a `.jsonl`/`.ndjson` name means no Markdown preamble. */
  path: string;
  /** The format, when the caller knows it (default: from `path`'s name; none: only the chain is checked). */
  format?: LedgerFormatId;
  /** The whole text (read for `feedback-log.md`, and when `chunks` is absent). */
  text(): Promise<string>;
  /** The bytes as a stream, for a ledger too large to hold. */
  chunks?(): JsonlSource;
}

/** Options of {@link verifyLedgerFile}: {@link VerifyOptions} less what the file itself says, and the severity decision. */
export interface VerifyFileOptions extends Omit<VerifyOptions, 'file' | 'format' | 'preamble'> {
  /** Each problem as reported, or undefined to drop it: `memkit check`'s policy decision, so verify rates problems as check does (default: as raised). */
  decide?: (problem: Problem) => Problem | undefined;
}

/** What {@link verifyLedgerFile} found: the {@link VerifySummary}, its problems decided. */
export interface VerifyFileSummary extends VerifySummary {
  /** True when a problem was raised as an error, whatever `decide` made of it (something is wrong, not merely no entry). */
  raisedErrors: boolean;
}

/**
 * Verifies one ledger file as every surface does (`memkit verify`, `memkit
 * checkpoint`, the MCP `verify` tool): `feedback-log.md` through its block
 * reader, any other through the streaming verifier, then each problem through
 * `decide`. The summary's problems are in line order.
 * @example
 * declare const text: string; // the file's contents
 * const s = await verifyLedgerFile({ path: 'memory-bank/decisionLog.md', text: async () => text }, { hasher: jsHasher });
 */
export async function verifyLedgerFile(file: LedgerFile, options: VerifyFileOptions = {}): Promise<VerifyFileSummary> {
  const { decide, ...rest } = options;
  const format = file.format ?? ledgerFormatOfFile(file.path);
  const opts: VerifyOptions = { ...rest, file: file.path, ...(format === undefined ? {} : { format }), preamble: !/\.(jsonl|ndjson)$/i.test(file.path) };
  const summary = format === feedbackLog.id ? verifyFeedbackLog(await file.text(), opts) : await verify(file.chunks?.() ?? (await file.text()), opts);
  const raisedErrors = summary.problems.some((p) => p.severity === 'error');
  const problems = decide === undefined ? [...summary.problems] : summary.problems.flatMap((p) => decide(p) ?? []);
  // A feedback log its reader refused lists its problems in the order they were found (an entry's text before its heading's).
  problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  return { ...summary, problems, raisedErrors };
}

/** Reads a payload by its path relative to the root; undefined when it is absent or not to be read. */
export type PayloadRead = (path: string) => Promise<Uint8Array | undefined>;

/**
 * The payload resolver of a ledger in `dir` (root-relative, `''` for the
 * root): a payload is looked up beside the ledger, then at the root, as
 * `memkit check` does (never outside the root). Each path is read once.
 */
export function payloadsFrom(dir: string, read: PayloadRead): PayloadResolver {
  const cache = new Map<string, Promise<Uint8Array | undefined>>();
  const once = (path: string) => {
    let p = cache.get(path);
    if (p === undefined) cache.set(path, (p = read(path)));
    return p;
  };
  return async (loc) => {
    for (const path of payloadCandidates(dir, loc)) {
      const bytes = await once(path);
      if (bytes !== undefined) return bytes;
    }
    return undefined;
  };
}
