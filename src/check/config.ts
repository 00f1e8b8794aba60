import { Compile } from 'typebox/compile';
import { readJson } from '../canonical/index.js';
import { LineIndex, type Problem, type Result, error, fail, ok } from '../problems/index.js';
import { MemkitConfig } from '../schemas/memkit-config.js';
import { schemaProblems } from '../schemas/validate.js';
import { locatePointer } from './json-locate.js';
import { ruleFor } from './rules.js';

export type { MemkitConfig } from '../schemas/memkit-config.js';

/** The config file's name at the root of a checked directory. */
export const CONFIG_FILE = 'memkit.config.json';

/** The longest config text read (1 Mi characters): a config is a few lines, and a huge one is refused before parsing. */
export const MAX_CONFIG_CHARS = 1024 * 1024;

let validator: { Errors(value: unknown): readonly unknown[]; Check(value: unknown): boolean } | undefined;

/**
 * Reads a `memkit.config.json` text: JSON syntax (memkit's reader: duplicate
 * keys refused), its schema, and that every code under `rules` is one memkit
 * declares (`config.unknown-rule`). Every problem names `file` and, where
 * it can be found, its line and column.
 * @example parseConfig('{"profile":"strict"}') // { ok: true, value: { profile: 'strict' } }
 */
export function parseConfig(text: string, file = CONFIG_FILE): Result<MemkitConfig> {
  if (text.length > MAX_CONFIG_CHARS) return fail([error('input.too-large', `the config file holds ${text.length} characters; a config is at most ${MAX_CONFIG_CHARS}`, { file, line: 1 })]);
  const read = readJson(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  if (!read.ok) return fail(read.problems.map((p) => ({ ...p, file })));
  const value = read.value;
  validator ??= Compile(MemkitConfig) as never;
  const problems: Problem[] = validator!.Check(value) ? [] : schemaProblems(validator!, value);
  if (problems.length === 0) {
    for (const code of Object.keys((value as MemkitConfig).rules ?? {}))
      if (ruleFor(code) === undefined) problems.push(error('config.unknown-rule', `"${code}" is not a memkit problem code`, { pointer: `/rules/${code.replace(/~/g, '~0').replace(/\//g, '~1')}` }));
  }
  if (problems.length === 0) return ok(value as MemkitConfig);
  const lines = new LineIndex(text);
  return fail(
    problems.map((p) => {
      const at = p.pointer !== undefined && p.line === undefined ? locatePointer(text, p.pointer, lines) : undefined;
      return { ...p, file, ...(at ? { line: at.line, column: at.column } : {}) };
    }),
  );
}
