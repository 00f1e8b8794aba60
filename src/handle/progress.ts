import { PROGRESS_COLUMN, type ProgressTable, parseProgressTable } from '../formats/progress/parse.js';
import { fileNameOf, progress } from '../formats/index.js';
import { type Result, error, fail, ok } from '../kernel/problems/index.js';
import { PROGRESS_STATUSES } from '../schema/typebox/memory-bank.js';
import type { ProgressRow } from '../schema/memory-bank.js';
import { checkWrite } from '../services/ledger/index.js';
import { renderCell } from '../syntax/markdown-table.js';
import { type MemoryContext, readText, shown } from './context.js';
import { type ChangedFile, checkedWrite } from './write.js';

/** A `progress.md` status: `PENDING`, `IN_PROGRESS`, `REVIEW`, `DONE` or `BLOCKED`. */
export type ProgressStatus = ProgressRow['status'];

/** The status to give one row of the progress table, and the agent setting it. */
export interface ProgressInput {
  /** The row's `task_id`. */
  id: string;
  status: ProgressStatus;
  /** The agent writing: the writer policy must allow it `progress.md`, and a move to `DONE` needs one of the file's approvers. */
  as?: string;
}

/** What {@link setProgress} did: the file written (none when the row already had the status), and the row as it is now. */
export interface WrittenProgress {
  changed: ChangedFile[];
  path: string;
  /** The row's 1-based line in the file. */
  line: number;
  /** The row's cells, keyed by column. */
  row: Record<string, string>;
}

const { status: STATUS, updatedAt: UPDATED_AT, taskId: TASK_ID } = PROGRESS_COLUMN;

const isSpace = (c: number) => c === 32 || c === 9 || c === 13;

/**
 * The spans of a table row's cells, padding included, between its pipes: the cells `splitRow` reads, with the
 * same rules (outer pipes optional, `\|` is a literal pipe).
 */
function cellSpans(line: string): { start: number; end: number }[] {
  let end = line.length;
  while (end > 0 && isSpace(line.charCodeAt(end - 1))) end--;
  let start = 0;
  while (start < end && isSpace(line.charCodeAt(start))) start++;
  const pipe = (i: number) => line.charCodeAt(i) === 124 && !(i > 0 && line.charCodeAt(i - 1) === 92);
  if (line.charCodeAt(start) === 124) start++;
  if (end > start && pipe(end - 1)) end--;
  const spans: { start: number; end: number }[] = [];
  let cellStart = start;
  for (let i = start; i <= end; i++) {
    if (i === end || pipe(i)) {
      spans.push({ start: cellStart, end: i });
      cellStart = i + 1;
    }
  }
  return spans;
}

/**
 * `raw` (one row, its line ending kept) with the cells at the given column indexes replaced, every other byte of
 * the row kept: each cell keeps its leading and trailing padding, except that a cell as wide as `widths` gives its
 * column (an aligned table: the header's cell widths) keeps that width where the new text fits.
 */
export function replaceCells(raw: string, edits: ReadonlyMap<number, string>, widths: readonly number[] = []): string {
  const eol = /\r?\n$/.exec(raw)?.[0] ?? '';
  const line = raw.slice(0, raw.length - eol.length);
  const spans = cellSpans(line);
  let out = '';
  let at = 0;
  spans.forEach((span, k) => {
    const value = edits.get(k);
    if (value === undefined) return;
    const cell = line.slice(span.start, span.end);
    const lead = cell.length - cell.trimStart().length;
    const trail = cell.trimStart().length - cell.trim().length;
    const text = renderCell(value);
    const pad = cell.length === widths[k] ? Math.max(Math.min(trail, 1), cell.length - lead - text.length) : trail;
    out += line.slice(at, span.start) + cell.slice(0, lead) + text + ' '.repeat(pad);
    at = span.end;
  });
  return out + line.slice(at) + eol;
}

/** The offset in the file of row `k` of `table`: its rows follow the header and alignment rows, one after the other. */
function rowOffset(table: ProgressTable, k: number): number {
  let at = table.before.length + table.header.length + table.alignment.length;
  for (let i = 0; i < k; i++) at += table.rows[i]!.raw?.length ?? 0;
  return at;
}

/**
 * `progress`: sets the status of the row `id` (its `task_id`) of the progress table at `path`, and its
 * `updated_at` to now; every other byte of the file is kept. The writer policy applies to `as`; every row of
 * the table is a milestone (each carries `milestone_severity`), so a move to `DONE` needs `as` to be one of the
 * file's approvers (`milestone_done_approvers`). Checked as `memkit check` would check the file, then written
 * atomically under the file's lock, or refused with nothing written.
 */
export async function setProgress(ctx: MemoryContext, path: string, input: ProgressInput): Promise<Result<WrittenProgress>> {
  if (typeof input.id !== 'string' || input.id === '') return fail([error('memory.invalid-request', 'name the row by its task_id', { pointer: '/id' })]);
  if (!(PROGRESS_STATUSES as readonly unknown[]).includes(input.status))
    return fail([error('memory.invalid-request', `the status must be one of ${PROGRESS_STATUSES.join(', ')}, not ${shown(input.status)}`, { pointer: '/status' })]);
  const policy = input.as === undefined ? await ctx.writerPolicy() : await ctx.permit(input.as, path, 'edit');
  if (!policy.ok) return policy;
  const lock = `${path}.lock`;
  return ctx.exclusive(lock, async () => {
    const read = await readText(ctx, path);
    if (!read.ok) return read;
    const base = read.value.bytes;
    const parsed = parseProgressTable(read.value.text, { file: path, validateRows: false });
    if (!parsed.ok) return parsed;
    const table = parsed.value;
    const at = table.rows.flatMap((r, k) => (r.cells[TASK_ID] === input.id ? [k] : []));
    if (at.length === 0) return fail([error('memory.not-found', `the progress table has no row with task_id ${shown(input.id)}`, { file: path, pointer: '/id' })]);
    if (at.length > 1) {
      const lines = at.map((k) => table.rows[k]!.line).join(', ');
      return fail([error('memory.invalid-request', `task_id ${shown(input.id)} names ${at.length} rows (lines ${lines}); give each row its own task_id`, { file: path, pointer: '/id' })]);
    }
    const k = at[0]!;
    const row = table.rows[k]!;
    const line = row.line ?? 1;
    if (row.cells[STATUS] === input.status) return ok({ changed: [], path, line, row: { ...row.cells } });
    if (input.status === 'DONE') {
      const approvers = policy.value[fileNameOf(progress)]?.approvers ?? [];
      if (input.as === undefined)
        return fail([error('ledger.writer-denied', `moving a milestone to DONE needs one of its approvers (${approvers.join(', ') || 'none'}) as the writer`, { file: path, line, pointer: '/as' })]);
      const denied = checkWrite(policy.value, input.as, path, 'approve').filter((p) => p.severity === 'error');
      if (denied.length > 0) return fail(denied.map((p) => ({ ...p, line, pointer: '/as' })));
    }
    const raw = row.raw ?? '';
    const cells = new Map([
      [table.columns.indexOf(STATUS), input.status as string],
      [table.columns.indexOf(UPDATED_AT), ctx.timestamp()],
    ]);
    const spans = cellSpans(raw.replace(/\r?\n$/, '')).length;
    if ([...cells.keys()].some((c) => c < 0 || c >= spans))
      return fail([error('memory.invalid-request', `the row has ${spans} cells and the header ${table.columns.length}; fix the row first`, { file: path, line })]);
    // An aligned table (the row's cells as wide as the header's) stays aligned.
    const widthsOf = (line: string) => cellSpans(line.replace(/\r?\n$/, '')).map((c) => c.end - c.start);
    const header = widthsOf(table.header);
    const aligned = JSON.stringify(widthsOf(raw)) === JSON.stringify(header);
    const edited = replaceCells(raw, cells, aligned ? header : []);
    const offset = rowOffset(table, k);
    const after = read.value.text.slice(0, offset) + edited + read.value.text.slice(offset + raw.length);
    const written = await checkedWrite(ctx, [path.slice(0, path.lastIndexOf('/') + 1)], [{ path, bytes: ctx.encode(after), base }], { held: [lock] });
    if (!written.ok) return written;
    const now = parseProgressTable(after, { validateRows: false });
    const cellsNow = now.ok ? (now.value.rows[k]?.cells ?? {}) : {};
    return ok({ changed: written.value, path, line, row: { ...cellsNow } }, written.problems);
  });
}
