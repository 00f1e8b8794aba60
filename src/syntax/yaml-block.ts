import { type Document, type DocumentOptions, type ParseOptions, type SchemaOptions, isMap, isPair, isScalar, isSeq, parseDocument, visit } from 'yaml';
import { countNewlines } from './count-newlines.js';
import { type LineIndex, type Problem, error, warning } from '../kernel/problems/index.js';
import { FORBIDDEN_KEYS } from '../kernel/canonical/forbidden-keys.js';
import { textDepth, tooDeep, valueDepth } from './depth.js';
import type { Limits } from './limits.js';
import { type YamlRows, fastYamlMap } from './fast-yaml.js';

/** Counters of the work a parse did; pass one in `stats` to observe it (tests, batch tools). */
export interface ParseStats {
  /** YAML documents parsed. */
  yamlParses: number;
  /** Characters handed to the YAML parser. */
  yamlChars: number;
  /** Markdown bodies run through micromark. */
  markdownParses: number;
}

/** A fresh, zeroed {@link ParseStats}. */
export function createParseStats(): ParseStats {
  return { yamlParses: 0, yamlChars: 0, markdownParses: 0 };
}

/** The `yaml` options memkit parses with: YAML 1.2 core schema, unique keys, strict. */
export const YAML_OPTIONS: ParseOptions & DocumentOptions & SchemaOptions = Object.freeze({
  version: '1.2',
  schema: 'core',
  uniqueKeys: true,
  strict: true,
  merge: false,
  prettyErrors: false,
  keepSourceTokens: false,
  logLevel: 'error', // 'silent' would also drop the MULTIPLE_DOCS error
});

/** The outcome of parsing a YAML block embedded in a file. */
export interface YamlBlock {
  doc: Document.Parsed;
  /** The mapping as plain JSON-like data; `undefined` when it did not parse. */
  data: Record<string, unknown> | undefined;
  /** Errors and warnings, positioned in the file. */
  problems: Problem[];
}

const CODE_OF: Record<string, string> = {
  DUPLICATE_KEY: 'yaml.duplicate-key',
  TAG_RESOLVE_FAILED: 'yaml.unknown-tag',
};

/**
 * Parses `yamlText`, which starts at `offset` in a file indexed by `lines`,
 * as a YAML mapping. Every problem is positioned in the file. Never throws.
 */
export function parseYamlBlock(yamlText: string, offset: number, lines: LineIndex, limits: Limits, stats?: ParseStats): YamlBlock {
  const at = (pos: number) => lines.position(offset + pos);
  if (stats) {
    stats.yamlParses++;
    stats.yamlChars += yamlText.length;
  }
  let doc: Document.Parsed;
  try {
    doc = parseDocument(yamlText, YAML_OPTIONS);
  } catch {
    // The composer recurses; absurd nesting can exhaust the stack.
    return { doc: parseDocument('', YAML_OPTIONS), data: undefined, problems: [yamlTooDeep(yamlText, limits, at)] };
  }
  const problems: Problem[] = [];
  for (const e of [...doc.errors, ...doc.warnings]) {
    // The yaml library reports its own stack overflow on deep flow nesting as RESOURCE_EXHAUSTION.
    if (e.code === 'RESOURCE_EXHAUSTION' && /call stack/i.test(e.message)) {
      problems.push(yamlTooDeep(yamlText, limits, at));
      continue;
    }
    const code = CODE_OF[e.code] ?? 'yaml.syntax';
    problems.push(error(code, e.message, at(e.pos[0])));
  }
  if (problems.length > 0) return { doc, data: undefined, problems };
  const contents = doc.contents;
  if (contents === null) return { doc, data: {}, problems };
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: limits.maxYamlAliases });
  } catch (cause) {
    if (cause instanceof ReferenceError) {
      const first = firstAlias(doc);
      const problem = !/unresolved alias/i.test(cause.message)
        ? error('yaml.alias-limit', `the YAML needs more than ${limits.maxYamlAliases} alias expansions`, at(first))
        : error('yaml.syntax', cause.message, at(first));
      return { doc, data: undefined, problems: [problem] };
    }
    return { doc, data: undefined, problems: [yamlTooDeep(yamlText, limits, at)] };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    const start = (contents as { range?: [number, number, number] }).range?.[0] ?? 0;
    return { doc, data: undefined, problems: [error('frontmatter.not-a-mapping', 'the frontmatter must be a YAML mapping of keys to values', at(start))] };
  }
  const found = sanitize(value, limits.maxYamlDepth);
  if (found.cycle) return { doc, data: undefined, problems: [error('yaml.alias-cycle', 'an alias refers to a collection that contains it', at(firstAlias(doc)))] };
  if (found.tooDeep) return { doc, data: undefined, problems: [tooDeep('the YAML', valueDepth(value), limits.maxYamlDepth, at(0))] };
  if (found.forbidden > 0) {
    visit(doc, {
      Pair(_key, pair) {
        if (isPair(pair) && isScalar(pair.key) && FORBIDDEN_KEYS.has(String(pair.key.value))) {
          problems.push(warning('input.forbidden-key', `key "${String(pair.key.value)}" was dropped so it cannot reach an object prototype`, at(pair.key.range?.[0] ?? 0)));
        }
      },
    });
  }
  return { doc, data: value as Record<string, unknown>, problems };
}

/** The 0-based row in `yamlText` of the value at a pointer's tokens (its key's row in a map): the deepest token found, -1 for none. */
export function documentRowAt(doc: Document.Parsed, yamlText: string, tokens: readonly string[]): number {
  let node: unknown = doc.contents;
  let at = -1;
  for (const token of tokens) {
    let next: unknown;
    let start: number | undefined;
    if (isMap(node)) {
      const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === token);
      next = pair?.value;
      start = (pair?.key as { range?: [number, number, number] } | undefined)?.range?.[0];
    } else if (isSeq(node) && /^(0|[1-9][0-9]*)$/.test(token)) {
      next = node.items[Number(token)];
      start = (next as { range?: [number, number, number] } | undefined)?.range?.[0];
    }
    if (start === undefined) break;
    at = start;
    node = next;
  }
  return at < 0 ? -1 : countNewlines(yamlText, at);
}

function firstAlias(doc: Document): number {
  let first = 0;
  visit(doc, {
    Alias(_key, node) {
      first = node.range?.[0] ?? 0;
      return visit.BREAK;
    },
  });
  return first;
}

/** The problem for YAML too deep for the parser's call stack: with the depth of its flow brackets when they are the cause. */
function yamlTooDeep(yamlText: string, limits: Limits, at: (pos: number) => Omit<Problem, 'code' | 'severity' | 'message'>): Problem {
  const deep = textDepth(yamlText, 'yaml');
  return deep.depth > limits.maxYamlDepth ? tooDeep('the YAML', deep.depth, limits.maxYamlDepth, at(deep.offset)) : tooDeep('the YAML', undefined, limits.maxYamlDepth, at(0));
}

/**
 * Deletes forbidden keys from plain data in place and measures its depth,
 * stopping at `maxDepth`. Shared (aliased) objects are visited once.
 */
export function sanitize(value: unknown, maxDepth: number): { forbidden: number; tooDeep: boolean; cycle: boolean } {
  const done = new Set<object>();
  const ancestors = new Set<object>();
  const state = { forbidden: 0, tooDeep: false, cycle: false };
  const walk = (v: unknown, depth: number): void => {
    if (v === null || typeof v !== 'object' || state.tooDeep || state.cycle) return;
    if (depth > maxDepth) {
      state.tooDeep = true;
      return;
    }
    if (ancestors.has(v)) {
      state.cycle = true;
      return;
    }
    if (done.has(v)) return;
    ancestors.add(v);
    if (Array.isArray(v)) {
      for (const item of v) walk(item, depth + 1);
    } else {
      const obj = v as Record<string, unknown>;
      for (const key of Object.keys(obj)) {
        if (FORBIDDEN_KEYS.has(key)) {
          delete obj[key];
          state.forbidden++;
          continue;
        }
        walk(obj[key], depth + 1);
      }
    }
    ancestors.delete(v);
    done.add(v);
  };
  walk(value, 1);
  return state;
}

/**
 * A YAML block that should hold a mapping: memkit's reader for the flat blocks memory files hold (its rows into
 * `options.rows`), anything else (or `options.fast: false`) through {@link parseYamlBlock}; either counted in
 * `options.stats`. `lines` gives the file's line index, built only when the `yaml` parser runs.
 */
export function readYamlMap(
  yamlText: string,
  offset: number,
  lines: () => LineIndex,
  limits: Limits,
  options: { stats?: ParseStats; rows?: YamlRows; fast?: boolean } = {},
): Pick<YamlBlock, 'data' | 'problems'> & { doc?: Document.Parsed } {
  const fast = options.fast === false ? undefined : fastYamlMap(yamlText, limits.maxYamlDepth, options.rows);
  if (fast === undefined) return parseYamlBlock(yamlText, offset, lines(), limits, options.stats);
  if (options.stats) {
    options.stats.yamlParses++;
    options.stats.yamlChars += yamlText.length;
  }
  return { data: fast, problems: [] };
}
