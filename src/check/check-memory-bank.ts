import { DEFAULT_WRITER_POLICY, checkWrite, verifyEntries, verifyText } from '../ledger/index.js';
import { sha256Hex } from '../canonical/index.js';
import type { LedgerKind } from '../ledger/index.js';
import { parseFeedbackLog, parseLedgerText, parseProgressTable, parseSystemPatterns, splitFrontmatter } from '../parse/index.js';
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
  /** systemPatterns.md: its path, body and the line of its `hash:` key. */
  systemPatterns?: { path: string; body: string; line: number };
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
    const author = AUTHOR_FIELD[kind];
    if (author !== undefined) checkWriters(file, author, ctx);
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
      // The backing check needs only the body, so it runs even when the header is wrong.
      const split = splitFrontmatter(file.text);
      const hashLine = file.text.split('\n').findIndex((l) => /^\s*hash\s*:/.test(l));
      if ('body' in split) bank.systemPatterns = { path: file.path, body: split.body, line: hashLine >= 0 ? hashLine + 1 : 1 };
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

/** Ledgers whose entries name the agent that wrote them, and the field that does. */
const AUTHOR_FIELD: Partial<Record<LedgerKind, string>> = { productContext: 'author_agent', riskRegister: 'reporter_agent' };

// Writer policy: every entry's author must be a writer the seed allows for the file.
function checkWriters(file: LoadedFile, field: string, ctx: CheckContext): void {
  for (const { line, value } of parseLedgerText(file.text).entries) {
    const agent = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[field] : undefined;
    if (typeof agent !== 'string') continue;
    ctx.report(file, checkWrite(DEFAULT_WRITER_POLICY, agent, file.path, 'append').filter((p) => p.code === 'ledger.writer-denied').map((p) => ({ ...p, line, pointer: '/' + field })));
  }
}

const MAX_BACKING_LINES = 2000;

/**
 * True when the body is the concatenation of line-aligned pieces each of whose
 * SHA-256 is some decision's `diff_hash`: the first version (hashed whole) and
 * every later append (hashed as appended), as `checkSystemPatternsChange` requires.
 */
export function isBodyBacked(body: string, diffHashes: ReadonlySet<string>, hasher: CheckContext['env']['hasher']): boolean {
  if (diffHashes.has(sha256Hex(body, hasher))) return true;
  const starts = [0];
  for (let i = body.indexOf('\n'); i >= 0 && i < body.length - 1; i = body.indexOf('\n', i + 1)) starts.push(i + 1);
  starts.push(body.length);
  if (starts.length > MAX_BACKING_LINES) return false;
  const reached = new Array<boolean>(starts.length).fill(false);
  reached[0] = true;
  for (let a = 0; a < starts.length - 1; a++) {
    if (!reached[a]) continue;
    for (let b = a + 1; b < starts.length; b++) {
      if (!reached[b] && diffHashes.has(sha256Hex(body.slice(starts[a], starts[b]), hasher))) reached[b] = true;
    }
    if (reached[starts.length - 1]) return true;
  }
  return reached[starts.length - 1]!;
}

/**
 * Memory bank rules across files: `systemPatterns.md` must be backed by
 * `decisionLog.md` entries in the same directory: its body must be the first
 * version plus appends, each with a decision whose `diff_hash` is its SHA-256.
 */
export function crossCheckMemoryBank(banks: Map<string, BankFacts>, ctx: CheckContext): void {
  for (const bank of banks.values()) {
    const sp = bank.systemPatterns;
    if (sp === undefined) continue;
    if (bank.decisionLog && isBodyBacked(sp.body, bank.decisionLog.diffHashes, ctx.env.hasher)) continue;
    ctx.error(
      'ledger.system-patterns-unbacked',
      bank.decisionLog
        ? `the body of systemPatterns.md is not backed by ${bank.decisionLog.path}: no entries' diff_hash values cover it (the first version and each append)`
        : 'there is no decisionLog.md beside systemPatterns.md to back its body',
      { file: sp.path, line: sp.line },
    );
  }
}
