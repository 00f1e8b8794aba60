import { readFile } from 'node:fs/promises';
import { relative, resolve, sep } from 'node:path';
import { parseJson } from '../../parse/index.js';
import { type Problem, inFile } from '../../problems/index.js';
import { formatIds, validate } from '../../schemas/index.js';
import { type Command, UsageError } from '../command.js';
import { emitReport, type OutputFormat } from '../emit.js';
import { makeReport } from '../report.js';
import { formatOption } from './shared.js';

const MAX_BYTES = 64 * 1024 * 1024;

/** `memkit validate FILE --schema ID`: validates a JSON file, or each line of a JSON Lines file. */
export const validateCommand: Command = {
  name: 'validate',
  summary: 'validate one JSON or JSON Lines file against a memkit format',
  help: `Usage: memkit validate FILE --schema ID [--format text|json]

Validates FILE against the memkit format ID. A .jsonl or .ndjson file is
validated line by line. Formats: ${formatIds.join(', ')}.

Exit status: 0 valid, 1 problems found, 2 usage error.
`,
  options: { schema: { type: 'string' }, format: formatOption },
  async run({ values, positionals }, io) {
    const file = positionals[0];
    const schema = values.schema as string | undefined;
    if (file === undefined || positionals.length > 1) throw new UsageError('validate takes exactly one FILE');
    if (schema === undefined) throw new UsageError('--schema ID is required');
    if (!formatIds.includes(schema)) throw new UsageError(`unknown format "${schema}"; known: ${formatIds.join(', ')}`);
    const path = resolve(io.cwd, file);
    const rel = relative(io.cwd, path).split(sep).join('/');
    let problems: Problem[];
    let bytes: Buffer;
    try {
      bytes = await readFile(path);
    } catch (cause) {
      const code = (cause as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'EISDIR' || code === 'EACCES') throw new UsageError(`cannot read ${file}: ${code}`);
      throw cause;
    }
    if (bytes.length > MAX_BYTES) {
      problems = [{ code: 'input.too-large', severity: 'error', message: `file is ${bytes.length} bytes; the limit is ${MAX_BYTES}` }];
    } else {
      let text: string;
      try {
        text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      } catch {
        text = '';
        problems = [{ code: 'input.invalid-utf8', severity: 'error', message: 'file is not valid UTF-8' }];
      }
      problems ??= /\.(jsonl|ndjson)$/i.test(file) ? validateLines(schema, text) : validateDocument(schema, text);
    }
    return emitReport(io, makeReport('.', [{ file: rel, format: schema }], inFile(problems, rel)), values.format as OutputFormat);
  },
};

function validateDocument(schema: string, text: string): Problem[] {
  const parsed = parseJson(text);
  return parsed.ok ? validate(schema, parsed.value) : parsed.problems;
}

function validateLines(schema: string, text: string): Problem[] {
  const out: Problem[] = [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  lines.forEach((raw, i) => {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line.trim() === '') return;
    for (const p of validateDocument(schema, line)) out.push({ ...p, line: i + 1, ...(p.column !== undefined ? { column: p.column } : {}) });
  });
  return out;
}
