import { checkWrite, verifyEntries, verifyText } from '../ledger/index.js';
import { sha256Hex } from '../canonical/index.js';
import type { LedgerKind } from '../ledger/index.js';
import { parseFeedbackLog, parseFrontmatter, parseLedgerText, parseProgressTable, parseSystemPatterns, splitFrontmatter } from '../parse/index.js';
import { type Problem, type Result, error, ok, warning } from '../problems/index.js';
import type { CheckContext, LoadedFile } from './context.js';
import { checkJsonFormat } from './check-json-format.js';
import { dirOf } from './layout.js';
import { type PayloadDigests, payloadDigests, payloadMatch, resolvePayloadLoc } from './payload.js';

const LEDGERS: Partial<Record<string, LedgerKind>> = {
  'product-context': 'productContext',
  'active-context': 'activeContext',
  'decision-log': 'decisionLog',
  'risk-register': 'riskRegister',
};

/** A file whose reading depends on the bank's dialect: its problems wait until every file of the bank was seen. */
interface HeldFile {
  path: string;
  /** `ledger`: a ledger with text but no entries (or whose first entry line is in a code fence); `header`: systemPatterns.md without its header; `table`: progress.md without a table. */
  why: 'ledger' | 'header' | 'table';
  problems: Problem[];
}

/** What the cross-file memory bank rules need from one bank directory. */
export interface BankFacts {
  /** systemPatterns.md: its path, body and the line of its `hash:` key. */
  systemPatterns?: { path: string; body: string; line: number };
  /** decisionLog.md: its path and every entry's `diff_hash`. */
  decisionLog?: { path: string; diffHashes: Set<string> };
  /** True once a ledger holds a JSON line or systemPatterns.md has its header: the JSON Lines dialect. */
  jsonLines?: boolean;
  /** Files that read as prose; reported as problems only in a JSON Lines dialect bank. */
  held?: HeldFile[];
  /** productContext.md entries' payload references. */
  payloads?: { file: string; line: number; loc: string; hash: string }[];
}

/** Reads files named by ledger entries (payloads) for the cross-file checks. */
export interface PayloadReader {
  /** True when the checked directory holds `path` (relative, `/`-separated). */
  has(path: string): boolean;
  read(path: string): Promise<Result<Uint8Array>>;
}

/**
 * Checks one memory bank file by its format: ledger chains, the
 * systemPatterns.md header hash, the progress table, JSON state files.
 * Files that read as prose (a ledger with no entry line, systemPatterns.md
 * without its header, progress.md without a table) are held back: whether
 * that is a problem depends on the bank's dialect, known only after every
 * file of the bank was seen ({@link crossCheckMemoryBank}).
 */
export function checkMemoryBankFile(file: LoadedFile, ctx: CheckContext, banks: Map<string, BankFacts>): void {
  const bank = banks.get(dirOf(file.path)) ?? {};
  banks.set(dirOf(file.path), bank);
  const hold = (why: HeldFile['why'], problems: Problem[]) => (bank.held ??= []).push({ path: file.path, why, problems });
  const kind = LEDGERS[file.format];
  if (kind !== undefined) {
    const summary = verifyText(file.text, { kind, file: file.path, hasher: ctx.env.hasher, maxProblems: ctx.env.maxProblems, jsonl: { limits: { maxFileBytes: ctx.env.maxFileBytes } } });
    // No entry, or the first `{` line sits in a fenced code block of the Markdown (a JSON sample in prose):
    // an empty ledger, or prose where entries belong. Whether its problems count depends on the dialect.
    // Lone-CR line endings hide the entries from the line splitter: the file holds entries, wrongly ended, not prose.
    const crOnly = summary.problems.some((p) => p.code === 'ledger-text.cr-line-endings');
    if (!crOnly && (summary.entries === 0 || opensInFence(file.text, summary.preambleLines))) {
      if (file.text.trim() !== '') hold('ledger', summary.problems);
      return;
    }
    bank.jsonLines = true;
    ctx.report(file, summary.problems);
    const author = AUTHOR_FIELD[kind];
    const entries = author !== undefined || kind === 'productContext' ? parseLedgerText(file.text).entries : [];
    if (author !== undefined) checkWriters(file, entries, author, ctx);
    if (kind === 'productContext') {
      for (const { line, value } of entries) {
        const e = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
        if (typeof e.payload_hash === 'string' && typeof e.payload_loc === 'string') (bank.payloads ??= []).push({ file: file.path, line, loc: e.payload_loc, hash: e.payload_hash });
      }
    }
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
      // The backing check needs only the body, so it runs even when the header is wrong.
      const split = splitFrontmatter(file.text);
      if ('missing' in split) {
        hold('header', parsed.problems ?? []);
        return;
      }
      bank.jsonLines = true;
      ctx.report(file, ctx.env.lockedBy === undefined ? (parsed.problems ?? []) : lockedByProblems(file, parsed.problems ?? [], ctx.env.lockedBy));
      const hashLine = file.text.split('\n').findIndex((l) => /^\s*hash\s*:/.test(l));
      if ('body' in split) bank.systemPatterns = { path: file.path, body: split.body, line: hashLine >= 0 ? hashLine + 1 : 1 };
      return;
    }
    case 'progress': {
      const parsed = parseProgressTable(file.text, { file: file.path });
      const problems = parsed.ok ? (parsed.problems ?? []) : parsed.problems;
      if (problems.some((p) => p.code === 'table.missing')) hold('table', problems);
      else ctx.report(file, problems);
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

// True when the first `preambleLines` lines leave a ``` or ~~~ fence open.
function opensInFence(text: string, preambleLines: number): boolean {
  let open = false;
  let start = 0;
  for (let n = 0; n < preambleLines && start <= text.length; n++) {
    const end = text.indexOf('\n', start);
    const line = text.slice(start, end === -1 ? text.length : end);
    if (/^\s{0,3}(```|~~~)/.test(line)) open = !open;
    if (end === -1) break;
    start = end + 1;
  }
  return open;
}

/** Ledgers whose entries name the agent that wrote them, and the field that does. */
const AUTHOR_FIELD: Partial<Record<LedgerKind, string>> = { productContext: 'author_agent', riskRegister: 'reporter_agent' };

// Writer policy: every entry's author must be a writer the seed allows for the file.
function checkWriters(file: LoadedFile, entries: readonly { line: number; value: unknown }[], field: string, ctx: CheckContext): void {
  for (const { line, value } of entries) {
    const agent = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[field] : undefined;
    if (typeof agent !== 'string') continue;
    ctx.report(file, checkWrite(ctx.env.writerPolicy, agent, file.path, 'append').filter((p) => p.code === 'ledger.writer-denied').map((p) => ({ ...p, line, pointer: '/' + field })));
  }
}

// A configured `lockedBy` replaces the seed's ReaperOAK: the header's own locked_by problems give way to this one comparison.
function lockedByProblems(file: LoadedFile, problems: readonly Problem[], lockedBy: string): Problem[] {
  const out = problems.filter((p) => !(p.pointer === '/locked_by' || p.pointer === '/header/locked_by'));
  const doc = parseFrontmatter(file.text);
  if (!doc.ok) return out;
  const data = doc.value.data as Record<string, unknown>;
  const nested = typeof data.header === 'object' && data.header !== null && !Array.isArray(data.header);
  const value = (nested ? (data.header as Record<string, unknown>) : data).locked_by;
  if (value !== lockedBy) out.push(error('schema.const', `locked_by must be ${JSON.stringify(lockedBy)} (the configured memoryBank.lockedBy), not ${JSON.stringify(value ?? null)}`, { pointer: `${nested ? '/header' : ''}/locked_by`, line: doc.value.yamlLine ?? 1 }));
  return out;
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
 * Memory bank rules across files. The dialect: a bank is in the JSON Lines
 * dialect when a ledger holds a JSON line or systemPatterns.md has its header,
 * the prose dialect otherwise. In the JSON Lines dialect held-back files are
 * reported (a ledger with text but no entries is `check.ledger-no-entries`, a
 * warning); a prose bank gets one `check.prose-memory-bank` warning naming the
 * files read as prose, whose ledgers were not verified as chains.
 * `systemPatterns.md` must be backed by `decisionLog.md` entries in the same
 * directory: its body must be the first version plus appends, each with a
 * decision whose `diff_hash` is its SHA-256. With `payloads`, each
 * productContext.md entry's `payload_hash` is compared with the file its
 * `payload_loc` names.
 */
export async function crossCheckMemoryBank(banks: Map<string, BankFacts>, ctx: CheckContext, payloads?: PayloadReader): Promise<void> {
  for (const [dir, bank] of banks) {
    reportHeld(dir, bank, ctx);
    if (payloads !== undefined) await checkPayloads(dir, bank, ctx, payloads);
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

function reportHeld(dir: string, bank: BankFacts, ctx: CheckContext): void {
  const held = bank.held ?? [];
  if (held.length === 0) return;
  if (bank.jsonLines) {
    for (const h of held) {
      if (h.why === 'ledger' && h.problems.length > 0) ctx.report(h.path, h.problems);
      else if (h.why === 'ledger') ctx.problems.push(warning('check.ledger-no-entries', 'this ledger holds text but no entries (no line starts with `{`); the other files of this memory bank are JSON Lines, so nothing here was verified', { file: h.path, line: 1 }));
      else ctx.report(h.path, h.problems);
    }
    return;
  }
  const names = held.map((h) => h.path.slice(h.path.lastIndexOf('/') + 1)).join(', ');
  const ledgers = held.filter((h) => h.why === 'ledger').length;
  ctx.problems.push(
    warning(
      'check.prose-memory-bank',
      `this memory bank is in the prose dialect (no ledger holds a JSON line and systemPatterns.md has no header): ${names} ${held.length === 1 ? 'was' : 'were'} read as plain Markdown` +
        (ledgers > 0 ? `; ${ledgers === 1 ? 'its ledger was' : `its ${ledgers} ledgers were`} not verified as hash chains` : ''),
      { file: dir === '' ? '.' : dir },
    ),
  );
}

async function checkPayloads(dir: string, bank: BankFacts, ctx: CheckContext, reader: PayloadReader): Promise<void> {
  // Many entries may name one payload: each file is read and hashed once.
  const digests = new Map<string, Result<PayloadDigests>>();
  for (const ref of bank.payloads ?? []) {
    const candidates = [resolvePayloadLoc(dir, ref.loc), resolvePayloadLoc('', ref.loc)].filter((p): p is string => p !== undefined);
    // A URL, an absolute path or one leaving the checked directory is not ours to read.
    if (candidates.length === 0) continue;
    const path = candidates.find((p) => reader.has(p));
    const where = { file: ref.file, line: ref.line, pointer: '/payload_loc' };
    if (path === undefined) {
      ctx.problems.push(warning('ledger.payload-missing', `payload ${ref.loc} is not in the checked directory (looked for ${[...new Set(candidates)].join(' and ')}); payload_hash not checked`, where));
      continue;
    }
    let d = digests.get(path);
    if (d === undefined) {
      const read = await reader.read(path);
      d = read.ok ? ok(payloadDigests(read.value, ctx.env.hasher)) : read;
      digests.set(path, d);
    }
    if (!d.ok) {
      ctx.problems.push(warning('ledger.payload-missing', `payload ${path} could not be read (${d.problems[0]?.message ?? 'unknown reason'}); payload_hash not checked`, where));
      continue;
    }
    if (payloadMatch(d.value, ref.hash, ctx.env.hasher) === undefined) {
      ctx.problems.push(
        error('ledger.payload-hash-mismatch', `payload ${path} does not hash to payload_hash: neither the SHA-256 of its bytes nor that of its canonical JSON matches`, { ...where, pointer: '/payload_hash' }),
      );
    }
  }
}
