import { parse as parseToml, TomlError } from 'smol-toml';
import { parseFrontmatter, parseJson, parseJsonlText } from '../syntax/index.js';
import { parseFeedbackLog } from './feedback-log/parse.js';
import { parseLedgerText } from './memory-bank/ledger-text.js';
import { parseProgressTable } from './progress/parse.js';
import { parseSystemPatterns } from './system-patterns/parse.js';
import { type Result, error, fail, inFile, ok } from '../kernel/problems/index.js';
import type { ParserBinding } from './types.js';

/** JSON read by the one canonical reader (duplicate names refused, positions kept). */
export const jsonParser: ParserBinding = {
  name: 'parseJson',
  parse: (text, { file }) => {
    const r = parseJson(text);
    return r.ok || file === undefined ? r : fail(inFile(r.problems, file));
  },
};

/** JSON Lines, one item per line with its line number. */
export const jsonLinesParser: ParserBinding = { name: 'parseJsonlText', parse: (text, { file }) => parseJsonlText(text, file === undefined ? {} : { file }) };

/** YAML frontmatter and a Markdown body. */
export const frontmatterParser: ParserBinding = { name: 'parseFrontmatter', parse: (text, { file }) => parseFrontmatter(text, file === undefined ? {} : { file }) };

/** A memory bank ledger: a Markdown preamble, then one JSON entry per line. */
export const ledgerTextParser: ParserBinding = { name: 'parseLedgerText', parse: (text, { file }) => parseLedgerText(text, file === undefined ? {} : { file }) };

/** `systemPatterns.md`: the header and the body it hashes. */
export const systemPatternsParser: ParserBinding = { name: 'parseSystemPatterns', parse: (text, { file }) => parseSystemPatterns(text, file === undefined ? {} : { file }) };

/** `progress.md`: the Markdown table, row by row. */
export const progressTableParser: ParserBinding = { name: 'parseProgressTable', parse: (text, { file }) => parseProgressTable(text, file === undefined ? {} : { file }) };

/** `feedback-log.md`: headed entries of YAML. */
export const feedbackLogParser: ParserBinding = { name: 'parseFeedbackLog', parse: (text, { file }) => parseFeedbackLog(text, file === undefined ? {} : { file }) };

/** The gardener config: TOML for `gardener.toml`, JSON otherwise. */
export const gardenerParser: ParserBinding = {
  name: 'parseGardenerConfig',
  parse: (text, { file }) => (file?.endsWith('.toml') ? parseTomlText(text, file) : jsonParser.parse(text, file === undefined ? {} : { file })),
};

function parseTomlText(text: string, file: string): Result<unknown> {
  try {
    return ok(parseToml(text));
  } catch (cause) {
    const t = cause instanceof TomlError ? cause : undefined;
    return fail([error('check.toml-syntax', `the TOML does not parse: ${(cause as Error).message.split('\n')[0]}`, { file, line: t?.line ?? 1, column: t?.column ?? 1 })]);
  }
}
