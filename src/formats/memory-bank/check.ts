import { verifyFeedbackLog } from '../feedback-log/verify.js';
import { checkWrite } from './policy.js';
import { verifyParsed } from './verify.js';
import { redactionOf, tombstoneOf } from './redaction.js';
import { sha256Hex } from '../../kernel/canonical/index.js';
import { LEDGER_FORMATS, type LedgerFormatId, isLedgerFormat } from './ledgers.js';
import { findIdCollisions, idCollisionProblem } from '../../syntax/id-spelling.js';
import { type FrontmatterDoc, markdownOutline, parseFrontmatter, splitFrontmatter } from '../../syntax/index.js';
import { parseLedgerText } from './ledger-text.js';
import { parseProgressTable } from '../progress/parse.js';
import { parseSystemPatterns } from '../system-patterns/parse.js';
import { type Problem, type Result, error, ok, warning } from '../../kernel/problems/index.js';
import type { CheckContext, LoadedFile } from '../check-context.js';
import { checkJsonFormat } from '../check-json.js';
import { getFormat } from '../../schema/registry.js';
import { baseOf, dirOf } from '../layout.js';
import { COMPACTS_FIELD, type Compacts, compactionRoot, compactsOf } from './compaction.js';
import { type PayloadDigests, payloadCandidates, payloadDigests, payloadMatch } from '../product-context/payload.js';

/** The ledgers of JSON lines (`feedback-log.md` holds Markdown blocks, read below). */
const isJsonLinesLedger = (format: string): format is Exclude<LedgerFormatId, 'feedback-log'> => isLedgerFormat(format) && format !== 'feedback-log';

/** Codes of a `{` line that is no readable entry (broken, torn or unhashable JSON): outside a fence it still makes the file a ledger. */
const FAILED_ENTRY_CODES: ReadonlySet<string> = new Set(['ledger.unparseable-line', 'ledger.torn-tail', 'json.uncovered-key', 'json.duplicate-key', 'json.lone-surrogate']);

const fieldsByFormat = new Map<string, ReadonlySet<string>>();

function entryFields(format: Exclude<LedgerFormatId, 'feedback-log'>): ReadonlySet<string> {
  let fields = fieldsByFormat.get(format);
  if (fields === undefined) {
    const schema = getFormat(LEDGER_FORMATS[format].schemaId)?.schema as { properties?: object } | undefined;
    fields = new Set(Object.keys(schema?.properties ?? {}));
    fieldsByFormat.set(format, fields);
  }
  return fields;
}

/** True when `keys` could not be an accident of prose: one snake_case field the seed spells its own way (`diff_hash`), or two fields. */
function isEvidence(keys: Iterable<string>, fields: ReadonlySet<string>): boolean {
  let score = 0;
  for (const k of keys) if (fields.has(k) && (score += k.includes('_') ? 2 : 1) >= 2) return true;
  return false;
}

function namesFields(line: string, fields: ReadonlySet<string>): boolean {
  return isEvidence(
    [...line.matchAll(/"([A-Za-z0-9_]+)"\s*:/g)].map((m) => m[1]!),
    fields,
  );
}

function lineAt(file: LoadedFile, n: number): string {
  const start = file.lines.lineStart(n);
  const end = file.text.indexOf('\n', start);
  return file.text.slice(start, end === -1 ? file.text.length : end);
}

/** A file whose reading depends on the bank's dialect: its problems wait until every file of the bank was seen. */
interface HeldFile {
  path: string;
  /** `ledger`: a ledger with text but no entries (or whose first entry line is in a code fence); `header`: systemPatterns.md without its header; `table`: progress.md without a table. */
  why: 'ledger' | 'header' | 'table';
  problems: Problem[];
  /** What reading it as plain Markdown found (a body too deep or costly for the full parser); reported in a prose bank. */
  markdown: Problem[];
}

/** A compaction of the active context recorded in decisionLog.md: its line, what it covers and its `diff_hash`. */
interface CompactionFact {
  line: number;
  compacts: Compacts;
  diffHash: unknown;
}

/** What the cross-file memory bank rules need from one bank directory. */
export interface BankFacts {
  /** systemPatterns.md: its path, body and the line of its `hash:` key. */
  systemPatterns?: { path: string; body: string; line: number; bodyLine: number };
  /** decisionLog.md: its path, every entry's `diff_hash`, and its compactions of the active context (with their lines). */
  decisionLog?: { path: string; diffHashes: Set<string>; compactions: CompactionFact[] };
  /** activeContext.md: its path and its entries, for the compactions to verify against. */
  active?: { path: string; entries: unknown[] };
  /** True once a ledger holds a JSON line or systemPatterns.md has its header: the JSON Lines dialect. */
  jsonLines?: boolean;
  /** Files that read as prose; reported as problems only in a JSON Lines dialect bank. */
  held?: HeldFile[];
  /** Bank files holding nothing but whitespace: an empty ledger in a JSON Lines bank, an empty core file in a prose one. */
  empty?: string[];
  /** productContext.md entries' payload references. */
  payloads?: { file: string; line: number; loc: string; hash: string }[];
}

/** Reads files named by ledger entries (payloads) for the cross-file checks. */
export interface PayloadReader {
  /** True when the checked directory holds `path` (relative, `/`-separated). */
  has(path: string): boolean;
  read(path: string): Promise<Result<Uint8Array>>;
}

/** Checks one memory bank file by its format; files that read as prose are held back until the bank's dialect is known ({@link crossCheckMemoryBank}). */
export function checkMemoryBankFile(file: LoadedFile, ctx: CheckContext, banks: Map<string, BankFacts>): void {
  const bank = banks.get(dirOf(file.path)) ?? {};
  banks.set(dirOf(file.path), bank);
  const hold = (why: HeldFile['why'], problems: Problem[]) => (bank.held ??= []).push({ path: file.path, why, problems, markdown: markdownOutline(file.text).problems });
  if (file.text.trim() === '') (bank.empty ??= []).push(file.path);
  const format = file.format;
  if (isJsonLinesLedger(format)) {
    const parsed = parseLedgerText(file.text, { limits: { maxFileBytes: ctx.env.maxFileBytes } });
    file.parsed = { kind: 'ledger', ledger: parsed };
    const summary = verifyParsed(parsed, {
      format,
      file: file.path,
      hasher: ctx.env.hasher,
      maxProblems: ctx.env.maxProblems,
      ...(ctx.env.countTokens === undefined ? {} : { validate: { countTokens: ctx.env.countTokens } }),
    });
    // No entry, or the first `{` line in a code fence (a JSON sample in prose): held for the dialect.
    // Lone-CR line endings hide the entries from the line splitter: entries, wrongly ended, not prose.
    const crOnly = summary.problems.some((p) => p.code === 'ledger-text.cr-line-endings');
    // An unreadable entry line is an entry all the same (a broken one-entry ledger must not pass as prose),
    // if it names entry fields: a prose sample such as `{ "theme": "dark" }` names none.
    const fields = entryFields(format);
    const failed = !opensInFence(file.text, summary.preambleLines) && summary.problems.some((p) => FAILED_ENTRY_CODES.has(p.code) && p.line !== undefined && namesFields(lineAt(file, p.line), fields));
    // Or the body is nothing but entry lines, two or more: no prose reads so.
    const onlyEntries = parsed.entries.length >= 2 && !summary.problems.some((p) => p.code === 'ledger-text.non-entry-line' || p.code === 'ledger.unparseable-line');
    const seedEntries = onlyEntries || parsed.entries.some((e) => typeof e.value === 'object' && e.value !== null && isEvidence(Object.keys(e.value), fields));
    if (!crOnly && !failed && (!seedEntries || opensInFence(file.text, summary.preambleLines))) {
      if (file.text.trim() !== '') hold('ledger', summary.problems);
      return;
    }
    bank.jsonLines = true;
    ctx.report(file, summary.problems);
    const { writerField: author, idField } = LEDGER_FORMATS[format];
    // Ids the ledger's own check takes as distinct but a reader would not: only text with non-ASCII characters can hold them.
    const spellings = idField !== undefined && NON_ASCII.test(file.text);
    const entries = parsed.entries;
    if (author !== undefined) checkWriters(file, entries, author, ctx);
    checkRedactors(file, entries, ctx);
    if (spellings) checkIdSpellings(file, entries, idField!, ctx);
    if (format === 'product-context') {
      for (const { line, value } of entries) {
        const e = value as Record<string, unknown>;
        if (typeof e.payload_hash === 'string' && typeof e.payload_loc === 'string') (bank.payloads ??= []).push({ file: file.path, line, loc: e.payload_loc, hash: e.payload_hash });
      }
    }
    if (format === 'decision-log') {
      const diffHashes = new Set<string>();
      const compactions: CompactionFact[] = [];
      for (const { line, value } of entries) {
        const hash = (value as Record<string, unknown>).diff_hash;
        if (typeof hash === 'string') diffHashes.add(hash.toLowerCase());
        const compacts = compactsOf(value);
        if (compacts !== undefined) compactions.push({ line, compacts, diffHash: hash });
      }
      bank.decisionLog = { path: file.path, diffHashes, compactions };
    }
    if (format === 'active-context') bank.active = { path: file.path, entries: entries.map((e) => e.value) };
    return;
  }
  switch (file.format) {
    case 'system-patterns': {
      const fm = parseFrontmatter(file.text, { file: file.path, optional: false });
      const parsed = parseSystemPatterns(file.text, { file: file.path, hasher: ctx.env.hasher, frontmatter: fm });
      file.parsed = { kind: 'system-patterns', result: parsed };
      // The backing check needs only the body, so it runs even when the header is wrong.
      const split = fm.ok ? { body: fm.value.body } : bodyOf(fm.problems[0]?.code, file.text);
      if (split.missing) {
        hold('header', parsed.problems ?? []);
        return;
      }
      bank.jsonLines = true;
      ctx.report(file, ctx.env.lockedBy === undefined ? (parsed.problems ?? []) : lockedByProblems(fm, parsed.problems ?? [], ctx.env.lockedBy));
      const hashLine = file.text.split('\n').findIndex((l) => /^\s*hash\s*:/.test(l));
      if (split.body !== undefined)
        bank.systemPatterns = { path: file.path, body: split.body, line: hashLine >= 0 ? hashLine + 1 : 1, bodyLine: 1 + countLines(file.text, file.text.length - split.body.length) };
      return;
    }
    case 'progress': {
      const parsed = parseProgressTable(file.text, { file: file.path });
      file.parsed = { kind: 'progress', table: parsed };
      const problems = parsed.ok ? (parsed.problems ?? []) : parsed.problems;
      if (problems.some((p) => p.code === 'table.missing')) hold('table', problems);
      else ctx.report(file, problems);
      return;
    }
    case 'feedback-log':
      ctx.report(file, verifyFeedbackLog(file.text, { file: file.path, hasher: ctx.env.hasher, maxProblems: ctx.env.maxProblems }).problems);
      return;
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

/** The body of a systemPatterns.md whose frontmatter did not parse (`code`: why), found by its delimiters with no YAML read. */
function bodyOf(code: string | undefined, text: string): { body?: string; missing?: true } {
  if (code === 'frontmatter.missing') return { missing: true };
  if (code === 'frontmatter.unclosed') return {};
  const split = splitFrontmatter(text);
  return 'missing' in split ? { missing: true } : 'body' in split ? { body: split.body } : {};
}

function countLines(text: string, end: number): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < end; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

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

const NON_ASCII = /[^\x00-\x7f]/;

/** Entry ids one in Unicode (NFC) or look-alike spellings, by memkit's one id-spelling rule. */
function checkIdSpellings(file: LoadedFile, entries: readonly { line: number; value: unknown }[], field: string, ctx: CheckContext): void {
  const ids = entries.map(({ value }) => {
    const id = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[field] : undefined;
    return typeof id === 'string' ? id : undefined;
  });
  const problems = findIdCollisions(ids).map((c) =>
    idCollisionProblem(c, `${field}`, ids[c.index]!, ids[c.first]!, `line ${entries[c.first]!.line}`, { file: file.path, line: entries[c.index]!.line, pointer: `/${field}` }),
  );
  ctx.report(file, problems);
}

// A redaction rewrites a ledger line: its tombstone and record name an agent the policy must allow to write the file.
function checkRedactors(file: LoadedFile, entries: readonly { line: number; value: unknown }[], ctx: CheckContext): void {
  for (const { line, value } of entries) {
    const tomb = tombstoneOf(value);
    const by = tomb?.by ?? redactionOf(value)?.by;
    if (by === undefined) continue;
    ctx.report(
      file,
      checkWrite(ctx.env.writerPolicy, by, file.path, 'append')
        .filter((p) => p.code === 'ledger.writer-denied')
        .map((p) => ({ ...p, message: `redacted by ${p.message}`, line, pointer: tomb !== undefined ? '/redacted/by' : '/redaction/by' })),
    );
  }
}

// Writer policy: the agent an entry's writer field names must be a writer the policy allows for the file, as the MCP `append` requires.
function checkWriters(file: LoadedFile, entries: readonly { line: number; value: unknown }[], field: string, ctx: CheckContext): void {
  for (const { line, value } of entries) {
    const agent = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[field] : undefined;
    if (typeof agent !== 'string') continue;
    ctx.report(
      file,
      checkWrite(ctx.env.writerPolicy, agent, file.path, 'append')
        .filter((p) => p.code === 'ledger.writer-denied')
        .map((p) => ({ ...p, line, pointer: '/' + field })),
    );
  }
}

// A configured `lockedBy` replaces the seed's ReaperOAK: the header's own locked_by problems give way to this one comparison.
function lockedByProblems(doc: Result<FrontmatterDoc>, problems: readonly Problem[], lockedBy: string): Problem[] {
  const out = problems.filter((p) => !(p.pointer === '/locked_by' || p.pointer === '/header/locked_by'));
  if (!doc.ok) return out;
  const data = doc.value.data as Record<string, unknown>;
  const nested = typeof data.header === 'object' && data.header !== null && !Array.isArray(data.header);
  const value = (nested ? (data.header as Record<string, unknown>) : data).locked_by;
  if (value !== lockedBy)
    out.push(
      error('schema.const', `locked_by must be ${JSON.stringify(lockedBy)} (the configured memoryBank.lockedBy), not ${JSON.stringify(value ?? null)}`, {
        pointer: `${nested ? '/header' : ''}/locked_by`,
        line: doc.value.yamlLine ?? 1,
      }),
    );
  return out;
}

const MAX_BACKING_LINES = 2000;

/** True when the body is line-aligned pieces (first version, then appends) each of whose SHA-256 is some decision's `diff_hash`. */
export function isBodyBacked(body: string, diffHashes: ReadonlySet<string>, hasher: CheckContext['env']['hasher']): boolean {
  return bodyBacking(body, diffHashes, hasher) === 'backed';
}

/** How far decisions back a systemPatterns.md body: wholly, no prefix at all (an unrecorded first version), or up to offset `from`. */
export function bodyBacking(body: string, diffHashes: ReadonlySet<string>, hasher: CheckContext['env']['hasher']): 'backed' | 'unrecorded' | { from: number } {
  if (diffHashes.has(sha256Hex(body, hasher))) return 'backed';
  const starts = [0];
  for (let i = body.indexOf('\n'); i >= 0 && i < body.length - 1; i = body.indexOf('\n', i + 1)) starts.push(i + 1);
  starts.push(body.length);
  // Too long to search: judged on the whole body only.
  if (starts.length > MAX_BACKING_LINES || diffHashes.size === 0) return 'unrecorded';
  const reached = new Array<boolean>(starts.length).fill(false);
  reached[0] = true;
  for (let a = 0; a < starts.length - 1; a++) {
    if (!reached[a]) continue;
    for (let b = a + 1; b < starts.length; b++) {
      if (!reached[b] && diffHashes.has(sha256Hex(body.slice(starts[a], starts[b]), hasher))) reached[b] = true;
    }
    if (reached[starts.length - 1]) return 'backed';
  }
  let last = 0;
  for (let k = 1; k < starts.length - 1; k++) if (reached[k]) last = k;
  return last === 0 ? 'unrecorded' : { from: starts[last]! };
}

/**
 * Memory bank rules across files: held-back files by the bank's dialect (JSON Lines once a ledger holds
 * a JSON line or systemPatterns.md has its header, prose otherwise), systemPatterns.md's body against
 * decisionLog.md's `diff_hash` values, and with `payloads` each productContext.md `payload_hash`.
 */
export async function crossCheckMemoryBank(banks: Map<string, BankFacts>, ctx: CheckContext, payloads?: PayloadReader): Promise<void> {
  for (const [dir, bank] of banks) {
    reportHeld(dir, bank, ctx);
    if (!bank.jsonLines && (bank.held?.length ?? 0) > 0) await proseBankRules(dir, bank, ctx, payloads);
    if (payloads !== undefined) await checkPayloads(dir, bank, ctx, payloads);
    checkCompactions(bank, ctx);
    const sp = bank.systemPatterns;
    if (sp === undefined) continue;
    const backing = bodyBacking(sp.body, bank.decisionLog?.diffHashes ?? new Set(), ctx.env.hasher);
    if (backing === 'backed') continue;
    // The seed asks a decision for a change. A body no decision covers at all reads as a first version:
    // recording it too is memkit's convention. Text after a recorded version is a change, and needs its decision.
    if (backing === 'unrecorded') {
      ctx.report(sp.path, [
        warning(
          'check.system-patterns-unrecorded',
          bank.decisionLog
            ? `no diff_hash in ${bank.decisionLog.path} covers the body of systemPatterns.md or any first part of it: read as a first version that no decision records`
            : 'there is no decisionLog.md beside systemPatterns.md: its body is read as a first version that no decision records',
          { file: sp.path, line: sp.line },
        ),
      ]);
      continue;
    }
    ctx.error(
      'ledger.system-patterns-unbacked',
      `the body of systemPatterns.md after a recorded version is not backed by ${bank.decisionLog?.path ?? 'decisionLog.md'}: no entries' diff_hash values cover the text from this line on`,
      {
        file: sp.path,
        line: sp.bodyLine + countLines(sp.body, backing.from),
      },
    );
  }
}

/** Each compaction in the decision log against the active-context entries it covers: their root must be its `diff_hash`. */
function checkCompactions(bank: BankFacts, ctx: CheckContext): void {
  const log = bank.decisionLog;
  if (log === undefined || log.compactions.length === 0) return;
  const active = bank.active;
  for (const { line, compacts, diffHash } of log.compactions) {
    const where = { file: log.path, line, pointer: `/${COMPACTS_FIELD}` };
    if (active === undefined || baseOf(active.path) !== compacts.ledger) {
      ctx.add(error('ledger.compaction-mismatch', `this compaction covers ${compacts.ledger}, which is not in this memory bank`, where));
      continue;
    }
    const covered = active.entries.slice(compacts.first - 1, compacts.first - 1 + compacts.count);
    if (covered.length < compacts.count) {
      ctx.add(
        error('ledger.compaction-mismatch', `this compaction covers entries ${compacts.first}–${compacts.first - 1 + compacts.count} of ${active.path}, which has ${active.entries.length}`, where),
      );
      continue;
    }
    if (typeof diffHash === 'string' && compactionRoot(covered, ctx.env.hasher) !== diffHash.toLowerCase())
      ctx.add(
        error(
          'ledger.compaction-mismatch',
          `entries ${compacts.first}–${compacts.first - 1 + compacts.count} of ${active.path} no longer hash to this compaction's diff_hash: an entry was changed after it was compacted`,
          where,
        ),
      );
  }
}

function reportHeld(dir: string, bank: BankFacts, ctx: CheckContext): void {
  const held = bank.held ?? [];
  if (held.length === 0) return;
  if (bank.jsonLines) {
    for (const h of held) {
      if (h.why === 'ledger' && h.problems.length > 0) ctx.report(h.path, h.problems);
      else if (h.why === 'ledger')
        ctx.add(
          warning('check.ledger-no-entries', 'this ledger holds text but no entries (no line starts with `{`); the other files of this memory bank are JSON Lines, so nothing here was verified', {
            file: h.path,
            line: 1,
          }),
        );
      else ctx.report(h.path, h.problems);
    }
    return;
  }
  const names = held.map((h) => h.path.slice(h.path.lastIndexOf('/') + 1)).join(', ');
  const ledgers = held.filter((h) => h.why === 'ledger').length;
  ctx.add(
    warning(
      'check.prose-memory-bank',
      `this memory bank is in the prose dialect (no ledger holds a JSON line and systemPatterns.md has no header): ${names} ${held.length === 1 ? 'was' : 'were'} read as plain Markdown` +
        (ledgers > 0 ? `; ${ledgers === 1 ? 'its ledger was' : `its ${ledgers} ledgers were`} not verified as hash chains` : ''),
      { file: dir === '' ? '.' : dir },
    ),
  );
}

/** The core files of the widely used prose Memory Bank layout. */
export const PROSE_BANK_FILES = ['projectbrief.md', 'productContext.md', 'activeContext.md', 'systemPatterns.md', 'techContext.md', 'progress.md'] as const;

/** The prose dialect's light rules (each core file present, not empty, readable Markdown): warnings, as the layout is a common practice, not a seed. */
async function proseBankRules(dir: string, bank: BankFacts, ctx: CheckContext, reader?: PayloadReader): Promise<void> {
  const at = (name: string) => (dir === '' ? name : `${dir}/${name}`);
  const held = new Map((bank.held ?? []).map((h) => [h.path, h]));
  const empty = new Set(bank.empty ?? []);
  for (const name of PROSE_BANK_FILES) {
    const path = at(name);
    const h = held.get(path);
    if (h !== undefined) {
      ctx.report(path, h.markdown);
      continue;
    }
    if (empty.has(path)) {
      ctx.report(path, [warning('check.prose-bank-empty-file', `${name} is empty; each core file of a prose memory bank holds its part of the context`, { file: path, line: 1 })]);
      continue;
    }
    // projectbrief.md and techContext.md are no format of memkit's: read here, only in a prose bank.
    if (reader === undefined || !(name === 'projectbrief.md' || name === 'techContext.md')) continue;
    if (!reader.has(path)) {
      ctx.report(path, [warning('check.prose-bank-missing-file', `the prose memory bank in ${dir === '' ? '.' : dir} has no ${name}`, { file: dir === '' ? '.' : dir })]);
      continue;
    }
    const read = await reader.read(path);
    if (!read.ok) continue; // the walk already reported a file it could not read
    const text = new TextDecoder().decode(read.value);
    if (text.trim() === '')
      ctx.report(path, [warning('check.prose-bank-empty-file', `${name} is empty; each core file of a prose memory bank holds its part of the context`, { file: path, line: 1 })]);
    else ctx.report(path, markdownOutline(text, 0).problems);
  }
  // Core files the bank's formats would have held if present: productContext.md … progress.md.
  for (const name of PROSE_BANK_FILES) {
    const path = at(name);
    if (name === 'projectbrief.md' || name === 'techContext.md' || held.has(path) || empty.has(path) || reader === undefined || reader.has(path)) continue;
    ctx.report(path, [warning('check.prose-bank-missing-file', `the prose memory bank in ${dir === '' ? '.' : dir} has no ${name}`, { file: dir === '' ? '.' : dir })]);
  }
}

async function checkPayloads(dir: string, bank: BankFacts, ctx: CheckContext, reader: PayloadReader): Promise<void> {
  const digests = new Map<string, Result<PayloadDigests>>();
  for (const ref of bank.payloads ?? []) {
    const candidates = payloadCandidates(dir, ref.loc);
    // A URL, an absolute path or one leaving the checked directory is not ours to read.
    if (candidates.length === 0) continue;
    const path = candidates.find((p) => reader.has(p));
    const where = { file: ref.file, line: ref.line, pointer: '/payload_loc' };
    if (path === undefined) {
      ctx.add(warning('ledger.payload-missing', `payload ${ref.loc} is not in the checked directory (looked for ${[...new Set(candidates)].join(' and ')}); payload_hash not checked`, where));
      continue;
    }
    let d = digests.get(path);
    if (d === undefined) {
      const read = await reader.read(path);
      d = read.ok ? ok(payloadDigests(read.value, ctx.env.hasher)) : read;
      digests.set(path, d);
    }
    if (!d.ok) {
      ctx.add(warning('ledger.payload-missing', `payload ${path} could not be read (${d.problems[0]?.message ?? 'unknown reason'}); payload_hash not checked`, where));
      continue;
    }
    if (payloadMatch(d.value, ref.hash) === undefined) {
      ctx.add(
        error('ledger.payload-hash-mismatch', `payload ${path} does not hash to payload_hash: neither the SHA-256 of its bytes nor that of its canonical JSON matches`, {
          ...where,
          pointer: '/payload_hash',
        }),
      );
    }
  }
}
