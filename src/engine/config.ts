import { type SchemaChecker, interpretedChecker } from '../schema/typebox-check.js';
import { readJson } from '../kernel/canonical/index.js';
import { MEMORY_BANK_FILES } from '../formats/index.js';
import { type Problem, type Result, error, fail, ok, toPointer } from '../kernel/problems/index.js';
import { MemkitConfig } from '../schema/memkit-config.js';
import { schemaProblems } from '../schema/validate.js';
import { RULES, type RuleTable } from './rules.js';
import type { CheckSource } from './source.js';

export type { MemkitConfig } from '../schema/memkit-config.js';

/** The config file's name at the root of a checked directory. */
export const CONFIG_FILE = 'memkit.config.json';

/** The largest config file read (1 MiB): a config is a few lines, and a larger file is refused before it is decoded. */
export const MAX_CONFIG_BYTES = 1024 * 1024;

/** The longest config text parsed (1 Mi characters, the same bound as {@link MAX_CONFIG_BYTES} for a text given directly). */
export const MAX_CONFIG_CHARS = MAX_CONFIG_BYTES;

const decoder = new TextDecoder('utf-8', { fatal: true });

let validator: SchemaChecker | undefined;

/**
 * Reads a `memkit.config.json` text: JSON syntax (duplicate keys refused), its schema, that every `rules` code is
 * one of `codes` and every `memoryBank.writers` file a memory-bank file. Problems name `file`, line and column.
 * @example parseConfig('{"profile":"strict"}') // { ok: true, value: { profile: 'strict' } }
 */
export function parseConfig(text: string, file = CONFIG_FILE, codes: RuleTable = RULES): Result<MemkitConfig> {
  if (text.length > MAX_CONFIG_CHARS) return fail([error('input.too-large', `the config file holds ${text.length} characters; a config is at most ${MAX_CONFIG_CHARS}`, { file, line: 1 })]);
  const read = readJson(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, { positions: true });
  if (!read.ok) return fail(read.problems.map((p) => ({ ...p, file })));
  const value = read.value;
  validator ??= interpretedChecker(MemkitConfig);
  const problems: Problem[] = validator.Check(value) ? [] : schemaProblems(validator, value);
  if (problems.length === 0) {
    for (const code of Object.keys((value as MemkitConfig).rules ?? {}))
      if (!codes.has(code)) problems.push(error('config.unknown-rule', `"${code}" is not a memkit problem code`, { pointer: toPointer(['rules', code]) }));
    for (const name of Object.keys((value as MemkitConfig).memoryBank?.writers ?? {}))
      if (!Object.hasOwn(MEMORY_BANK_FILES, name))
        problems.push(error('config.unknown-bank-file', `"${name}" is not a memory-bank file${meant(name)}`, { pointer: toPointer(['memoryBank', 'writers', name]) }));
  }
  if (problems.length === 0) return ok(value as MemkitConfig);
  return fail(
    problems.map((p) => {
      const at = p.pointer !== undefined && p.line === undefined ? read.positions?.locate(p.pointer) : undefined;
      return { ...p, file, ...(at ? { line: at.line, column: at.column } : {}) };
    }),
  );
}

/** The hint of an unknown writer file: the bank file it most likely means, else the names there are. */
function meant(name: string): string {
  const names = Object.keys(MEMORY_BANK_FILES);
  const lower = name.toLowerCase();
  const cased = names.find((n) => n.toLowerCase() === lower);
  if (cased !== undefined) return ` (did you mean "${cased}"? file names are case-sensitive)`;
  const close = names.find((n) => editDistance(n.toLowerCase(), lower, 3) <= 2);
  return close !== undefined ? ` (did you mean "${close}"?)` : ` (the memory-bank files are ${names.join(', ')})`;
}

/** Levenshtein distance of `a` and `b`, or `limit` once it is certain to reach it (names are short; a long key stops early). */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) >= limit) return limit;
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    if (Math.min(...next) >= limit) return limit;
    row = next;
  }
  return Math.min(row[b.length]!, limit);
}

/**
 * The one config loader every surface uses: a read of the config file (`undefined`: none) becomes the parsed
 * config, `null` for none, or its problems (read failure, over {@link MAX_CONFIG_BYTES}, not UTF-8, {@link parseConfig}'s).
 * @example configFromRead(ok(new TextEncoder().encode('{"profile":"strict"}'))) // { ok: true, value: { profile: 'strict' } }
 */
export function configFromRead(read: Result<Uint8Array | undefined>, file = CONFIG_FILE, codes: RuleTable = RULES): Result<MemkitConfig | null> {
  if (!read.ok) return fail(read.problems.map((p) => ({ ...p, file })));
  const bytes = read.value;
  if (bytes === undefined) return ok(null);
  if (bytes.length > MAX_CONFIG_BYTES) return fail([configTooLarge(bytes.length, file)]);
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    return fail([error('input.invalid-utf8', 'the config file is not valid UTF-8', { file })]);
  }
  return parseConfig(text, file, codes);
}

/** The `input.too-large` problem of a config file of `size` bytes, over {@link MAX_CONFIG_BYTES}. */
export function configTooLarge(size: number, file = CONFIG_FILE): Problem {
  return error('input.too-large', `the config file is ${size} bytes; a config is at most ${MAX_CONFIG_BYTES}`, { file });
}

/**
 * The `memkit.config.json` at the root of `source`, read with the source's refusals: config, `null` for none, or problems.
 * `missing` tells a file that does not exist from an unreadable one, for sources that report both as `check.unreadable`.
 */
export async function loadConfig(source: Pick<CheckSource, 'read'>, missing?: () => Promise<boolean>, codes: RuleTable = RULES): Promise<Result<MemkitConfig | null>> {
  const read = await source.read(CONFIG_FILE);
  if (!read.ok && missing !== undefined && read.problems.every((p) => p.code === 'check.unreadable') && (await missing())) return ok(null);
  return configFromRead(read, CONFIG_FILE, codes);
}
