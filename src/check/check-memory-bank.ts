import { verifyEntries, verifyText } from '../ledger/index.js';
import type { LedgerKind } from '../ledger/index.js';
import { parseFeedbackLog, parseProgressTable, parseSystemPatterns, systemPatternsBodyHash } from '../parse/index.js';
import type { CheckContext, LoadedFile } from './context.js';
import { checkJsonFormat } from './check-json-format.js';
import { dirOf } from './layout.js';

const LEDGERS: Partial<Record<string, LedgerKind>> = {
  'product-context': 'productContext',
  'active-context': 'activeContext',
  'decision-log': 'decisionLog',
  'risk-register': 'riskRegister',
};

/** What the cross-file memory bank rules need from one bank directory. */
export interface BankFacts {
  /** systemPatterns.md: its path, body hash and the line of its `hash:` key. */
  systemPatterns?: { path: string; bodyHash: string; line: number };
  /** decisionLog.md: its path and every entry's `diff_hash`. */
  decisionLog?: { path: string; diffHashes: Set<string> };
}

/** Checks one memory bank file by its format: ledger chains, the systemPatterns.md header hash, the progress table, JSON state files. */
export function checkMemoryBankFile(file: LoadedFile, ctx: CheckContext, banks: Map<string, BankFacts>): void {
  const bank = banks.get(dirOf(file.path)) ?? {};
  banks.set(dirOf(file.path), bank);
  const kind = LEDGERS[file.format];
  if (kind !== undefined) {
    const summary = verifyText(file.text, { kind, file: file.path, hasher: ctx.env.hasher, maxProblems: 1000, jsonl: { limits: { maxFileBytes: ctx.env.maxFileBytes } } });
    ctx.report(file, summary.problems);
    if (kind === 'decisionLog') {
      const diffHashes = new Set<string>();
      // Only the diff hashes are kept, not the entries: memory stays flat in the ledger size.
      for (const m of file.text.matchAll(/"diff_hash"\s*:\s*"([0-9a-f]{64})"/g)) diffHashes.add(m[1]!);
      bank.decisionLog = { path: file.path, diffHashes };
    }
    return;
  }
  switch (file.format) {
    case 'system-patterns': {
      const parsed = parseSystemPatterns(file.text, { file: file.path, hasher: ctx.env.hasher });
      ctx.report(file, parsed.problems ?? []);
      // The backing check needs only the body hash, so it runs even when the header is wrong.
      const bodyHash = parsed.ok ? parsed.value.bodyHash : systemPatternsBodyHash(file.text, ctx.env.hasher);
      const hashLine = file.text.split('\n').findIndex((l) => /^\s*hash\s*:/.test(l));
      if (bodyHash !== undefined) bank.systemPatterns = { path: file.path, bodyHash, line: hashLine >= 0 ? hashLine + 1 : 1 };
      return;
    }
    case 'progress': {
      const parsed = parseProgressTable(file.text, { file: file.path });
      ctx.report(file, parsed.ok ? (parsed.problems ?? []) : parsed.problems);
      return;
    }
    case 'feedback-log': {
      const parsed = parseFeedbackLog(file.text, { file: file.path, validateEntries: false });
      if (!parsed.ok) {
        ctx.report(file, parsed.problems);
        return;
      }
      ctx.report(file, parsed.problems ?? []);
      const entries = parsed.value.entries.map((e) => ({ line: e.line ?? 1, value: e.value }));
      ctx.report(file, verifyEntries(entries, { kind: 'feedbackLog', file: file.path, hasher: ctx.env.hasher }).problems);
      return;
    }
    case 'workflow-state':
      checkJsonFormat(file, 'workflow-state', ctx);
      return;
    case 'artifacts-manifest':
      checkJsonFormat(file, 'artifacts-manifest', ctx);
      return;
    default:
      return;
  }
}

/**
 * Memory bank rules across files: `systemPatterns.md` must be backed by a
 * `decisionLog.md` entry in the same directory whose `diff_hash` is the
 * systemPatterns body hash.
 */
export function crossCheckMemoryBank(banks: Map<string, BankFacts>, ctx: CheckContext): void {
  for (const bank of banks.values()) {
    const sp = bank.systemPatterns;
    if (sp === undefined) continue;
    if (bank.decisionLog?.diffHashes.has(sp.bodyHash)) continue;
    ctx.error(
      'ledger.system-patterns-unbacked',
      bank.decisionLog
        ? `no entry of ${bank.decisionLog.path} has diff_hash ${sp.bodyHash} (the body hash of systemPatterns.md)`
        : 'there is no decisionLog.md beside systemPatterns.md to back its current body',
      { file: sp.path, line: sp.line },
    );
  }
}
