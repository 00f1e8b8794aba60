import { stringify as yamlStringify } from 'yaml';
import { canonicalize, canonicalizeResult } from '../../kernel/canonical/index.js';
import { LineIndex, MemkitError, type Problem, type Result, error, fail, hasErrors, inFile, ok, warning } from '../../kernel/problems/index.js';
import { validate, type ValidateOptions } from '../../schema/index.js';
import { FeedbackLogEntry } from '../../schema/typebox/memory-bank.js';
import { type FrontmatterDoc, parseFrontmatter, splitFrontmatter } from '../../syntax/frontmatter.js';
import { guard } from '../../syntax/guard.js';
import { type Limits, resolveLimits } from '../../syntax/limits.js';
import { plainCopy } from '../../syntax/plain.js';
import { type ParseStats, YAML_OPTIONS, readYamlMap } from '../../syntax/yaml-block.js';

/** Fields of a feedback entry in schema order. */
export const FEEDBACK_FIELDS: readonly string[] = Object.keys(FeedbackLogEntry.properties);

/** One timestamped block of `feedback-log.md`. */
export interface FeedbackLogBlock {
  /** 1-based line of the block's `##` heading; absent for blocks added in code. */
  line?: number;
  /** The entry: heading fields plus the YAML block's fields, in schema order. */
  value: Record<string, unknown>;
  /** The block's original text (heading to the next heading), written back unchanged while `value` is unchanged. */
  raw?: string;
  /** Canonical JSON of `value` as parsed; how the serializer knows the block is unchanged. */
  parsedAs?: string;
}

/** A parsed `feedback-log.md`. `serializeFeedbackLog(parse(text)) === text`. */
export interface FeedbackLog {
  /** Everything before the first `##` entry heading (BOM, frontmatter, Markdown), byte for byte. */
  preamble: string;
  /** The frontmatter, when the file has one. */
  frontmatter?: FrontmatterDoc;
  entries: FeedbackLogBlock[];
  /** Line ending for blocks written anew. */
  eol: '\n' | '\r\n';
}

/** Options for {@link parseFeedbackLog}. */
export interface FeedbackLogOptions {
  limits?: Partial<Limits>;
  file?: string;
  /** Validate each entry against `feedback-log-entry` (default true). */
  validateEntries?: boolean;
  validateOptions?: ValidateOptions;
  stats?: ParseStats;
}

const HEADING = /^## (\S+) — (.+?) → (.+?)[ \t]*$/;
const FENCE_OPEN = /^```[ \t]*ya?ml[ \t]*$/;
const FENCE_CLOSE = /^```[ \t]*$/;
const ANY_FENCE = /^(```|~~~)/;
const HEADING_FIELDS = ['timestamp', 'from_agent', 'to_agent'] as const;

interface Line {
  start: number;
  raw: string;
  text: string;
}

function lines(text: string, from: number): Line[] {
  const out: Line[] = [];
  let pos = from;
  while (pos < text.length) {
    const nl = text.indexOf('\n', pos);
    const end = nl === -1 ? text.length : nl + 1;
    const raw = text.slice(pos, end);
    out.push({ start: pos, raw, text: raw.replace(/\r?\n$/, '') });
    pos = end;
  }
  return out;
}

function isEntryHeading(text: string): boolean {
  return text === '##' || text.startsWith('## ');
}

/** Parses `feedback-log.md` (docs/formats/feedback-log.md): a preamble, then per entry a `## <ts> — <from> → <to>` heading and a ```yaml block. Never throws. */
export function parseFeedbackLog(text: string, options: FeedbackLogOptions = {}): Result<FeedbackLog> {
  return guard(
    () => parseFeedbackLogUnguarded(text, options),
    (p) => fail([p]),
    options.file,
  );
}

function parseFeedbackLogUnguarded(text: string, options: FeedbackLogOptions): Result<FeedbackLog> {
  if (typeof text !== 'string') return fail([error('parse.not-text', 'the input is not text', { line: 1, column: 1 })]);
  const limits = resolveLimits(options.limits);
  const finish = (problems: Problem[], log?: FeedbackLog): Result<FeedbackLog> => {
    const ps = options.file === undefined ? problems : inFile(problems, options.file);
    return log === undefined || hasErrors(ps) ? fail(ps) : ok(log, ps);
  };
  if (text.length > limits.maxFileBytes) return finish([error('input.too-large', `the file is ${text.length} characters; the limit is ${limits.maxFileBytes}`, { line: 1, column: 1 })]);
  const problems: Problem[] = [];
  const split = splitFrontmatter(text);
  let from = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let frontmatter: FrontmatterDoc | undefined;
  if ('bodyStart' in split) {
    const fm = parseFrontmatter(text, { limits, ...(options.stats ? { stats: options.stats } : {}) });
    if (fm.ok) frontmatter = fm.value;
    problems.push(...(fm.ok ? (fm.problems ?? []) : fm.problems));
    from = split.bodyStart;
  } else if ('unclosed' in split) {
    problems.push(error('frontmatter.unclosed', 'the frontmatter opened on line 1 has no closing `---` line', { line: 1, column: 1 }));
  }
  const index = new LineIndex(text);
  const all = lines(text, from);
  const firstLine = index.position(from).line;
  // Split into blocks at `##` headings outside fenced code.
  const starts: number[] = [];
  let inFence = false;
  for (let i = 0; i < all.length; i++) {
    const t = all[i]!.text;
    if (ANY_FENCE.test(t)) inFence = !inFence;
    else if (!inFence && isEntryHeading(t)) starts.push(i);
  }
  problems.push(...unrecognisedEntries(all, starts.length > 0 ? starts[0]! : all.length, firstLine));
  const preambleEnd = starts.length > 0 ? all[starts[0]!]!.start : text.length;
  const eol: '\n' | '\r\n' = (all[0]?.raw ?? text).includes('\r\n') || text.slice(0, 200).includes('\r\n') ? '\r\n' : '\n';
  const log: FeedbackLog = { preamble: text.slice(0, preambleEnd), entries: [], eol };
  if (frontmatter) log.frontmatter = frontmatter;
  for (let b = 0; b < starts.length; b++) {
    const s = starts[b]!;
    const e = b + 1 < starts.length ? starts[b + 1]! : all.length;
    const line = firstLine + s;
    const raw = text.slice(all[s]!.start, e < all.length ? all[e]!.start : text.length);
    const value: Record<string, unknown> = {};
    const heading = all[s]!.text;
    const m = HEADING.exec(heading);
    if (m) {
      value.timestamp = m[1];
      value.from_agent = m[2];
      value.to_agent = m[3];
    } else if (heading.trim() !== '## feedback') {
      problems.push(error('feedback-log.bad-heading', 'an entry heading must be `## <timestamp> — <from_agent> → <to_agent>` or `## feedback`', { line, column: 1 }));
    }
    let open = -1;
    let close = -1;
    for (let i = s + 1; i < e; i++) {
      const t = all[i]!.text;
      if (open === -1) {
        if (FENCE_OPEN.test(t)) open = i;
        else if (t.trim() !== '') problems.push(error('feedback-log.unexpected-text', 'text outside the entry heading and its ```yaml block', { line: firstLine + i, column: 1 }));
      } else if (close === -1) {
        if (FENCE_CLOSE.test(t)) close = i;
      } else if (t.trim() !== '') {
        problems.push(error('feedback-log.unexpected-text', 'text outside the entry heading and its ```yaml block', { line: firstLine + i, column: 1 }));
      }
    }
    if (open === -1 || close === -1) {
      problems.push(error('feedback-log.missing-block', open === -1 ? 'the entry has no ```yaml block' : 'the ```yaml block is not closed', { line, column: 1 }));
      continue;
    }
    const yamlStart = all[open + 1]!.start;
    const yamlText = text.slice(yamlStart, all[close]!.start);
    const block = readYamlMap(yamlText, yamlStart, () => index, limits, { ...(options.stats ? { stats: options.stats } : {}) });
    problems.push(...block.problems);
    if (block.data === undefined) continue;
    for (const f of HEADING_FIELDS) {
      if (f in block.data && f in value) {
        problems.push(error('feedback-log.field-conflict', `"${f}" is given both in the heading and in the YAML block`, { line, column: 1 }));
      }
    }
    const merged = ordered({ ...block.data, ...value });
    if (options.validateEntries !== false) {
      for (const p of validate('feedback-log-entry', merged, options.validateOptions)) problems.push({ ...p, line });
    }
    // The entry is hashed into the feedback chain: a lone surrogate (a YAML escape can make one) has no canonical form.
    const canon = canonicalizeResult(merged);
    if (!canon.ok) {
      for (const p of canon.problems) problems.push({ ...p, line, column: 1 });
      continue;
    }
    log.entries.push({ line, value: merged, raw, parsedAs: canon.value });
  }
  return finish(problems, log);
}

// A line led by an RFC 3339-like timestamp, after any heading marks, list marker or emphasis.
const TIMESTAMP_LED = /^\s{0,3}(?:#{1,6}\s+|[-*+]\s+)?[*_]{0,2}\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}/;

/** Entries memkit would skip (a timestamp-led line or ```yaml block before or outside `##` headings), each reported once so such a log never passes unread. */
function unrecognisedEntries(all: readonly Line[], end: number, firstLine: number): Problem[] {
  const out: Problem[] = [];
  let inFence = false;
  let introduced = false;
  for (let i = 0; i < end; i++) {
    const t = all[i]!.text;
    if (ANY_FENCE.test(t)) {
      if (!inFence && FENCE_OPEN.test(t) && !introduced)
        out.push(
          warning(
            'feedback-log.unrecognised-entry',
            'a ```yaml block before the first `## <timestamp> — <from> → <to>` heading: if it is an entry, memkit did not read it (not validated, not chained)',
            { line: firstLine + i, column: 1 },
          ),
        );
      if (!inFence) introduced = false;
      inFence = !inFence;
    } else if (!inFence && TIMESTAMP_LED.test(t)) {
      out.push(
        warning(
          'feedback-log.unrecognised-entry',
          'this timestamped block is not under a `## <timestamp> — <from> → <to>` heading, so memkit did not read it as an entry (not validated, not chained)',
          { line: firstLine + i, column: 1 },
        ),
      );
      introduced = true;
    }
  }
  return out;
}

function ordered(value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of FEEDBACK_FIELDS) if (value[f] !== undefined) out[f] = value[f];
  for (const k of Object.keys(value)) if (!Object.hasOwn(out, k) && value[k] !== undefined) out[k] = value[k];
  return out;
}

function headingSafe(v: unknown, noArrow: boolean): v is string {
  return typeof v === 'string' && v.length > 0 && v === v.trim() && !/[\r\n\u0085\u2028\u2029]/.test(v) && !v.includes(' — ') && !(noArrow && v.includes(' → ')) && !v.includes('\t');
}

/** Renders one entry as a block (heading, ```yaml block in schema order); values unfit for the heading move into the YAML. Throws `MemkitError` for non-JSON values. */
export function stringifyFeedbackEntry(entry: Record<string, unknown>, eol: '\n' | '\r\n' = '\n'): string {
  const value = plainCopy(ordered(entry)) as Record<string, unknown> | undefined;
  if (value === undefined) throw new MemkitError([error('feedback-log.not-serializable', 'the feedback entry cannot be written as YAML')]);
  const inHeading = typeof value.timestamp === 'string' && /^\S+$/.test(value.timestamp) && headingSafe(value.from_agent, true) && headingSafe(value.to_agent, false);
  let heading = '## feedback';
  const rest: Record<string, unknown> = { ...value };
  if (inHeading) {
    heading = `## ${value.timestamp as string} — ${value.from_agent as string} → ${value.to_agent as string}`;
    for (const f of HEADING_FIELDS) delete rest[f];
  }
  const yaml = Object.keys(rest).length === 0 ? '{}\n' : yamlStringify(rest, { ...YAML_OPTIONS, lineWidth: 0, minContentWidth: 0 });
  const block = `${heading}\n\n\`\`\`yaml\n${yaml}\`\`\`\n\n`;
  return eol === '\n' ? block : block.replace(/\n/g, '\r\n');
}

/** Writes a feedback log back: unchanged blocks keep their bytes, so an unmodified parse gives the original text. */
export function serializeFeedbackLog(log: FeedbackLog): string {
  const out: string[] = [log.preamble];
  let prev = log.preamble;
  for (const entry of log.entries) {
    let same = false;
    if (entry.raw !== undefined && entry.parsedAs !== undefined) {
      try {
        same = canonicalize(ordered(entry.value)) === entry.parsedAs;
      } catch {
        same = false;
      }
    }
    const block = same ? entry.raw! : stringifyFeedbackEntry(entry.value, log.eol);
    if (prev.length > 0 && !prev.endsWith('\n')) out.push(log.eol);
    if (!same && prev.length > 0 && !prev.endsWith(log.eol + log.eol) && !prev.endsWith('\n\n')) out.push(log.eol);
    out.push(block);
    prev = block;
  }
  return out.join('');
}

/** Appends one entry to a feedback log's text, keeping everything before it byte for byte. */
export function appendFeedbackEntry(text: string, entry: Record<string, unknown>): string {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const sep = text.length === 0 || text.endsWith(eol + eol) || text.endsWith('\n\n') ? '' : text.endsWith('\n') ? eol : eol + eol;
  return text + sep + stringifyFeedbackEntry(entry, eol);
}
