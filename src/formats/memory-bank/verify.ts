import { canonicalize, canonicalizeProblem } from '../../kernel/canonical/jcs.js';
import { type Hasher, fromHex, jsHasher, sha256Hex, toHex, utf8 } from '../../kernel/canonical/sha256.js';
import { ZERO_HASH } from '../../kernel/canonical/sha256.js';
import { type JsonlItem, type JsonlOptions, type JsonlSource, JsonlReader, parseJsonlText, readItems } from '../../syntax/jsonl.js';
import { type LedgerText, LedgerTextReader, parseLedgerText } from './ledger-text.js';
import { type Problem, ProblemCap, TRUNCATED_CODE, error, warning } from '../../kernel/problems/index.js';
import type { CodeTable } from '../../kernel/problems/codes.js';
import { schemaCodes } from '../../schema/codes.js';
import { type FormatValidator, type ValidateOptions, compileValidator } from '../../schema/validate.js';
import { isDateTime, isoDateTimeMillis } from '../../schema/date-time.js';
import type { Checkpoint } from '../../kernel/canonical/merkle.js';
import { LEDGER_FORMATS, type LedgerFormatId, type LedgerFormatInfo, isLedgerFormat, ledgerFormatOfFile } from './ledgers.js';
import { MerkleRootAccumulator, leafHash } from '../../kernel/canonical/merkle.js';
import { type PayloadDigests, payloadDigests, payloadMatch } from '../product-context/payload.js';
import { RedactionTracker, redactionOf, tombstoneOf } from './redaction.js';

/** Resolves an entry's `payload_loc` to a JSON value or raw bytes for the `payload_hash` check; `undefined` when not found. */
export type PayloadResolver = (loc: string, entry: Record<string, unknown>) => unknown;

/** Options of {@link verify}. */
export interface VerifyOptions {
  /** The ledger format (`decision-log`, …); inferred from `file`'s name when omitted. Without one only the chain is checked. */
  format?: LedgerFormatId;
  /** File name for problems (and for inferring the format). */
  file?: string;
  /** SHA-256 implementation (default `jsHasher`; pass `nodeHasher` in Node). */
  hasher?: Hasher;
  /** Checks `payload_hash` of product-context entries against the resolved payload. */
  payloads?: PayloadResolver;
  /** A checkpoint recorded earlier: detects tail truncation, rollback and rewritten history (forks). */
  checkpoint?: Checkpoint;
  /** Also compute the checkpoint (size and root) of the whole ledger (one more hash per entry). */
  checkpointAll?: boolean;
  /** Lines before the first line starting with `{` are a Markdown preamble (default true: memory-bank ledgers are `.md`). */
  preamble?: boolean;
  /** Report at most this many problems (default 100), then one `problems.truncated` counting the rest. */
  maxProblems?: number;
  /** Passed to schema validation. */
  validate?: ValidateOptions;
  /** Passed to the JSON Lines parser (limits). */
  jsonl?: Pick<JsonlOptions, 'limits'>;
}

/** Which hash `predecessor_hash` holds: sha256(JCS(previous entry)) (`canonical`, what `append` writes) or of the previous line's stored bytes (`raw-line`); one per file. */
export type ChainConvention = 'canonical' | 'raw-line';

/** What {@link verify} found besides problems. */
export interface VerifySummary {
  /** Entries read (lines that parsed as JSON objects). */
  entries: number;
  /** The hash the next entry's `predecessor_hash` must hold, in the file's chain convention ({@link ZERO_HASH} when empty). */
  head: string;
  /** The file's chain convention: `'raw-line'` once an entry shows it, else `'canonical'`. */
  chain: ChainConvention;
  /** Lines the preamble spans. */
  preambleLines: number;
  /** `{ size, root }` of the whole ledger, when `options.checkpointAll` was set. */
  checkpoint?: Checkpoint;
  /** The problems, in line order (empty when the ledger verifies). */
  problems: Problem[];
  /** The torn last line, when there is one. */
  tornTail?: { line: number };
}

/** A payload reference found in an entry, for the caller of {@link LedgerVerifier.item} to resolve. */
export interface PayloadCheck {
  line: number;
  loc: string;
  hash: string;
  entry: Record<string, unknown>;
}

const DAY_BITS = 125; // 1000 bits per day for NNN 000..999

/** True for a generic `schema.*` code of the table (no format of its own, not a convention): a break of the JSON Schema. */
function isSchemaViolation(code: string): boolean {
  const info = Object.hasOwn(schemaCodes, code) ? (schemaCodes as CodeTable)[code] : undefined;
  return info !== undefined && info.format === undefined && typeof info.source === 'object';
}

/** The incremental chain checker behind {@link verify}: feed items in order, then `end()`; memory flat in the ledger size (one 125-byte id bitmap per day). */
export class LedgerVerifier {
  readonly problems: Problem[] = [];
  private readonly info: LedgerFormatInfo | undefined;
  private readonly hasher: Hasher;
  private readonly check: FormatValidator | undefined;
  private readonly cap: ProblemCap;
  private readonly file: string | undefined;
  private readonly acc: MerkleRootAccumulator;
  private readonly cp: { size: number; root: Uint8Array | undefined } | undefined;
  private readonly days = new Map<string, Uint8Array>();
  private prevHash = ZERO_HASH;
  // SHA-256 of the previous line's raw bytes, only when they differ from its canonical form.
  private prevRaw: string | undefined;
  private convention: ChainConvention | undefined;
  private conventionLine = 0;
  private nonCanonicalLine: number | undefined;
  private prevTs = Number.NEGATIVE_INFINITY;
  private prevTsText = '';
  private count = 0;
  private lastLine = 0;
  private torn: number | undefined;
  private readonly all: boolean;
  private redactions: RedactionTracker | undefined;

  constructor(options: VerifyOptions = {}, firstLine = 1) {
    const format = options.format ?? (options.file === undefined ? undefined : ledgerFormatOfFile(options.file));
    this.info = isLedgerFormat(format) ? LEDGER_FORMATS[format] : undefined;
    this.hasher = options.hasher ?? jsHasher;
    this.check = this.info === undefined ? undefined : compileValidator(this.info.schemaId, options.validate);
    this.cap = new ProblemCap(options.maxProblems ?? 100, this.problems);
    this.file = options.file;
    this.acc = new MerkleRootAccumulator(this.hasher);
    this.all = options.checkpointAll === true;
    this.lastLine = firstLine - 1;
    if (options.checkpoint) {
      this.cp = { size: options.checkpoint.size, root: fromHex(options.checkpoint.root) };
      if (this.cp.size === 0) this.compareCheckpoint(firstLine);
    }
  }

  private add(p: Problem): void {
    // Past the cap a problem is counted in one problems.truncated, never dropped silently.
    if (this.cap.full) this.cap.skip(1, p.severity, { ...(this.file === undefined ? {} : { file: this.file }), ...(p.line === undefined ? {} : { line: p.line }) });
    else this.cap.add(this.file === undefined ? p : { ...p, file: this.file });
  }

  /** Feeds one JSON Lines item; returns a payload check for the caller to resolve, if the entry has one. */
  item(item: JsonlItem): PayloadCheck | undefined {
    this.lastLine = item.line;
    if (!item.ok) {
      this.parseProblem(item.problem);
      return undefined;
    }
    for (const w of item.warnings ?? []) this.add(w);
    return this.entry(item.line, item.value, item.text);
  }

  /** Records a problem the parser reported (a line that is not an entry, a torn tail, a frontmatter error). */
  parseProblem(p: Problem): void {
    const line = p.line ?? this.lastLine;
    if (line > this.lastLine) this.lastLine = line;
    const where = { line, ...(p.column === undefined ? {} : { column: p.column }) };
    if (p.code === 'jsonl.truncated-line') {
      this.torn = line;
      this.add(error('ledger.torn-tail', p.message, where));
    } else if (p.code === 'ledger-text.not-an-object') this.add(error('ledger.not-an-object', p.message, where));
    else if (p.code.startsWith('jsonl.') || p.code === 'ledger-text.non-entry-line' || p.code === 'input.invalid-utf8') this.add(error('ledger.unparseable-line', `${p.code}: ${p.message}`, where));
    else this.add(p);
  }

  /** Feeds one entry value (e.g. a feedback-log block parsed elsewhere) at its line; `text` enables the canonical-form check. */
  entry(line: number, value: unknown, text?: string): PayloadCheck | undefined {
    this.lastLine = line;
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      this.add(error('ledger.not-an-object', 'a ledger entry must be a JSON object', { line }));
      return undefined;
    }
    const entry = value as Record<string, unknown>;
    const tomb = tombstoneOf(entry);
    if (tomb !== undefined) {
      // A redacted entry: the chain and the tree take the hashes it recorded; its own bytes are no entry's.
      if (this.all || (this.cp !== undefined && this.count < this.cp.size)) this.acc.appendLeafHash(fromHex(tomb.leaf)!);
      this.count++;
      this.checkPredecessor(line, entry.predecessor_hash);
      this.prevHash = tomb.hash;
      this.prevRaw = tomb.raw_hash;
      (this.redactions ??= new RedactionTracker()).tombstone(line, tomb);
      if (this.cp !== undefined && this.count === this.cp.size) this.compareCheckpoint(line);
      return undefined;
    }
    const redaction = redactionOf(entry);
    if (redaction !== undefined) for (const p of (this.redactions ??= new RedactionTracker()).record(line, redaction)) this.add(p);
    let canon: string;
    try {
      canon = canonicalize(entry);
    } catch (cause) {
      // A lone surrogate has no canonical form: no hash may stand for it (json.lone-surrogate, with its pointer).
      const p = canonicalizeProblem(entry, cause);
      this.add(error(p.code, p.message, { line, ...(p.pointer === undefined ? {} : { pointer: p.pointer }) }));
      return undefined;
    }
    // A non-canonical line has a second candidate hash, its raw bytes'; in a raw-line chain the canonical one is not needed.
    const differs = text !== undefined && canon !== text;
    if (differs) this.nonCanonicalLine ??= line;
    const skipCanonical = differs && this.convention === 'raw-line';
    const leaf = this.all || (this.cp !== undefined && this.count < this.cp.size);
    const bytes = skipCanonical && !leaf ? undefined : utf8(canon);
    const hash = skipCanonical ? '' : sha256Hex(bytes!, this.hasher);
    const raw = differs ? sha256Hex(text, this.hasher) : undefined;
    if (leaf) this.acc.appendLeafHash(leafHash(bytes!, this.hasher));
    this.count++;
    // A redaction record is memkit's entry in any ledger, not one of the ledger's own.
    if (this.check !== undefined && redaction === undefined) this.schemaProblems(line, this.check(entry));
    this.checkPredecessor(line, entry.predecessor_hash);
    this.prevHash = hash;
    this.prevRaw = raw;
    const info = this.info;
    if (info?.idField !== undefined) this.checkId(line, entry[info.idField], info);
    const tsField = info?.tsField ?? (typeof entry.ts === 'string' ? 'ts' : 'timestamp');
    const ts = entry[tsField];
    if (typeof ts === 'string') {
      // Any ISO 8601 form the schema reads (basic format, +0200, no zone read as UTC), not only what Date.parse knows.
      const ms = isDateTime(ts) ? Date.parse(ts) : isoDateTimeMillis(ts);
      if (!Number.isNaN(ms)) {
        if (ms < this.prevTs) this.add(warning('ledger.ts-backwards', `${tsField} ${ts} is earlier than the previous entry's ${this.prevTsText}`, { line, pointer: `/${tsField}` }));
        this.prevTs = ms;
        this.prevTsText = ts;
      }
    }
    if (this.cp !== undefined && this.count === this.cp.size) this.compareCheckpoint(line);
    if (typeof entry.payload_hash === 'string' && typeof entry.payload_loc === 'string') return { line, loc: entry.payload_loc, hash: entry.payload_hash, entry };
    return undefined;
  }

  /** The first schema break as one `ledger.schema-violation`; rules with a code of their own under it, so profiles and `rules` apply as outside ledgers. */
  private schemaProblems(line: number, problems: readonly Problem[]): void {
    let violated = false;
    for (const p of problems) {
      if (p.severity === 'error' && isSchemaViolation(p.code)) {
        if (!violated) this.add(error('ledger.schema-violation', `${p.code}: ${p.message}`, { line, ...(p.pointer === undefined ? {} : { pointer: p.pointer }) }));
        violated = true;
      } else if (p.code !== TRUNCATED_CODE || !violated) this.add({ ...p, line });
    }
  }

  /** The seed asks only for the "sha256 of previous entry": canonical or raw-line hash, fixed by the first entry after a line where they differ. */
  private checkPredecessor(line: number, raw: unknown): void {
    const where = { line, pointer: '/predecessor_hash' };
    // The format says only "sha256": hex in upper case names the same hash (convention.lowercase-hex warns).
    const pred = typeof raw === 'string' && raw !== this.prevHash && raw !== this.prevRaw ? raw.toLowerCase() : raw;
    const canonOk = pred === this.prevHash;
    const rawOk = this.prevRaw !== undefined && pred === this.prevRaw;
    if (this.prevRaw === undefined || this.convention === undefined) {
      if (this.prevRaw !== undefined && (canonOk || rawOk)) {
        this.convention = canonOk ? 'canonical' : 'raw-line';
        this.conventionLine = line;
      }
      if (!canonOk && !rawOk) this.add(error('ledger.predecessor-mismatch', `predecessor_hash is not the hash of the previous entry (${this.prevHash.slice(0, 12)}…)`, where));
      return;
    }
    if (this.convention === 'canonical' ? canonOk : rawOk) return;
    const other = this.convention === 'canonical' ? rawOk : canonOk;
    const chained = this.convention === 'canonical' ? 'the canonical form of entries' : 'the raw bytes of lines';
    this.add(
      error(
        'ledger.predecessor-mismatch',
        other
          ? `predecessor_hash follows the other hashing convention than line ${this.conventionLine}: the file chains by ${chained}, and a mix breaks the chain`
          : `predecessor_hash is not the hash of the previous entry (${(this.convention === 'canonical' ? this.prevHash : this.prevRaw!).slice(0, 12)}…)`,
        where,
      ),
    );
  }

  private checkId(line: number, id: unknown, info: LedgerFormatInfo): void {
    if (typeof id !== 'string' || !id.startsWith(info.idPrefix!)) return;
    const rest = id.slice(info.idPrefix!.length);
    if (!/^[0-9]{8}-[0-9]{3}$/.test(rest)) return;
    const day = rest.slice(0, 8);
    const n = Number(rest.slice(9));
    let bits = this.days.get(day);
    if (bits === undefined) {
      bits = new Uint8Array(DAY_BITS);
      this.days.set(day, bits);
    }
    const mask = 1 << (n & 7);
    if (bits[n >> 3]! & mask) this.add(warning('ledger.duplicate-id', `${info.idField} ${id} is used by an earlier entry`, { line, pointer: `/${info.idField}` }));
    bits[n >> 3]! |= mask;
  }

  /** Checks a resolved payload against an entry's `payload_hash`. */
  payload(check: PayloadCheck, payload: unknown): void {
    if (payload === undefined) {
      this.add(warning('ledger.payload-missing', `payload ${check.loc} was not found; payload_hash not checked`, { line: check.line, pointer: '/payload_loc' }));
      return;
    }
    let digests: PayloadDigests;
    try {
      digests = payloadDigests(payload, this.hasher);
    } catch (cause) {
      const p = canonicalizeProblem(payload, cause);
      this.add(error(p.code, `payload ${check.loc}: ${p.message}${p.pointer ? ` (at ${p.pointer})` : ''}`, { line: check.line, pointer: '/payload_loc' }));
      return;
    }
    if (payloadMatch(digests, check.hash) === undefined)
      this.add(error('ledger.payload-hash-mismatch', `payload ${check.loc} does not hash to payload_hash`, { line: check.line, pointer: '/payload_hash' }));
  }

  private compareCheckpoint(line: number): void {
    const cp = this.cp!;
    const root = this.acc.root();
    const want = cp.root;
    if (want === undefined || want.length !== root.length || root.some((b, i) => b !== want[i]))
      this.add(error('ledger.checkpoint-mismatch', `the first ${cp.size} entries do not match the checkpoint root: history up to this line was rewritten (fork)`, { line }));
  }

  /** Ends the input and returns the summary. */
  end(preambleLines = 0): VerifySummary {
    for (const p of this.redactions?.end() ?? []) this.add(p);
    if (this.cp !== undefined && this.count < this.cp.size) {
      const missing = this.cp.size - this.count;
      const line = this.torn ?? this.lastLine + 1;
      this.add(
        error('ledger.truncated', `the ledger has ${this.count} entries but a checkpoint recorded ${this.cp.size}: ${missing} entr${missing === 1 ? 'y was' : 'ies were'} deleted from the tail`, {
          line,
        }),
      );
    }
    const rawChain = this.convention === 'raw-line';
    if (rawChain)
      this.add(
        warning(
          'ledger.raw-line-chain',
          `predecessor_hash holds the SHA-256 of the previous line's raw bytes (from line ${this.conventionLine} on), not of its canonical form; memkit appends in the file's convention`,
          { line: this.conventionLine },
        ),
      );
    // In a raw-line chain the hash covers the bytes as stored, so a non-canonical line hides nothing.
    else if (this.nonCanonicalLine !== undefined)
      this.add(warning('ledger.non-canonical', 'the line is not in RFC 8785 canonical form (only the first such line is reported)', { line: this.nonCanonicalLine }));
    this.problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
    const head = rawChain && this.prevRaw !== undefined ? this.prevRaw : this.prevHash;
    const summary: VerifySummary = { entries: this.count, head, chain: rawChain ? 'raw-line' : 'canonical', preambleLines, problems: this.problems };
    if (this.all) summary.checkpoint = { size: this.count, root: toHex(this.acc.root()) };
    if (this.torn !== undefined) summary.tornTail = { line: this.torn };
    return summary;
  }

  /** Entries seen so far. */
  get size(): number {
    return this.count;
  }
}

/**
 * Verifies a ledger read as a stream (string, bytes, chunks or a `ReadableStream`) in one pass, memory flat
 * in its size; problems name each broken entry by line and code (`ledger.*`, `json.*`), in line order.
 * A source that fails before the first entry line (a file that cannot be opened) rejects with the
 * source's error, as nothing was verified; later, the failure is a problem at the line reached. The
 * memory handle (`openMemory`) reads the file first and reports either as problems.
 *
 * @example
 * import { createReadStream } from 'node:fs';
 * declare const path: string; // a decisionLog.md
 * const { problems } = await verify(createReadStream(path), { format: 'decision-log', hasher: nodeHasher });
 */
export async function verify(source: JsonlSource, options: VerifyOptions = {}): Promise<VerifySummary> {
  const reader = options.preamble === false ? new JsonlReader({ ...options.jsonl, forbiddenKeys: 'refuse' }) : new LedgerTextReader(options.jsonl?.limits);
  const preambleLines = () => (reader instanceof LedgerTextReader ? reader.preambleLines : 0);
  let v: LedgerVerifier | undefined;
  for await (const item of readItems(reader, source)) {
    v ??= new LedgerVerifier(options, preambleLines() + 1);
    const pending = resolve(v, v.item(item), options, 'async');
    if (pending) await pending;
  }
  v ??= new LedgerVerifier(options, preambleLines() + 1);
  return v.end(preambleLines());
}

/** Resolves an entry's payload and checks it; an asynchronous answer is awaited, refused (`sync`) or left unchecked (`skip`). */
function resolve(v: LedgerVerifier, pc: PayloadCheck | undefined, options: VerifyOptions, mode: 'async' | 'sync' | 'skip'): Promise<void> | undefined {
  if (pc === undefined || !options.payloads) return undefined;
  const payload = options.payloads(pc.loc, pc.entry);
  if (!(payload instanceof Promise)) {
    v.payload(pc, payload);
    return undefined;
  }
  if (mode === 'sync') throw new TypeError('verifyText needs a synchronous payload resolver; use verify');
  return mode === 'async' ? payload.then((p) => v.payload(pc, p)) : undefined;
}

/** {@link verify} over text already in memory, synchronously (a payload resolver must be synchronous here). */
export function verifyText(text: string | Uint8Array, options: VerifyOptions = {}): VerifySummary {
  if (options.preamble === false) {
    const v = new LedgerVerifier(options);
    for (const item of parseJsonlText(text, { ...options.jsonl, forbiddenKeys: 'refuse' })) resolve(v, v.item(item), options, 'sync');
    return v.end();
  }
  return verifyParsed(parseLedgerText(typeof text === 'string' ? text : new TextDecoder().decode(text), options.jsonl ?? {}), options);
}

/** {@link verifyText} over a ledger `parseLedgerText` read, for a caller that needs the entries as well. */
export function verifyParsed(parsed: LedgerText, options: VerifyOptions = {}): VerifySummary {
  const v = new LedgerVerifier(options, parsed.preambleLines + 1);
  for (const p of parsed.problems) v.parseProblem(p);
  for (const e of parsed.entries) resolve(v, v.entry(e.line, e.value, e.text), options, 'sync');
  return v.end(parsed.preambleLines);
}

/** Verifies entries parsed elsewhere (e.g. `feedback-log.md` blocks) by the same rules. */
export function verifyEntries(entries: Iterable<{ line: number; value: unknown }>, options: VerifyOptions = {}): VerifySummary {
  const v = new LedgerVerifier(options);
  for (const e of entries) resolve(v, v.entry(e.line, e.value), options, 'skip');
  return v.end();
}
