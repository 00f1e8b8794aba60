import { readFile } from 'node:fs/promises';
import { relative, resolve, sep } from 'node:path';
import { parseJson } from '../../../syntax/json.js';
import { type Problem, ProblemCap, error, inFile } from '../../../kernel/problems/index.js';
import { type SchemaId, type Tally, compileTally, compileValidator, formatIds, isSchemaId } from '../../../schema/index.js';
import { schemaOfFormat, validateFormatFile } from '../../../formats/validate-file.js';
import { type Command, UsageError } from '../command.js';
import { OUTPUT_FORMATS, emitReport, type OutputFormat } from '../emit.js';
import { makeReport } from '../io.js';
import { formatOption, positiveInt } from './shared.js';

const MAX_BYTES = 64 * 1024 * 1024;
const DEFAULT_MAX_PROBLEMS = 100;

/** `memkit validate FILE --schema ID`: validates a JSON file, or each line of a JSON Lines file. */
export const validateCommand: Command = {
  name: 'validate',
  help: `Usage: memkit validate FILE --schema ID [--format ${OUTPUT_FORMATS.join('|')}]

Validates FILE against the memkit format ID. A .jsonl or .ndjson file is
validated line by line (blank lines are skipped; line numbers count them).
A file of a Markdown format is read as memkit check reads it: a memory doc's
frontmatter, each entry of a .md ledger, the progress table's rows, the
systemPatterns.md header, each feedback-log.md block. ID may also be a file
format's id (decision-log: each entry against decision-log-entry).
Problems carry the file, the 1-based line and column, and a JSON Pointer.
At most N problems are reported (--max-problems N, default 100), then one
problems.truncated saying how many more were found.

Formats: ${formatIds.join(', ')}.

Exit status: 0 valid, 1 problems found, 2 usage error (unknown format,
missing or unreadable FILE).
`,
  options: { schema: { type: 'string' }, format: formatOption, 'max-problems': { type: 'string' } },
  async run({ values, positionals }, io) {
    const file = positionals[0];
    const schema = values.schema as string | undefined;
    if (file === undefined || positionals.length > 1) throw new UsageError('validate takes exactly one FILE');
    if (schema === undefined) throw new UsageError('--schema ID is required');
    const id = schemaIdOf(schema);
    const check = compileValidator(id);
    if (check === undefined) throw new UsageError(`unknown format "${schema}"; known: ${formatIds.join(', ')}`);
    const maxProblems = positiveInt(values['max-problems'], '--max-problems') ?? DEFAULT_MAX_PROBLEMS;
    const path = resolve(io.cwd, file);
    const rel = relative(io.cwd, path).split(sep).join('/') || file;
    let bytes: Uint8Array;
    try {
      bytes = await readFile(path);
    } catch (cause) {
      throw new UsageError(`cannot read ${file}: ${(cause as NodeJS.ErrnoException).code ?? (cause as Error).message}`);
    }
    const problems = bytes.length > MAX_BYTES ? [error('input.too-large', `file is ${bytes.length} bytes; the limit is ${MAX_BYTES}`)] : validateBytes(bytes, file, id, check, maxProblems);
    return emitReport(io, makeReport('.', [{ file: rel, format: schema }], inFile(problems, rel)), values.format as OutputFormat);
  },
};

/** The problems of a file's bytes: not UTF-8, or the JSON document's (a `.jsonl`/`.ndjson` file's lines'), at most `maxProblems` of them. */
function validateBytes(bytes: Uint8Array, file: string, schema: SchemaId, check: (value: unknown) => Problem[], maxProblems: number): Problem[] {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return [error('input.invalid-utf8', 'file is not valid UTF-8')];
  }
  const cap = new ProblemCap(maxProblems);
  if (/\.(jsonl|ndjson)$/i.test(file)) validateLines(check, compileTally(schema)!, text, cap);
  else cap.addAll((/\.json$/i.test(file) ? undefined : validateFormatFile(schema, text, file)) ?? validateDocument(check, text));
  return cap.problems;
}

/** The schema `--schema ID` names: a schema id, or a file format's id standing for the schema of its values; else a usage error saying which ids do. */
function schemaIdOf(id: string): SchemaId {
  if (isSchemaId(id)) return id;
  const byFormat = schemaOfFormat(id);
  if (byFormat?.schema !== undefined) return byFormat.schema;
  if (byFormat !== undefined) throw new UsageError(`the ${id} format holds values of several schemas; give one of ${byFormat.choices.join(', ')}`);
  throw new UsageError(`unknown format "${id}"; known: ${formatIds.join(', ')} (or a file format id such as a ledger's, whose entries are validated)`);
}

/** Validates one JSON text; problems get the line and column of their pointer. */
function validateDocument(check: (value: unknown) => Problem[], text: string, lineOffset = 0): Problem[] {
  const parsed = parseJson(text, { positions: true });
  if (!parsed.ok) return parsed.problems.map((p) => (p.line === undefined ? p : { ...p, line: p.line + lineOffset }));
  const problems = check(parsed.value);
  if (problems.length === 0) return problems;
  return problems.map((p) => {
    const at = p.pointer === undefined ? undefined : parsed.positions?.locate(p.pointer);
    return at === undefined ? p : { ...p, line: at.line + lineOffset, column: at.column };
  });
}

/**
 * Validates each non-blank line of a JSON Lines text into `cap`; past the cap
 * a line is only judged (parse and a fast schema check) and counted.
 */
function validateLines(check: (value: unknown) => Problem[], tally: (value: unknown) => Tally, text: string, cap: ProblemCap): void {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  lines.forEach((raw, i) => {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line.trim() === '') return;
    if (!cap.full) {
      for (const p of validateDocument(check, line, i)) cap.add(p.line === undefined ? { ...p, line: i + 1 } : p);
      return;
    }
    const parsed = parseJson(line);
    const t: Tally = parsed.ok ? tally(parsed.value) : { problems: 1, worst: 'error', atLeast: false };
    cap.skip(t.problems, t.worst, { line: i + 1 }, t.atLeast);
  });
}
