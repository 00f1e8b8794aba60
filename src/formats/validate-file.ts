/** `memkit validate` on a file of a Markdown format: the file read by its format's reader, as `memkit check` reads it, its values validated. */
import type { Problem, Result } from '../kernel/problems/index.js';
import { type SchemaId, validate } from '../schema/index.js';
import { parseFrontmatter } from '../syntax/index.js';
import { parseFeedbackLog } from './feedback-log/parse.js';
import { FORMATS, type FormatModule, isFormatId, formatById } from './index.js';
import { parseLedgerText } from './memory-bank/ledger-text.js';
import { feedbackLogParser, frontmatterParser, gardenerParser, ledgerTextParser, progressTableParser, systemPatternsParser } from './parsers.js';
import { parseProgressTable } from './progress/parse.js';
import { parseSystemPatterns } from './system-patterns/parse.js';

/** The format whose values `schema` describes (the first listing it). */
function formatOfSchema(schema: SchemaId): FormatModule | undefined {
  return FORMATS.find((f) => f.schemaIds.includes(schema));
}

/**
 * The value schema a file format id stands for in `memkit validate --schema`:
 * the format's one schema (`decision-log` → `decision-log-entry`, each entry
 * of the file validated), or its file schema when that has the format's id
 * (`thread-store`). A format of several value schemas (an export bundle)
 * gives only `choices`; an id that is no format gives `undefined`.
 */
export function schemaOfFormat(id: string): { schema?: SchemaId; choices: readonly SchemaId[] } | undefined {
  if (!isFormatId(id)) return undefined;
  const choices = formatById(id).schemaIds;
  return choices.length === 1 || choices[0] === id ? { schema: choices[0]!, choices } : { choices };
}

/** Problems with `file` set, from a reader that leaves it unset on some. */
const placed = (problems: readonly Problem[], file: string): Problem[] => problems.map((p) => (p.file === undefined ? { ...p, file } : p));

/**
 * Validates the text of a Markdown-format file against `schema` by reading it
 * with its format's reader: a memory doc's frontmatter, each entry of a `.md`
 * ledger, the rows of the progress table, the systemPatterns.md header, each
 * feedback-log.md block, a `gardener.toml`. `undefined` when the schema's
 * format is read as JSON or JSON Lines (the caller reads those).
 *
 * @example validateFormatFile('memory-doc', '---\nid: fact.x\n---\n', 'FACTS/x.md') // the frontmatter's problems
 */
export function validateFormatFile(schema: SchemaId, text: string, file: string): Problem[] | undefined {
  const format = formatOfSchema(schema);
  if (format === undefined) return undefined;
  const parser = format.parser;
  if (parser === frontmatterParser) {
    const parsed = parseFrontmatter(text, { file, optional: false });
    if (!parsed.ok) return parsed.problems;
    const doc = parsed.value;
    return [...(parsed.problems ?? []), ...validate(schema, doc.data).map((p) => ({ ...p, file, line: doc.lineOf(p.pointer ?? '') }))];
  }
  if (parser === ledgerTextParser) return parseLedgerText(text, { file, format: schema }).problems;
  if (parser === systemPatternsParser && schema === format.schemaIds[0]) {
    // The header's schema only: whether the body hashes to it is a rule of `memkit check`.
    const parsed = parseSystemPatterns(text, { file, verifyHash: false });
    return placed(parsed.problems ?? [], file);
  }
  if (parser === progressTableParser) {
    const parsed = parseProgressTable(text, { file });
    return placed(parsed.problems ?? [], file);
  }
  if (parser === feedbackLogParser) {
    const parsed = parseFeedbackLog(text, { file });
    return placed(parsed.problems ?? [], file);
  }
  if (parser === gardenerParser && /\.toml$/i.test(file)) {
    const parsed = gardenerParser.parse(text, { file }) as Result<unknown>;
    if (!parsed.ok) return placed(parsed.problems, file);
    return validate(schema, parsed.value).map((p) => ({ ...p, file }));
  }
  return undefined;
}
