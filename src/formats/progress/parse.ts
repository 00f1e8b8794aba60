import { countNewlines } from '../../syntax/count-newlines.js';
import { type Problem, type Result, error, fail, hasErrors, inFile, ok, warning } from '../../kernel/problems/index.js';
import { validate, type ValidateOptions } from '../../schema/index.js';
import { ProgressRow } from '../../schema/typebox/memory-bank.js';
import { splitFrontmatter } from '../../syntax/frontmatter.js';
import { guard } from '../../syntax/guard.js';
import { type Limits, resolveLimits } from '../../syntax/limits.js';
import { isAlignmentRow, renderRow, splitRow } from '../../syntax/markdown-table.js';

/** The columns of `progress.md`, in schema order; all are required. */
export const PROGRESS_COLUMNS: readonly string[] = Object.keys(ProgressRow.properties);

/** The columns a status change writes: the row's key, its status, and when it was set. */
export const PROGRESS_COLUMN = { taskId: 'task_id', status: 'status', updatedAt: 'updated_at' } as const satisfies Record<string, keyof typeof ProgressRow.properties>;

/** How many of the seed's column names make a table's header the progress table's. */
const SEED_HEADER_MIN = 2;

/** One row of a parsed table. */
export interface ProgressTableRow {
  /** 1-based file line; absent for rows added in code. */
  line?: number;
  /** Every column's cell text (unescaped, trimmed), keyed by column name. Edit these to change the row. */
  cells: Record<string, string>;
  /** The original line with its line ending; written back unchanged while `cells` still match it. */
  raw?: string;
}

/** A `progress.md` file: the text around the table, the table's columns in file order, and its rows. */
export interface ProgressTable {
  /** Everything before the header row (BOM, frontmatter, headings, prose), byte for byte. */
  before: string;
  /** Header names in file order. */
  columns: string[];
  /** The raw header row with its line ending. */
  header: string;
  /** The raw alignment row with its line ending. */
  alignment: string;
  rows: ProgressTableRow[];
  /** Everything after the last row, byte for byte. */
  after: string;
  /** Line ending for rows written anew. */
  eol: '\n' | '\r\n';
}

/** Options for {@link parseProgressTable}. */
export interface ProgressTableOptions {
  limits?: Partial<Limits>;
  file?: string;
  /** Validate each row against the `progress-row` schema (default true). */
  validateRows?: boolean;
  validateOptions?: ValidateOptions;
}

/** The lines of `text` with their line endings, from offset `from`. */
function linesFrom(text: string, from: number): { start: number; raw: string; line: string }[] {
  const out: { start: number; raw: string; line: string }[] = [];
  let pos = from;
  while (pos < text.length) {
    const nl = text.indexOf('\n', pos);
    const end = nl === -1 ? text.length : nl + 1;
    const raw = text.slice(pos, end);
    out.push({ start: pos, raw, line: raw.replace(/\r?\n$/, '') });
    pos = end;
  }
  return out;
}

/**
 * Parses the progress table of `progress.md`, the first whose header names two of the seed's columns (other tables are prose; any column order, escaped pipes), each row validated
 * against `progress-row` with Problems on its line. Never throws.
 *
 * @example parseProgressTable('| task_id | status | agent | milestone_severity | updated_at |\n|---|---|---|---|---|\n')
 */
export function parseProgressTable(text: string, options: ProgressTableOptions = {}): Result<ProgressTable> {
  return guard(
    () => parseTableUnguarded(text, options),
    (p) => fail([p]),
    options.file,
  );
}

function parseTableUnguarded(text: string, options: ProgressTableOptions): Result<ProgressTable> {
  if (typeof text !== 'string') return fail([error('parse.not-text', 'the input is not text', { line: 1, column: 1 })]);
  const limits = resolveLimits(options.limits);
  const problems: Problem[] = [];
  const finish = (r: Result<ProgressTable>): Result<ProgressTable> =>
    options.file === undefined ? r : r.ok ? ok(r.value, inFile(r.problems ?? [], options.file)) : fail(inFile(r.problems, options.file));
  if (text.length > limits.maxFileBytes) return finish(fail([error('input.too-large', `the file is ${text.length} characters; the limit is ${limits.maxFileBytes}`, { line: 1, column: 1 })]));
  const split = splitFrontmatter(text);
  const from = 'bodyStart' in split ? split.bodyStart : text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const firstLine = countNewlines(text, from) + 1;
  const lines = linesFrom(text, from);
  // The table is the first whose header is the seed's (two of its columns at least): other tables are the file's prose.
  let h = -1;
  let tables = 0;
  for (let i = 0; i + 1 < lines.length; i++) {
    if (!lines[i]!.line.includes('|') || !isAlignmentRow(lines[i + 1]!.line)) continue;
    tables++;
    if (splitRow(lines[i]!.line).filter((c) => PROGRESS_COLUMNS.includes(c.text)).length >= SEED_HEADER_MIN) {
      h = i;
      break;
    }
  }
  if (h === -1) {
    const why = tables === 0 ? 'no Markdown table (a header row and a |---| row) was found' : `none of the ${tables} Markdown table(s) has the progress table's header (task_id, status, …)`;
    return finish(fail([error('table.missing', why, { line: firstLine, column: 1 })]));
  }
  const headerLine = firstLine + h;
  const headerCells = splitRow(lines[h]!.line);
  const columns = headerCells.map((c) => c.text);
  const seen = new Set<string>();
  for (const c of headerCells) {
    if (seen.has(c.text)) problems.push(error('table.duplicate-column', `column "${c.text}" appears twice`, { line: headerLine, column: c.column }));
    seen.add(c.text);
    if (!PROGRESS_COLUMNS.includes(c.text)) problems.push(warning('table.unknown-column', `column "${c.text}" is not a progress.md field`, { line: headerLine, column: c.column }));
  }
  const missing = PROGRESS_COLUMNS.filter((c) => !seen.has(c));
  for (const m of missing) problems.push(error('table.missing-column', `the table has no "${m}" column`, { line: headerLine, column: 1 }));
  const rows: ProgressTableRow[] = [];
  let i = h + 2;
  for (; i < lines.length; i++) {
    const l = lines[i]!;
    if (l.line.trim() === '' || !l.line.includes('|')) break;
    if (rows.length >= limits.maxTableRows) {
      problems.push(error('table.too-many-rows', `the table has more than ${limits.maxTableRows} rows`, { line: firstLine + i, column: 1 }));
      break;
    }
    const line = firstLine + i;
    const cells = splitRow(l.line);
    if (cells.length !== columns.length) problems.push(error('table.cell-count', `the row has ${cells.length} cells; the header has ${columns.length}`, { line, column: 1 }));
    const record: Record<string, string> = {};
    columns.forEach((c, k) => {
      record[c] = cells[k]?.text ?? '';
    });
    rows.push({ line, cells: record, raw: l.raw });
    if (options.validateRows !== false && missing.length === 0) {
      const value: Record<string, string> = {};
      for (const c of PROGRESS_COLUMNS) value[c] = record[c]!;
      for (const p of validate('progress-row', value, options.validateOptions)) {
        const field = p.pointer?.split('/')[1];
        const k = field === undefined ? -1 : columns.indexOf(field);
        problems.push({ ...p, line, column: cells[k]?.column ?? 1 });
      }
    }
  }
  if (hasErrors(problems)) return finish(fail(problems));
  const end = i < lines.length ? lines[i]!.start : text.length;
  const eol = lines[h]!.raw.endsWith('\r\n') ? '\r\n' : '\n';
  return finish(ok({ before: text.slice(0, lines[h]!.start), columns, header: lines[h]!.raw, alignment: lines[h + 1]!.raw, rows, after: text.slice(end), eol }, problems));
}

function sameCells(raw: string, columns: readonly string[], cells: Record<string, string>): boolean {
  const parsed = splitRow(raw.replace(/\r?\n$/, ''));
  if (parsed.length !== columns.length) return false;
  return columns.every((c, k) => parsed[k]!.text === (cells[c] ?? ''));
}

/** Writes a table back: unchanged rows keep their bytes, so an unmodified parse gives the original text. */
export function serializeProgressTable(table: ProgressTable): string {
  const out: string[] = [table.before];
  const headerCells = splitRow(table.header.replace(/\r?\n$/, '')).map((c) => c.text);
  const headerSame = headerCells.length === table.columns.length && headerCells.every((c, k) => c === table.columns[k]);
  let prev = headerSame ? table.header : renderRow(table.columns) + table.eol;
  out.push(prev);
  prev = headerSame ? table.alignment : renderRow(table.columns.map(() => '---')).replace(/\\\|/g, '|') + table.eol;
  out.push(prev);
  for (const row of table.rows) {
    if (!prev.endsWith('\n')) out.push(table.eol);
    prev = row.raw !== undefined && headerSame && sameCells(row.raw, table.columns, row.cells) ? row.raw : renderRow(table.columns.map((c) => row.cells[c] ?? '')) + table.eol;
    out.push(prev);
  }
  if (table.after.length > 0 && !prev.endsWith('\n')) out.push(table.eol);
  out.push(table.after);
  return out.join('');
}
