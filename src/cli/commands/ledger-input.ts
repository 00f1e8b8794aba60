import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { type LedgerKind, kindForFile, verify, verifyEntries, type VerifyOptions, type VerifySummary } from '../../ledger/index.js';
import { parseFeedbackLog, parseLedgerText } from '../../parse/index.js';
import { type Problem } from '../../problems/index.js';
import type { Progress } from '../progress.js';

/** The kind of a ledger file from its name, and whether it is `feedback-log.md` (blocks, not lines). */
export function ledgerKindOf(path: string): { kind?: LedgerKind; blocks: boolean } {
  const kind = kindForFile(path);
  return { ...(kind ? { kind } : {}), blocks: kind === 'feedbackLog' };
}

/** The file format id reported in `checked` for a ledger path. */
export function ledgerFormat(path: string): string {
  const kind = kindForFile(path);
  return kind === undefined ? 'ledger' : { decisionLog: 'decision-log', riskRegister: 'risk-register', productContext: 'product-context', activeContext: 'active-context', feedbackLog: 'feedback-log' }[kind];
}

/** A `.md` ledger has a Markdown preamble; a `.jsonl`/`.ndjson` ledger does not. */
const hasPreamble = (path: string) => !/\.(jsonl|ndjson)$/i.test(path);

/**
 * Verifies a ledger file. JSON Lines ledgers are streamed (memory flat in the
 * file size, progress by bytes); `feedback-log.md` is parsed into blocks.
 */
export async function verifyLedgerPath(abs: string, rel: string, options: VerifyOptions, progress: Progress): Promise<VerifySummary> {
  const { kind, blocks } = ledgerKindOf(rel);
  const opts: VerifyOptions = { ...options, file: rel, ...(kind ? { kind } : {}), preamble: hasPreamble(rel) };
  if (blocks) {
    const parsed = parseFeedbackLog(await readFile(abs, 'utf8'), { file: rel, validateEntries: false });
    if (!parsed.ok) return { entries: 0, head: '0'.repeat(64), preambleLines: 0, problems: parsed.problems };
    const summary = verifyEntries(parsed.value.entries.map((e) => ({ line: e.line ?? 1, value: e.value })), opts);
    return { ...summary, problems: [...(parsed.problems ?? []), ...summary.problems] };
  }
  const total = (await stat(abs)).size;
  let done = 0;
  async function* chunks(): AsyncGenerator<Uint8Array> {
    for await (const chunk of createReadStream(abs, { highWaterMark: 1 << 20 })) {
      done += (chunk as Buffer).length;
      progress.update(done, total);
      yield chunk as Uint8Array;
    }
  }
  return verify(chunks(), opts);
}

/** Every entry of a ledger file (for proofs), with parse problems. */
export async function ledgerEntries(abs: string, rel: string): Promise<{ entries: { line: number; value: unknown }[]; problems: Problem[] }> {
  const text = await readFile(abs, 'utf8');
  if (ledgerKindOf(rel).blocks) {
    const parsed = parseFeedbackLog(text, { file: rel, validateEntries: false });
    if (!parsed.ok) return { entries: [], problems: parsed.problems };
    return { entries: parsed.value.entries.map((e) => ({ line: e.line ?? 1, value: e.value })), problems: parsed.problems ?? [] };
  }
  const parsed = parseLedgerText(text, { file: rel });
  return { entries: parsed.entries, problems: parsed.problems };
}
