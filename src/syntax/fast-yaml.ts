// A reader for the flat YAML that memory-doc frontmatter uses: block maps with plain keys,
// scalars on one line (plain, single- or double-quoted without escapes), flow sequences of
// scalars, block sequences of scalars, and nested block maps of the same. It gives exactly
// what `yaml` (YAML 1.2 core schema, memkit's options) gives for that subset, and gives up
// (`undefined`) on anything else, so the caller falls back to the full parser.

import { FORBIDDEN_KEYS } from '../kernel/canonical/forbidden-keys.js';

/** Nesting the reader handles: a top-level map, a nested map, a sequence in it. */
const MAX_MAP_DEPTH = 3;

// Plain scalars the core schema does not read as strings (null, booleans, numbers).
const NULL_WORDS = new Set(['~', 'null', 'Null', 'NULL']);
const BOOL_WORDS = new Map([
  ['true', true],
  ['True', true],
  ['TRUE', true],
  ['false', false],
  ['False', false],
  ['FALSE', false],
]);
const SIMPLE_INT = /^(?:0|[1-9][0-9]{0,14})$/;
// Anything that could be a core-schema number (int, octal, hex, float, .inf, .nan): given up on
// unless SIMPLE_INT, so the full parser decides.
const NUMBER_LIKE = /^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|0o[0-7]+|0x[0-9a-fA-F]+|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/;
// A key the reader accepts: plain, and never a null, boolean or number.
const KEY = /^[A-Za-z_][A-Za-z0-9_-]*$/;

const GIVE_UP = Symbol('give up');
type Value = unknown;

interface Line {
  indent: number;
  text: string; // the line without its indentation
  row: number; // 0-based, in the YAML text
}

/** The 0-based row of each key of a map the fast reader read, and the same for a block map or sequence (each item's row) under a key. */
export interface YamlRows {
  rows: Record<string, number>;
  under?: Record<string, YamlRows | number[]>;
}

/**
 * The row of the value at a pointer's tokens (its key's row in a map, its
 * own in a block sequence): the deepest token found, -1 when not even the first is.
 */
export function rowAt(top: YamlRows, tokens: readonly string[]): number {
  let row = -1;
  let node: YamlRows | number[] | undefined = top;
  for (const token of tokens) {
    if (Array.isArray(node)) {
      const k = /^(0|[1-9][0-9]*)$/.test(token) ? Number(token) : -1;
      if (k < 0 || k >= node.length) break;
      row = node[k]!;
      node = undefined;
    } else if (node !== undefined && Object.hasOwn(node.rows, token)) {
      row = node.rows[token]!;
      node = node.under !== undefined && Object.hasOwn(node.under, token) ? node.under[token] : undefined;
    } else break;
  }
  return row;
}

// Refused anywhere: controls but LF, DEL, C1 controls, the BOM, U+FFFE/U+FFFF, line and paragraph
// separators (YAML treats some specially) and lone surrogates.
const REFUSED = /[\0-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\ufeff\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

// A plain scalar as the core schema resolves it, or GIVE_UP.
function plainScalar(s: string, flow: boolean): Value | typeof GIVE_UP {
  if (s === '') return GIVE_UP;
  const c = s.charCodeAt(0);
  // Indicators that cannot start a plain scalar, or start one only in some contexts.
  if ('-?:,[]{}#&*!|>\'"%@`'.includes(s[0]!)) return GIVE_UP;
  if (s.includes(': ') || s.includes(' #') || s.endsWith(':') || s.endsWith(' ')) return GIVE_UP;
  if (flow && /[,[\]{}]/.test(s)) return GIVE_UP;
  if (NULL_WORDS.has(s)) return null;
  const bool = BOOL_WORDS.get(s);
  if (bool !== undefined) return bool;
  if ((c >= 48 && c <= 57) || c === 46 /* . */ || c === 43 /* + */) {
    if (SIMPLE_INT.test(s)) return Number(s);
    if (NUMBER_LIKE.test(s)) return GIVE_UP;
  }
  return s;
}

// A one-line scalar: quoted (no escapes) or plain.
function scalar(s: string, flow: boolean): Value | typeof GIVE_UP {
  const q = s[0];
  if (q === '"') {
    if (s.length < 2 || s[s.length - 1] !== '"') return GIVE_UP;
    const inner = s.slice(1, -1);
    return inner.includes('"') || inner.includes('\\') ? GIVE_UP : inner;
  }
  if (q === "'") {
    if (s.length < 2 || s[s.length - 1] !== "'") return GIVE_UP;
    const inner = s.slice(1, -1);
    // '' is an escaped quote; a lone ' would end the scalar early.
    if (inner.replaceAll("''", '').includes("'")) return GIVE_UP;
    return inner.replaceAll("''", "'");
  }
  return plainScalar(s, flow);
}

// A value without its trailing comment (` # ...`); '' when nothing but a comment is left.
function withoutComment(s: string): string {
  if (!s.includes('#')) return s;
  const q = s[0];
  if (q === '"' || q === "'") {
    // The comment starts after the closing quote (a doubled '' is a quote inside '...').
    let close = 1;
    for (; close < s.length; close++) {
      if (s[close] !== q) continue;
      if (q === "'" && s[close + 1] === "'") close++;
      else break;
    }
    const after = s.slice(close + 1);
    return after === '' || /^ +#/.test(after) ? s.slice(0, close + 1) : s;
  }
  const hash = s.indexOf(' #');
  return hash === -1 ? s : s.slice(0, hash).trimEnd();
}

// A value written on the key's line.
function inlineValue(s: string): Value | typeof GIVE_UP {
  if (s[0] === '[') {
    if (s[s.length - 1] !== ']') return GIVE_UP;
    const inner = s.slice(1, -1).trim();
    if (inner === '') return [];
    const items: Value[] = [];
    for (const part of inner.split(',')) {
      const item = part.trim();
      // Quoted items holding a comma were split apart: their halves fail the quote check.
      const v = scalar(item, true);
      if (v === GIVE_UP) return GIVE_UP;
      items.push(v);
    }
    return items;
  }
  if (s === '{}') return {};
  if (s[0] === '{') return GIVE_UP;
  return scalar(s, false);
}

/**
 * `yaml` as a block mapping when it is in the flat subset, equal to `parseDocument(yaml,
 * YAML_OPTIONS).toJS()`; `undefined` otherwise, and for any text the full parser would report a
 * problem for. Linear in the text. `rows` gets where each key and item sits.
 */
export function fastYamlMap(yaml: string, maxDepth: number, rows: YamlRows = { rows: {} }): Record<string, unknown> | undefined {
  if (REFUSED.test(yaml)) return undefined;
  const lines: Line[] = [];
  const raws = yaml.split('\n');
  for (let row = 0; row < raws.length; row++) {
    const raw = raws[row]!;
    let indent = 0;
    while (raw.charCodeAt(indent) === 32) indent++;
    const text = raw.slice(indent);
    if (text === '') continue; // blank
    if (text[0] === '#') {
      if (indent !== 0) return undefined;
      continue; // a whole-line comment at column 1
    }
    if (text.endsWith(' ') || text.includes('\t')) return undefined;
    lines.push({ indent, text, row });
  }
  if (lines.length === 0 || lines[0]!.indent !== 0) return undefined;
  const state = { at: 0 };
  const map = readMap(lines, state, 0, 1, maxDepth, rows);
  return map === GIVE_UP || state.at !== lines.length ? undefined : map;
}

// A block map whose keys sit at `indent`, from lines[state.at] on.
function readMap(lines: Line[], state: { at: number }, indent: number, depth: number, maxDepth: number, rows: YamlRows): Record<string, unknown> | typeof GIVE_UP {
  if (depth > maxDepth || depth > MAX_MAP_DEPTH) return GIVE_UP;
  const out: Record<string, unknown> = {};
  while (state.at < lines.length) {
    const line = lines[state.at]!;
    if (line.indent < indent) break;
    if (line.indent > indent) return GIVE_UP;
    const colon = line.text.indexOf(':');
    if (colon <= 0) return GIVE_UP;
    const key = line.text.slice(0, colon);
    if (!KEY.test(key) || NULL_WORDS.has(key) || BOOL_WORDS.has(key) || FORBIDDEN_KEYS.has(key) || Object.hasOwn(out, key)) return GIVE_UP;
    const rest = line.text.slice(colon + 1);
    rows.rows[key] = line.row;
    state.at++;
    const next = lines[state.at];
    if (rest === '') {
      if (next === undefined || next.indent <= indent) {
        // A key with nothing under it is null; `- ` at the key's own indent would be a sequence.
        if (next !== undefined && next.indent === indent && next.text.startsWith('-')) return GIVE_UP;
        out[key] = null;
      } else if (next.text[0] === '-') {
        const items: number[] = [];
        const seq = readSeq(lines, state, next.indent, depth + 1, maxDepth, items);
        if (seq === GIVE_UP) return GIVE_UP;
        out[key] = seq;
        (rows.under ??= {})[key] = items;
      } else {
        const under: YamlRows = { rows: {} };
        const map = readMap(lines, state, next.indent, depth + 1, maxDepth, under);
        if (map === GIVE_UP) return GIVE_UP;
        out[key] = map;
        (rows.under ??= {})[key] = under;
      }
      continue;
    }
    // One space after the colon (or the dash): `yaml` keeps extra ones in some indentations.
    if (rest[0] !== ' ' || rest[1] === ' ') return GIVE_UP;
    // A deeper line after a one-line value would continue a plain scalar or be an error.
    if (next !== undefined && next.indent > indent) return GIVE_UP;
    const written = withoutComment(rest.slice(1));
    if (written === '') return GIVE_UP;
    const v = inlineValue(written);
    if (v === GIVE_UP) return GIVE_UP;
    if (typeof v === 'object' && v !== null && depth + 1 > maxDepth) return GIVE_UP;
    out[key] = v;
  }
  return out;
}

// A block sequence of one-line scalars whose `- ` sit at `indent`.
function readSeq(lines: Line[], state: { at: number }, indent: number, depth: number, maxDepth: number, rows: number[]): Value[] | typeof GIVE_UP {
  if (depth > maxDepth) return GIVE_UP;
  const out: Value[] = [];
  while (state.at < lines.length) {
    const line = lines[state.at]!;
    if (line.indent < indent) break;
    if (line.indent > indent || !line.text.startsWith('- ')) return GIVE_UP;
    rows.push(line.row);
    state.at++;
    const next = lines[state.at];
    if (next !== undefined && next.indent > indent) return GIVE_UP;
    const item = withoutComment(line.text.slice(2));
    if (item === '' || item[0] === ' ') return GIVE_UP;
    // Nested sequences and maps inside items are left to the full parser (plainScalar refuses
    // `[`, `{`, `- ` and `key: value`).
    const v = scalar(item, false);
    if (v === GIVE_UP) return GIVE_UP;
    out.push(v);
  }
  return out;
}
