import { countNewlines } from './count-newlines.js';
import { type Document, type ToStringOptions, isMap, isScalar, isCollection, stringify as yamlStringify } from 'yaml';
import { canonicalizeResult } from '../kernel/canonical/index.js';
import { FORBIDDEN_KEYS } from '../kernel/canonical/forbidden-keys.js';
import { LineIndex, MemkitError, type Problem, type Result, error, fail, hasErrors, inFile, ok, parsePointer, warning } from '../kernel/problems/index.js';
import { guard } from './guard.js';
import { type Limits, resolveLimits } from './limits.js';
import { type Heading, type MarkdownOutline, markdownOutline } from './markdown.js';
import { plainCopy } from './plain.js';
import { type YamlRows, rowAt } from './fast-yaml.js';
import { type ParseStats, YAML_OPTIONS, documentRowAt, readYamlMap } from './yaml-block.js';

export type { Heading } from './markdown.js';

/** Options for {@link parseFrontmatter}. */
export interface FrontmatterOptions {
  /** Overrides of {@link DEFAULT_LIMITS}. */
  limits?: Partial<Limits>;
  /** Sets `file` on every Problem. */
  file?: string;
  /** Accept a file without frontmatter: `data` is `{}` and the whole text (after a BOM) is the body. Default false. */
  optional?: boolean;
  /** Counts the work done (YAML parses, characters, micromark runs). */
  stats?: ParseStats;
}

/**
 * A parsed frontmatter Markdown file. `bom + open + yaml + close + body` is
 * the original text, byte for byte ({@link serializeFrontmatter}).
 */
export interface FrontmatterDoc {
  /** The YAML mapping as plain data; forbidden keys (`__proto__`, `constructor`, `prototype`) are dropped. */
  data: Record<string, unknown>;
  /** The text after the closing `---` line; that line's newline is not part of the body. */
  body: string;
  /** 1-based file line where the body starts. */
  bodyLine: number;
  /**
   * Headings of the body with file lines ({@link markdownOutline}). The outline is read on the
   * first call of this, {@link bodyText} or {@link markdownProblems}, once for all three.
   */
  headings(): Heading[];
  /** Plain text of the body for search; the body as written when micromark was skipped. */
  bodyText(): string;
  /** Why the body's headings and text did not come from micromark (one `markdown.*` warning, with `file`), else `[]`. */
  markdownProblems(): Problem[];
  /** `'\uFEFF'` when the file starts with a byte order mark, else `''`. */
  bom: string;
  /** The opening `---` line with its newline (`''` when the file has no frontmatter). */
  open: string;
  /** The raw YAML between the delimiter lines, comments and all. */
  yaml: string;
  /** The closing `---` line with its newline, if it has one. */
  close: string;
  /** The file's line ending, taken from the opening line (`'\n'` when there is none). */
  eol: '\n' | '\r\n';
  /** 1-based file line of the first YAML line. */
  yamlLine: number;
  /**
   * The 1-based file line of the value a JSON Pointer names in `data` (its key's line, an item's
   * own); for something missing the deepest ancestor's; {@link yamlLine} when nothing is found.
   * @example parseFrontmatterOrThrow('---\nid: x\nprovenance:\n  events: []\n---\n').lineOf('/provenance/events') // 4
   */
  lineOf(pointer: string): number;
  /** False for a file parsed with `optional: true` that has no frontmatter. */
  hasFrontmatter: boolean;
}

interface Split {
  bom: string;
  open: string;
  yaml: string;
  close: string;
  body: string;
  yamlStart: number;
  bodyStart: number;
  eol: '\n' | '\r\n';
}

/** Where the frontmatter delimiters are, without parsing YAML. Linear in the text length. */
export function splitFrontmatter(text: string): Split | { missing: true } | { unclosed: true; bom: string } {
  const bom = text.charCodeAt(0) === 0xfeff ? '\ufeff' : '';
  const start = bom.length;
  const firstEnd = text.indexOf('\n', start);
  if (firstEnd === -1 || !isDelimiter(text, start, firstEnd)) return { missing: true };
  const eol = text.charCodeAt(firstEnd - 1) === 13 ? '\r\n' : '\n';
  const yamlStart = firstEnd + 1;
  let lineStart = yamlStart;
  while (lineStart <= text.length) {
    let lineEnd = text.indexOf('\n', lineStart);
    const last = lineEnd === -1;
    if (last) lineEnd = text.length;
    if (isDelimiter(text, lineStart, lineEnd)) {
      const bodyStart = last ? text.length : lineEnd + 1;
      return {
        bom,
        open: text.slice(start, yamlStart),
        yaml: text.slice(yamlStart, lineStart),
        close: text.slice(lineStart, bodyStart),
        body: text.slice(bodyStart),
        yamlStart,
        bodyStart,
        eol,
      };
    }
    if (last) break;
    lineStart = lineEnd + 1;
  }
  return { unclosed: true, bom };
}

// `---` followed only by spaces, tabs and a CR up to `end`.
function isDelimiter(text: string, start: number, end: number): boolean {
  if (end - start < 3 || text.charCodeAt(start) !== 45 || text.charCodeAt(start + 1) !== 45 || text.charCodeAt(start + 2) !== 45) return false;
  for (let i = start + 3; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 9 && !(c === 13 && i === end - 1)) return false;
  }
  return true;
}

/** The 0-based row in the YAML text of the value at a pointer's tokens, -1 when not even the first token is found. */
type RowAt = (tokens: readonly string[]) => number;

const noRows: RowAt = () => -1;

function makeDoc(parts: Omit<FrontmatterDoc, 'headings' | 'bodyText' | 'markdownProblems' | 'lineOf'>, rows: RowAt, limits: Limits, file: string | undefined, stats?: ParseStats): FrontmatterDoc {
  let outline: MarkdownOutline | undefined;
  const read = (): MarkdownOutline => (outline ??= markdownOutline(parts.body, parts.bodyLine - 1, limits, stats));
  return {
    ...parts,
    lineOf: (pointer) => {
      const tokens = parsePointer(pointer);
      return parts.yamlLine + (tokens === undefined ? 0 : Math.max(0, rows(tokens)));
    },
    markdownProblems: () => (file === undefined ? [...read().problems] : inFile(read().problems, file)),
    headings: () => read().headings,
    bodyText: () => read().text,
  };
}

interface Parsed {
  doc: FrontmatterDoc;
  yamlDoc: Document.Parsed | undefined;
  problems: Problem[];
}

// `needDoc`: the caller edits the YAML and needs the `yaml` Document, so the fast reader is not used.
function parseInternal(text: string, options: FrontmatterOptions, needDoc = false): { ok: true; value: Parsed } | { ok: false; problems: Problem[] } {
  const limits = resolveLimits(options.limits);
  if (typeof text !== 'string') return { ok: false, problems: [error('parse.not-text', 'the input is not text', { line: 1, column: 1 })] };
  if (text.length > limits.maxFileBytes)
    return { ok: false, problems: [error('input.too-large', `the file is ${text.length} characters; the limit is ${limits.maxFileBytes}`, { line: 1, column: 1 })] };
  const split = splitFrontmatter(text);
  if ('missing' in split) {
    if (options.optional) {
      const bom = text.charCodeAt(0) === 0xfeff ? '\ufeff' : '';
      const doc = makeDoc(
        { data: {}, body: text.slice(bom.length), bodyLine: 1, bom, open: '', yaml: '', close: '', eol: text.includes('\r\n') ? '\r\n' : '\n', yamlLine: 1, hasFrontmatter: false },
        noRows,
        limits,
        options.file,
        options.stats,
      );
      return { ok: true, value: { doc, yamlDoc: undefined, problems: [] } };
    }
    return { ok: false, problems: [error('frontmatter.missing', 'the file must start with a `---` line opening YAML frontmatter', { line: 1, column: 1 })] };
  }
  if ('unclosed' in split) return { ok: false, problems: [error('frontmatter.unclosed', 'the frontmatter opened on line 1 has no closing `---` line', { line: 1, column: split.bom.length + 1 })] };
  // Refused before parsing: YAML costs far more memory per character than the text itself.
  if (split.yaml.length > limits.maxFrontmatterBytes)
    return {
      ok: false,
      problems: [
        error('frontmatter.too-large', `the frontmatter is ${split.yaml.length} characters; the limit is ${limits.maxFrontmatterBytes}`, { line: countNewlines(text, split.yamlStart) + 1, column: 1 }),
      ],
    };
  // The flat YAML memory docs use is read directly; anything else goes to the `yaml` parser.
  const fastRows: YamlRows = { rows: {} };
  const block = readYamlMap(split.yaml, split.yamlStart, () => new LineIndex(text), limits, { stats: options.stats, rows: fastRows, fast: !needDoc });
  const fast = block.doc === undefined ? block.data : undefined;
  if (block.data === undefined || hasErrors(block.problems)) return { ok: false, problems: block.problems };
  const yamlLine = countNewlines(text, split.yamlStart) + 1;
  const bodyLine = countNewlines(text, split.bodyStart) + 1;
  const yamlDoc = block.doc;
  const rows: RowAt = fast !== undefined ? (tokens) => rowAt(fastRows, tokens) : yamlDoc !== undefined ? (tokens) => documentRowAt(yamlDoc, split.yaml, tokens) : noRows;
  const doc = makeDoc(
    { data: block.data, body: split.body, bodyLine, bom: split.bom, open: split.open, yaml: split.yaml, close: split.close, eol: split.eol, yamlLine, hasFrontmatter: true },
    rows,
    limits,
    options.file,
    options.stats,
  );
  return { ok: true, value: { doc, yamlDoc: block.doc, problems: block.problems } };
}

/**
 * Parses a frontmatter Markdown file: a `---` line, a YAML mapping, a `---`
 * line, then the Markdown body. YAML errors are positioned in the file.
 * Headings and body text are computed lazily, so reading only `data` costs
 * only the YAML parse. Never throws.
 *
 * @example
 * const r = parseFrontmatter('---\nid: fact.x\n---\n# Title\n');
 * if (r.ok) r.value.data.id; // 'fact.x'
 */
export function parseFrontmatter(text: string, options: FrontmatterOptions = {}): Result<FrontmatterDoc> {
  return guard(
    () => {
      const r = parseInternal(text, options);
      const withFile = (ps: Problem[]) => (options.file === undefined ? ps : inFile(ps, options.file));
      return r.ok ? ok(r.value.doc, withFile(r.value.problems)) : fail(withFile(r.problems));
    },
    (p) => fail([p]),
    options.file,
  );
}

/** Parses and throws a `MemkitError` on failure. */
export function parseFrontmatterOrThrow(text: string, options?: FrontmatterOptions): FrontmatterDoc {
  const r = parseFrontmatter(text, options);
  if (!r.ok) throw new MemkitError(r.problems);
  return r.value;
}

/** Writes a parsed doc back; for an unmodified doc this is exactly the text it was parsed from. */
export function serializeFrontmatter(doc: Pick<FrontmatterDoc, 'bom' | 'open' | 'yaml' | 'close' | 'body'>): string {
  return doc.bom + doc.open + doc.yaml + doc.close + doc.body;
}

const TO_STRING: ToStringOptions = { lineWidth: 0, minContentWidth: 0, indent: 2, flowCollectionPadding: false };

function withEol(s: string, eol: string): string {
  return eol === '\n' ? s : s.replace(/\r?\n/g, eol);
}

function ordered(data: Record<string, unknown>, keyOrder: readonly string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of keyOrder) if (Object.hasOwn(data, k) && data[k] !== undefined && !FORBIDDEN_KEYS.has(k)) out[k] = data[k];
  for (const k of Object.keys(data)) if (!Object.hasOwn(out, k) && data[k] !== undefined && !FORBIDDEN_KEYS.has(k)) out[k] = data[k];
  return out;
}

/** Options for {@link stringifyFrontmatter}. */
export interface StringifyFrontmatterOptions {
  /** Top-level keys in this order first (schema order), then the others in insertion order. */
  keyOrder?: readonly string[];
  /** Line ending for the delimiter and YAML lines (default `'\n'`). */
  eol?: '\n' | '\r\n';
}

/**
 * Writes a new frontmatter Markdown file deterministically: same data, same
 * bytes. Keys follow `keyOrder`; `undefined` values and forbidden keys are
 * left out. Throws `MemkitError` (`frontmatter.not-serializable`) for values
 * JSON cannot represent.
 *
 * @example stringifyFrontmatter({ title: 'T', id: 'x' }, '# T\n', { keyOrder: ['id', 'title'] })
 * // '---\nid: x\ntitle: T\n---\n# T\n'
 */
export function stringifyFrontmatter(data: Record<string, unknown>, body: string, options: StringifyFrontmatterOptions = {}): string {
  const eol = options.eol ?? '\n';
  const restored = plainCopy(ordered(data, options.keyOrder)) as Record<string, unknown> | undefined;
  if (restored === undefined) throw new MemkitError([error('frontmatter.not-serializable', 'the frontmatter data cannot be written as YAML')]);
  const yaml = Object.keys(restored).length === 0 ? '' : yamlStringify(restored, { ...YAML_OPTIONS, ...TO_STRING });
  return `---${eol}${withEol(yaml, eol)}---${eol}${body}`;
}

/** Options for {@link updateFrontmatter}. */
export interface UpdateFrontmatterOptions extends FrontmatterOptions {
  /** When the file has no frontmatter at all, add one at the top (default false: refuse with `frontmatter.missing`). */
  createIfMissing?: boolean;
}

type Edit = { start: number; end: number; text: string };

function renderInline(value: unknown, flow: boolean): string | undefined {
  const s = yamlStringify(value, { ...YAML_OPTIONS, ...TO_STRING, collectionStyle: flow ? 'flow' : 'any' });
  const trimmed = s.endsWith('\n') ? s.slice(0, -1) : s;
  return trimmed.includes('\n') || trimmed.startsWith('#') ? undefined : trimmed;
}

function renderPair(key: string, value: unknown): string {
  return yamlStringify({ [key]: value }, { ...YAML_OPTIONS, ...TO_STRING });
}

function isWs(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13;
}

// Splices each patched key into the YAML text so everything else stays byte for byte.
function spliceYaml(yaml: string, yamlDoc: Document.Parsed, patch: Record<string, unknown>, eol: string): string | undefined {
  const contents = yamlDoc.contents;
  if (contents !== null && !(isMap(contents) && !contents.flow)) return undefined;
  const edits: Edit[] = [];
  const appended: string[] = [];
  for (const [key, value] of Object.entries(patch)) {
    const pair = contents?.items.find((p) => isScalar(p.key) && String(p.key.value) === key);
    if (pair === undefined) {
      if (value !== undefined) appended.push(renderPair(key, value));
      continue;
    }
    const keyNode = pair.key as { range?: [number, number, number] };
    const valueNode = pair.value as { range?: [number, number, number] } | null;
    if (!keyNode.range) return undefined;
    const keyStart = keyNode.range[0];
    if (keyStart > 0 && yaml.charCodeAt(keyStart - 1) !== 10) return undefined; // not at column 1
    let end = Math.max(keyNode.range[2], valueNode?.range?.[2] ?? 0);
    while (end > keyStart && isWs(yaml.charCodeAt(end - 1))) end--;
    const nl = yaml.indexOf('\n', end);
    const spanEnd = nl === -1 ? yaml.length : nl + 1;
    if (value === undefined) {
      edits.push({ start: keyStart, end: spanEnd, text: '' });
      continue;
    }
    if (valueNode?.range && valueNode.range[1] > valueNode.range[0]) {
      const old = yaml.slice(valueNode.range[0], valueNode.range[1]);
      const flow = isCollection(valueNode) && (valueNode as { flow?: boolean }).flow === true;
      const primitive = value === null || typeof value !== 'object';
      if (!old.includes('\n') && ((isScalar(valueNode) && primitive) || (flow && !primitive))) {
        const inline = renderInline(value, flow);
        if (inline !== undefined) {
          edits.push({ start: valueNode.range[0], end: valueNode.range[1], text: inline });
          continue;
        }
      }
    }
    const rendered = renderPair(key, value);
    edits.push({ start: keyStart, end: spanEnd, text: spanEnd === yaml.length && !yaml.endsWith('\n') ? rendered.replace(/\n$/, '') : rendered });
  }
  edits.sort((a, b) => b.start - a.start);
  let out = yaml;
  for (const e of edits) out = out.slice(0, e.start) + withEol(e.text, eol) + out.slice(e.end);
  if (appended.length > 0) {
    if (out.length > 0 && !out.endsWith('\n')) out += eol;
    out += withEol(appended.join(''), eol);
  }
  return out;
}

/**
 * Changes the named top-level frontmatter keys (a value of `undefined`
 * deletes the key) and keeps everything else byte for byte: comments, key
 * order, untouched values and the body. Refuses, returning Problems and
 * leaving the text alone, when the file's YAML does not parse. Never adds a
 * second frontmatter block.
 *
 * @example updateFrontmatter('---\nid: a # keep\n---\nbody', { id: 'b' }) // ok('---\nid: b # keep\n---\nbody')
 */
export function updateFrontmatter(text: string, patch: Record<string, unknown>, options: UpdateFrontmatterOptions = {}): Result<string> {
  return guard(
    () => updateUnguarded(text, patch, options),
    (p) => fail([p]),
    options.file,
  );
}

function updateUnguarded(text: string, patch: Record<string, unknown>, options: UpdateFrontmatterOptions): Result<string> {
  const { createIfMissing, ...parseOptions } = options;
  const withFile = (ps: Problem[]) => (options.file === undefined ? ps : inFile(ps, options.file));
  const parsed = parseInternal(text, { ...parseOptions, optional: false }, true);
  const warnings: Problem[] = [];
  const clean: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(patch)) {
    if (FORBIDDEN_KEYS.has(k)) {
      warnings.push(warning('input.forbidden-key', `key "${k}" was not written so it cannot reach an object prototype`));
      continue;
    }
    if (v === undefined) {
      clean[k] = undefined;
      continue;
    }
    const plain = plainCopy(v);
    if (plain === undefined) return fail(withFile([error('frontmatter.not-serializable', `the value for "${k}" cannot be written as YAML`)]));
    clean[k] = plain;
  }
  if (!parsed.ok) {
    const missing = parsed.problems.length === 1 && parsed.problems[0]!.code === 'frontmatter.missing';
    if (missing && createIfMissing && typeof text === 'string') {
      const bom = text.charCodeAt(0) === 0xfeff ? '\ufeff' : '';
      const rest = text.slice(bom.length);
      const eol = rest.includes('\r\n') ? '\r\n' : '\n';
      return ok(bom + stringifyFrontmatter(clean, rest, { eol }), withFile(warnings));
    }
    return fail(withFile(parsed.problems));
  }
  const { doc, yamlDoc } = parsed.value;
  const expected: Record<string, unknown> = { ...doc.data };
  for (const [k, v] of Object.entries(clean)) {
    if (v === undefined) delete expected[k];
    else expected[k] = v;
  }
  // The update is verified by comparing canonical forms; data with no canonical form (a lone surrogate) cannot be verified, so it is refused.
  const wanted = canonicalizeResult(expected);
  if (!wanted.ok) return fail(withFile(wanted.problems.map((p) => ({ ...p, line: 1, column: 1 }))));
  const want = wanted.value;
  const verify = (yaml: string): string | undefined => {
    const candidate = serializeFrontmatter({ ...doc, yaml });
    const again = parseInternal(candidate, { ...parseOptions, optional: false, stats: undefined });
    if (!again.ok || hasErrors(again.value.problems)) return undefined;
    const got = canonicalizeResult(again.value.doc.data);
    return got.ok && got.value === want && again.value.doc.body === doc.body ? candidate : undefined;
  };
  const spliced = yamlDoc ? spliceYaml(doc.yaml, yamlDoc, clean, doc.eol) : undefined;
  const first = spliced === undefined ? undefined : verify(spliced);
  if (first !== undefined) return ok(first, withFile(warnings));
  // Fallback: the yaml Document API (keeps comments and order, may reformat spacing).
  if (yamlDoc) {
    try {
      const copy = yamlDoc.clone();
      for (const [k, v] of Object.entries(clean)) {
        if (v === undefined) copy.delete(k);
        else copy.set(k, copy.createNode(v));
      }
      const second = verify(withEol(copy.toString(TO_STRING), doc.eol));
      if (second !== undefined) return ok(second, withFile(warnings));
    } catch {
      // fall through to the failure below
    }
  }
  return fail(withFile([error('frontmatter.update-failed', 'the frontmatter could not be updated without changing other values', { line: doc.yamlLine, column: 1 })]));
}
